import type { Translation } from '@/lib/i18n/catalogue';
import type en from '@/locales/en/common';

export default {
  list: {
    tryAgain: 'Erneut versuchen',
    loadMore: 'Mehr laden',
    loading: 'Wird geladen…',
  },
  planLimit: {
    upgrade: 'Tarif wechseln',
  },
  spinner: {
    loading: 'Wird geladen',
  },
  dialog: {
    close: 'Schließen',
    closeNavigation: 'Navigation schließen',
    cancel: 'Abbrechen',
  },
  query: {
    tryAgain: 'Erneut versuchen',
  },
  routeError: {
    title: 'Etwas ist schiefgelaufen',
    text: 'Diese Seite konnte nicht angezeigt werden.',
    reload: 'Seite neu laden',
  },
  copy: {
    copy: 'Kopieren<sr>: {name}</sr>',
    copied: 'Kopiert<sr>: {name}</sr>',
    done: '{name} in die Zwischenablage kopiert',
    failed: '{name} konnte nicht kopiert werden: Markieren und kopieren Sie den Text von Hand.',
  },
  signInAgain: {
    button: 'Erneut anmelden',
  },
  newPassword: {
    password: 'Passwort',
    confirm: 'Passwort bestätigen',
  },
  secondFactor: {
    label: 'Authentifizierungscode',
    hint: 'Ein Code aus Ihrer Authenticator-App oder ein Wiederherstellungscode.',
  },
  roles: {
    owner: 'Inhaber',
    admin: 'Administrator',
    member: 'Mitglied',
  },
} satisfies Translation<typeof en>;
