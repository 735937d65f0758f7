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
  sso: {
    title: 'Single Sign-on',
    description:
      'Mitglieder melden sich über den Identitätsanbieter Ihres Unternehmens an (OpenID Connect: Okta, Entra ID, Google Workspace und andere). Adressen auf Ihren bestätigten Domains melden sich darüber an. Erfordert den Business-Tarif.',
    formTitle: 'Single-Sign-on-Anbieter',
    fetchFailed: 'Single Sign-on konnte nicht geladen werden',
    status: 'Status',
    enabled: 'Aktiv',
    waitingForDomain: 'Wartet auf eine bestätigte Domain',
    enableHint:
      'Bestätigen Sie oben eine Domain: Personen mit Adressen darauf melden sich dann über diesen Anbieter an.',
    issuer: 'Issuer-URL',
    issuerHint:
      'Genau so, wie sich Ihr Anbieter nennt, etwa https://ihre-firma.okta.com. Mandantenübergreifende Issuer (Entra IDs /common) werden abgelehnt.',
    clientId: 'Client-ID',
    clientSecret: 'Client-Secret',
    redirectUri: 'Weiterleitungs-URI',
    save: 'Anbieter speichern',
    saving: 'Anbieter wird geprüft…',
    saveFailed: 'Single Sign-on konnte nicht gespeichert werden',
    cancel: 'Abbrechen',
    change: 'Ändern',
    remove: 'Entfernen',
    removeFailed: 'Single Sign-on konnte nicht entfernt werden',
    test: 'Anmeldung testen',
    testing: 'Ihr Anbieter wird geöffnet…',
    testFailed: 'Die Testanmeldung konnte nicht gestartet werden',
    testHint:
      'Die Testanmeldung meldet Sie erneut über den Anbieter an, wenn Ihre eigene Adresse auf einer bestätigten Domain liegt.',
    confirmTitle: 'Single Sign-on entfernen?',
    confirmText:
      'Mitglieder können sich nicht mehr über Ihren Anbieter anmelden. Wer kein Passwort hat, legt eines über „Passwort vergessen“ fest.',
    confirm: 'Single Sign-on entfernen',
  },
  scim: {
    title: 'SCIM-Provisionierung',
    description:
      'Ihr Identitätsanbieter gleicht die Mitglieder des Teams mit Ihrem Unternehmensverzeichnis ab (SCIM 2.0), für Adressen auf Ihren bestätigten Domains. Erfordert den Business-Tarif.',
    intro:
      'Lassen Sie Ihren Identitätsanbieter (Okta, Entra ID, …) Mitglieder hinzufügen, deaktivieren und entfernen.',
    fetchFailed: 'SCIM-Token konnte nicht geladen werden',
    create: 'SCIM-Token erstellen',
    creating: 'Wird erstellt…',
    createFailed: 'SCIM-Token konnte nicht erstellt werden',
    created: 'Erstellt am {date} von {email}',
    createdByDeletedAccount: 'Erstellt am {date} von einem gelöschten Konto',
    lastUsed: 'Zuletzt verwendet am {date}',
    neverUsed: 'Noch nie verwendet',
    baseUrl: 'Basis-URL',
    replace: 'Token ersetzen',
    replacing: 'Wird ersetzt…',
    replaceTitle: 'SCIM-Token ersetzen?',
    replaceText:
      'Das aktuelle Token funktioniert ab sofort nicht mehr. Hinterlegen Sie das neue in Ihrem Verzeichnis, sonst gleicht es keine Mitglieder mehr ab.',
    revoke: 'Token widerrufen',
    revoking: 'Wird widerrufen…',
    revokeFailed: 'SCIM-Token konnte nicht widerrufen werden',
    revokeTitle: 'SCIM-Token widerrufen?',
    revokeText:
      'Das aktuelle Token funktioniert ab sofort nicht mehr, und Ihr Verzeichnis gleicht nichts mehr ab: Es kann keine Mitglieder mehr hinzufügen, deaktivieren oder entfernen. Wer schon im Team ist, bleibt.',
    revoked: 'SCIM-Token widerrufen: Ihr Verzeichnis erreicht das Team nicht mehr.',
    secretTitle: 'Kopieren Sie Ihr SCIM-Token',
    secretWarning: 'Kopieren Sie es jetzt: Es wird nicht noch einmal angezeigt.',
    secretHint:
      'Tragen Sie die Basis-URL und das Token in den SCIM-Einstellungen Ihres Identitätsanbieters ein.',
    token: 'Token',
    tokenName: 'SCIM-Token',
    baseUrlName: 'SCIM-Basis-URL',
    done: 'Fertig',
  },
  rules: {
    title: 'Sicherheitsregeln',
    description:
      'Was das Team von den Sitzungen seiner Mitglieder verlangt. API-Schlüssel sind nicht betroffen, und Single Sign-on gilt nie für den Inhaber des Teams.',
    fetchFailed: 'Die Sicherheitsregeln konnten nicht geladen werden',
    failed: 'Die Regel konnte nicht geändert werden',
    twoFactorOn: 'Die Zwei-Faktor-Authentifizierung ist jetzt erforderlich.',
    twoFactorOff: 'Die Zwei-Faktor-Authentifizierung ist nicht mehr erforderlich.',
    ssoOn: 'Single Sign-on ist jetzt erforderlich.',
    ssoOff: 'Single Sign-on ist nicht mehr erforderlich.',
    twoFactor: 'Zwei-Faktor-Authentifizierung verlangen',
    twoFactorText:
      'Mitglieder erreichen das Team nur aus einer Sitzung, die einen zweiten Faktor bestanden hat (Authenticator-App oder Passkey). Wer keinen hat, wird zur Einrichtung geführt.',
    withoutSecondFactor:
      '{count, plural, =0 {Alle Mitglieder haben einen zweiten Faktor.} one {# Mitglied hat noch keinen zweiten Faktor.} other {# Mitglieder haben noch keinen zweiten Faktor.}}',
    sso: 'Single Sign-on verlangen',
    ssoText:
      'Mitglieder auf Ihren bestätigten Domains und alle, die über Single Sign-on beigetreten sind, erreichen das Team nur über Ihren Anbieter. Der Inhaber kann sich immer wie gewohnt anmelden.',
    heldBySso:
      '{count, plural, =0 {Noch ist kein Mitglied auf Ihren bestätigten Domains.} one {# Mitglied meldet sich dann über Single Sign-on an.} other {# Mitglieder melden sich dann über Single Sign-on an.}}',
    ssoNotReady: 'Richten Sie Single Sign-on ein und bestätigen Sie eine Domain, um dies zu aktivieren.',
  },
  changes: {
    title: 'Letzte Änderungen',
    description:
      'Wer die Domains, das Single Sign-on, die Regeln und das SCIM-Token des Teams wann geändert hat. Der Inhaber erhält zu jeder Änderung eine E-Mail.',
    empty: 'Noch keine Änderungen',
    emptyHint:
      'Eine hinzugefügte Domain, ein eingerichtetes Single Sign-on oder eine aktivierte Regel erscheint hier.',
    fetchFailed: 'Die letzten Änderungen konnten nicht geladen werden',
    byTessera: 'Tessera',
    all: 'Das ganze Aktivitätsprotokoll ansehen',
  },
  addDomain: {
    title: 'Domain hinzufügen',
    label: 'Domain',
    submit: 'Domain hinzufügen',
    adding: 'Wird hinzugefügt…',
    failed: 'Die Domain konnte nicht hinzugefügt werden',
  },
} satisfies Translation<typeof en>;
