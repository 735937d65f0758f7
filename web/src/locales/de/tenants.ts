import type { Translation } from '@/lib/i18n/catalogue';
import type en from '@/locales/en/tenants';

export default {
  roles: {
    owner: 'Inhaber',
    admin: 'Admin',
    member: 'Mitglied',
  },
  page: {
    title: 'Team-Einstellungen',
    details: 'Team-Details',
    detailsText: 'Der Name und die Beschreibung, die jedes Mitglied sieht.',
    activity: 'Aktivität',
    developers: 'Entwickler',
    security: 'Sicherheit',
    members: 'Mitglieder',
    membersText: 'Alle, die Zugriff auf dieses Team haben.',
    pending: 'Offene Einladungen',
    pendingText:
      'Per E-Mail eingeladen und noch nicht beigetreten. Jeder Link gilt 7 Tage; erneutes Senden verschickt einen neuen.',
  },
  switcher: {
    loading: 'Wird geladen…',
    none: 'Keine Teams verfügbar',
    current: 'Aktuelles Team: ',
    teams: 'Teams',
    create: 'Neues Team anlegen',
  },
  info: {
    title: 'Team-Informationen',
    loading: 'Team-Informationen werden geladen…',
    none: 'Kein Team ausgewählt',
    yourRole: 'Ihre Rolle',
    id: 'Team-ID',
    permissions: 'Berechtigungen',
    permission: {
      fullAccess: 'Voller Verwaltungszugriff',
      manageUsers: 'Benutzer und Berechtigungen verwalten',
      deleteTenant: 'Das Team löschen',
      manageProjects: 'Projekte und Einstellungen verwalten',
      invite: 'Teammitglieder einladen',
      contribute: 'Projekte ansehen und daran mitarbeiten',
    },
  },
  fields: {
    name: 'Teamname',
  },
  settings: {
    failed: 'Team-Einstellungen konnten nicht geändert werden',
    saved: 'Team-Einstellungen erfolgreich geändert',
    description: 'Beschreibung',
    unsaved: 'Ungespeicherte Änderungen',
    saving: 'Wird gespeichert…',
    save: 'Speichern',
    readOnly: 'Nur der Inhaber und Admins können diese Einstellungen ändern.',
  },
  create: {
    welcomeTitle: 'Willkommen bei Tessera!',
    welcomeText:
      'Legen Sie Ihr erstes Team an, um loszulegen. Sie können Ihre Kolleginnen und Kollegen jetzt oder später einladen.',
    title: 'Neues Team anlegen',
    text: 'Teams haben ihre eigenen Einträge, Mitglieder und ihr eigenes Abonnement.',
    failed: 'Team konnte nicht angelegt werden',
    description: 'Beschreibung (optional)',
    logout: 'Abmelden',
    cancel: 'Abbrechen',
    creating: 'Wird angelegt…',
    submit: 'Team anlegen',
  },
  created: {
    title: 'Team angelegt',
    ready: '{name} ist bereit.',
    sent: 'Einladungen gesendet',
    notSent: 'Einladungen nicht gesendet',
    failure: '{email}: {error}',
    continue: 'Weiter',
  },
} satisfies Translation<typeof en>;
