import type { Translation } from '@/lib/i18n/catalogue';
import type en from '@/locales/en/security';

export default {
  page: {
    title: 'Sicherheit',
    managersOnly: 'Nur Admins und der Inhaber können verwalten, wie sich Mitglieder beim Team anmelden.',
  },
  domains: {
    title: 'Domains',
    description:
      'Weisen Sie nach, dass Ihr Unternehmen eine Domain besitzt, damit Single Sign-on und Ihr Verzeichnis Adressen darauf vertrauen können. Erfordert den Business-Tarif.',
    list: 'Domains',
    empty: 'Noch keine Domains',
    emptyHint:
      'Fügen Sie die Domain der E-Mail-Adressen Ihres Unternehmens hinzu und veröffentlichen Sie dann den angezeigten DNS-Eintrag.',
    fetchFailed: 'Die Domains konnten nicht geladen werden',
    removeFailed: 'Die Domain konnte nicht entfernt werden',
    confirmTitle: 'Diese Domain entfernen?',
    confirmText:
      '{domain} gehört dann nicht mehr zum Team: Single Sign-on vertraut ihren Adressen nicht mehr, und ein anderes Team kann sie bestätigen.',
    confirm: 'Domain entfernen',
  },
  domain: {
    verified: 'Bestätigt',
    unverified: 'Nicht bestätigt',
    verify: 'Bestätigen',
    verifying: 'Wird geprüft…',
    verifyLabel: '{domain} bestätigen',
    verifyFailed: 'Die Domain konnte nicht bestätigt werden',
    remove: 'Entfernen',
    removeLabel: '{domain} entfernen',
    publish:
      'Veröffentlichen Sie diesen DNS-Eintrag bei Ihrem DNS-Anbieter und klicken Sie dann auf „Bestätigen“. Es kann einige Minuten dauern, bis er sichtbar ist.',
    recordName: 'Name',
    recordType: 'Typ',
    recordValue: 'Wert',
  },
  addDomain: {
    title: 'Domain hinzufügen',
    label: 'Domain',
    submit: 'Domain hinzufügen',
    adding: 'Wird hinzugefügt…',
    failed: 'Die Domain konnte nicht hinzugefügt werden',
  },
} satisfies Translation<typeof en>;
