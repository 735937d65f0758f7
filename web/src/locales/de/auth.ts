import type { Translation } from '@/lib/i18n/catalogue';
import type en from '@/locales/en/auth';

export default {
  emailField: {
    label: 'E-Mail',
  },
  login: {
    title: 'Willkommen zurück',
    description: 'Melden Sie sich bei Ihrem Konto an',
    noAccount: 'Noch kein Konto? <a>Registrieren</a>',
    failed: 'Anmeldung fehlgeschlagen',
    password: 'Passwort',
    forgotPassword: 'Passwort vergessen?',
    signingIn: 'Wird angemeldet…',
    signIn: 'Anmelden',
  },
  register: {
    title: 'Konto erstellen',
    description: 'Registrieren Sie sich, um loszulegen',
    haveAccount: 'Sie haben schon ein Konto? <a>Anmelden</a>',
    failed: 'Registrierung fehlgeschlagen',
    creating: 'Konto wird erstellt…',
    submit: 'Konto erstellen',
  },
  forgotPassword: {
    title: 'Passwort zurücksetzen',
    description:
      'Geben Sie Ihre E-Mail-Adresse ein, und wir senden Ihnen einen Link zum Zurücksetzen Ihres Passworts.',
    remembered: 'Doch wieder eingefallen? <a>Zurück zur Anmeldung</a>',
    failed: 'Die E-Mail zum Zurücksetzen konnte nicht gesendet werden',
    sending: 'Wird gesendet…',
    submit: 'Link zum Zurücksetzen senden',
    sent: 'Falls ein Konto mit dieser E-Mail existiert, wurde ein Link zum Zurücksetzen des Passworts gesendet.',
  },
  resetPassword: {
    title: 'Neues Passwort festlegen',
    description: 'Wählen Sie ein neues Passwort für Ihr Konto.',
    backToSignIn: 'Zurück zur Anmeldung',
    invalidToken: 'Ungültiger oder fehlender Link zum Zurücksetzen',
    requestNew: 'Neuen Link zum Zurücksetzen anfordern',
    goToSignIn: 'Zur Anmeldung',
    done: 'Ihr Passwort wurde zurückgesetzt. Sie können sich jetzt anmelden.',
    failed: 'Das Passwort konnte nicht zurückgesetzt werden',
    newPassword: 'Neues Passwort',
    confirmNewPassword: 'Neues Passwort bestätigen',
    saving: 'Wird gespeichert…',
    submit: 'Neues Passwort festlegen',
  },
  verifyEmail: {
    title: 'E-Mail-Bestätigung',
    invalidLink: 'Ungültiger Bestätigungslink. Bitte prüfen Sie Ihre E-Mails und versuchen Sie es erneut.',
    verified: 'Ihre E-Mail-Adresse ist bestätigt, und Sie sind angemeldet.',
    goToDashboard: 'Zum Dashboard',
    failed: 'Die Bestätigung ist fehlgeschlagen. Der Link ist möglicherweise abgelaufen oder ungültig.',
    failedFallback: 'E-Mail-Bestätigung fehlgeschlagen',
    verifying: 'Ihre E-Mail-Adresse wird bestätigt…',
    goToSignIn: 'Zur Anmeldung',
  },
  google: {
    or: 'oder',
    failed: 'Anmeldung mit Google fehlgeschlagen',
    signingIn: 'Anmeldung mit Google…',
  },
  sso: {
    signIn: 'Mit SSO anmelden',
    title: 'Single Sign-on',
    description:
      'Geben Sie Ihre geschäftliche E-Mail-Adresse ein. Wir leiten Sie zur Anmeldeseite Ihres Unternehmens weiter.',
    continue: 'Weiter',
    redirecting: 'Anmeldeseite Ihres Unternehmens wird geöffnet…',
    failed: 'Single Sign-on konnte nicht gestartet werden',
    error: 'Single Sign-on hat nicht funktioniert. Versuchen Sie es erneut oder melden Sie sich anders an.',
    linkPending:
      'Melden Sie sich wie gewohnt an, um das Single Sign-on Ihres Teams mit diesem Konto zu verknüpfen.',
    completing: 'Ihre Anmeldung wird abgeschlossen…',
    completeTitle: 'Single Sign-on',
    linkTitle: 'Melden Sie sich an, um dieses Konto zu verknüpfen',
    linkText:
      'Zu dieser Adresse gibt es bereits ein Konto. Melden Sie sich wie gewohnt mit Passwort oder Passkey an, um das Single Sign-on Ihres Teams damit zu verknüpfen. Danach meldet Single Sign-on Sie direkt an.',
    goToSignIn: 'Zur Anmeldung',
  },
  passkey: {
    failed: 'Anmeldung mit Passkey fehlgeschlagen',
    dismissed: 'Die Passkey-Abfrage wurde geschlossen, bevor sie abgeschlossen war.',
    waiting: 'Warten auf Ihren Passkey…',
    signIn: 'Mit einem Passkey anmelden',
  },
  twoFactor: {
    title: 'Zwei-Faktor-Authentifizierung',
    expired: 'Ihre Anmeldung ist abgelaufen. Melden Sie sich erneut an.',
    backToSignIn: 'Nicht Sie, oder kommen Sie nicht weiter? <a>Zurück zur Anmeldung</a>',
    recoveryDescription: 'Geben Sie einen Ihrer Wiederherstellungscodes ein. Jeder Code funktioniert einmal.',
    totpDescription: 'Geben Sie den Code aus Ihrer Authenticator-App ein, um die Anmeldung abzuschließen.',
    verify: 'Bestätigen',
    verifying: 'Wird bestätigt…',
    failed: 'Bestätigung fehlgeschlagen',
    useApp: 'Stattdessen die Authenticator-App verwenden',
    useRecovery: 'Stattdessen einen Wiederherstellungscode verwenden',
  },
  codeForm: {
    totp: {
      label: 'Authentifizierungscode',
      hint: 'Der 6-stellige Code, den Ihre Authenticator-App anzeigt.',
    },
    recovery: {
      label: 'Wiederherstellungscode',
      hint: 'Einer der Codes, die Sie beim Einschalten der Zwei-Faktor-Authentifizierung gespeichert haben.',
    },
    either: {
      label: 'Authentifizierungs- oder Wiederherstellungscode',
      hint: 'Ein Code aus Ihrer App oder einer Ihrer Wiederherstellungscodes.',
    },
    missing: 'Geben Sie einen Code ein',
  },
  confirmEmailChange: {
    title: 'E-Mail-Änderung',
    goToSettings: 'Zu den Einstellungen',
    goToSignIn: 'Zur Anmeldung',
    invalidLink: 'Ungültiger Link. Bitte prüfen Sie Ihre E-Mails und versuchen Sie es erneut.',
    changed: 'Ihre E-Mail-Adresse lautet jetzt {email}',
    changedText:
      'Melden Sie sich ab jetzt damit an, mit demselben Passwort. Alle anderen Sitzungen wurden abgemeldet.',
    notChanged: 'Ihre E-Mail-Adresse wurde nicht geändert.',
    failed: 'Die Änderung der E-Mail-Adresse ist fehlgeschlagen',
    changing: 'Ihre E-Mail-Adresse wird geändert…',
  },
} satisfies Translation<typeof en>;
