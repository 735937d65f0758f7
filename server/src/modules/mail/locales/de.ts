// The mails in German: the same keys as locales/en.ts, which the type holds it to.
import type { MailCatalogue } from './en.ts';

export default {
  signOff: 'Tessera',
  linkFallback: 'Falls sich der Link nicht öffnet, kopieren Sie diese Adresse in Ihren Browser:',
  verification: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse für Tessera',
    lead: 'Willkommen bei Tessera! Bestätigen Sie Ihre E-Mail-Adresse, indem Sie diesen Link öffnen:',
    action: 'E-Mail-Adresse bestätigen',
    note: 'Der Link ist 24 Stunden gültig und funktioniert einmal. Wenn Sie kein Tessera-Konto angelegt haben, können Sie diese E-Mail ignorieren.',
  },
  passwordReset: {
    subject: 'Setzen Sie Ihr Tessera-Passwort zurück',
    lead: 'Jemand möchte das Passwort Ihres Tessera-Kontos zurücksetzen. Wählen Sie ein neues Passwort, indem Sie diesen Link öffnen:',
    action: 'Neues Passwort wählen',
    note: 'Der Link ist 1 Stunde gültig und funktioniert einmal. Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt, wie es ist.',
  },
  invitation: {
    subject: ({ teamName }) => `Sie sind eingeladen, ${teamName} auf Tessera beizutreten`,
    lead: ({ teamName, inviterEmail }) =>
      `${inviterEmail} hat Sie eingeladen, dem Team „${teamName}“ auf Tessera beizutreten. Nehmen Sie die Einladung an, indem Sie diesen Link öffnen:`,
    action: ({ teamName }) => `${teamName} beitreten`,
    note: 'Der Link ist 7 Tage gültig und funktioniert einmal. Wenn Sie dieses Team nicht kennen, können Sie diese E-Mail ignorieren.',
  },
  emailChange: {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse für Tessera',
    lead: 'Jemand möchte diese Adresse für sein Tessera-Konto verwenden. Bestätigen Sie die Änderung, indem Sie diesen Link öffnen:',
    action: 'Neue E-Mail-Adresse bestätigen',
    note: 'Der Link ist 24 Stunden gültig und funktioniert einmal. Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren: Es ändert sich nichts.',
  },
  emailChangeNotice: {
    subject: 'Ihre E-Mail-Adresse bei Tessera wird geändert',
    lead: ({ oldEmail, newEmail }) =>
      `Jemand möchte die E-Mail-Adresse Ihres Tessera-Kontos von ${oldEmail} auf ${newEmail} ändern. Die Änderung wird erst wirksam, wenn der an ${newEmail} gesendete Link geöffnet wird. Wenn Sie das nicht waren, kennt jemand Ihr Passwort: Wählen Sie jetzt ein neues, womit auch alle anderen abgemeldet werden:`,
    action: 'Neues Passwort wählen',
    note: 'Wenn Sie diese Änderung selbst angefordert haben, ist hier nichts zu tun.',
  },
  securityNotice: {
    subjects: {
      'passkey added': 'Ihrem Tessera-Konto wurde ein Passkey hinzugefügt',
      'two-factor on': 'Die Zwei-Faktor-Authentifizierung Ihres Tessera-Kontos wurde eingeschaltet',
      'two-factor off': 'Die Zwei-Faktor-Authentifizierung Ihres Tessera-Kontos wurde ausgeschaltet',
      'password changed': 'Das Passwort Ihres Tessera-Kontos wurde geändert',
      'single sign-on linked': 'Das Single Sign-on Ihres Teams wurde mit Ihrem Tessera-Konto verknüpft',
    },
    lead: ({ notice }) =>
      `${notice}. Wenn Sie das nicht waren, hat jemand Zugriff auf Ihr Konto: Wählen Sie jetzt ein neues Passwort, womit auch alle anderen abgemeldet werden:`,
    action: 'Neues Passwort wählen',
    note: 'Wenn Sie das waren, ist hier nichts zu tun.',
  },
  keysRevoked: {
    subject: 'Von Ihnen erstellte API-Schlüssel bei Tessera wurden widerrufen',
    causes: {
      'password reset': 'das Passwort Ihres Kontos zurückgesetzt wurde',
      'password changed': 'das Passwort Ihres Kontos geändert wurde',
      'other sessions ended': 'Ihre anderen Sitzungen abgemeldet wurden',
      'email changed': 'die E-Mail-Adresse Ihres Kontos geändert wurde',
      'email changed to a listed address': 'die E-Mail-Adresse Ihres Kontos geändert wurde',
      suspended: 'Ihr Konto gesperrt wurde',
    },
    lead: ({ cause, keys }) =>
      `Weil ${cause}, funktionieren die von Ihnen erstellten API-Schlüssel nicht mehr: ${keys}. Wer sie besaß, kann sie nicht mehr verwenden. Wenn Sie noch einen Schlüssel brauchen, erstellen Sie auf der Entwicklerseite einen neuen:`,
    key: ({ name, team }) => `„${name}“ (${team})`,
    action: 'Entwicklerseite öffnen',
    note: 'Wenn Sie das nicht selbst getan haben, wählen Sie jetzt ein neues Passwort.',
  },
  teamSignInNotice: {
    subject: ({ team }) => `Die Anmeldung bei ${team} auf Tessera wurde geändert`,
    changes: {
      'domain.added': 'Eine Domain wurde hinzugefügt',
      'domain.verified': 'Eine Domain wurde bestätigt',
      'domain.removed': 'Eine Domain wurde entfernt',
      'sso.updated': 'Single Sign-on wurde eingerichtet',
      'sso.removed': 'Single Sign-on wurde entfernt',
      'security.updated': 'Die Sicherheitsregeln wurden geändert',
      'scim.token_created': 'Ein SCIM-Token wurde erstellt',
      'scim.token_revoked': 'Das SCIM-Token wurde widerrufen',
    },
    lead: ({ change, target, team, actor }) =>
      `${change} (${target}) in Ihrem Team „${team}“, von ${actor}. Die Domains, das Single Sign-on und die Sicherheitsregeln eines Teams bestimmen, wie sich seine Mitglieder anmelden. Wenn Sie diese Änderung nicht erwartet haben, prüfen Sie die Sicherheitsseite des Teams:`,
    action: 'Sicherheitsseite öffnen',
    note: 'Sie erhalten diese E-Mail, weil Ihnen das Team gehört.',
  },
} satisfies MailCatalogue;
