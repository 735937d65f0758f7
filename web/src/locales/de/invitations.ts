import type { Translation } from '@/lib/i18n/catalogue';
import type en from '@/locales/en/invitations';

export default {
  table: {
    label: 'Offene Einladungen',
    email: 'E-Mail',
    role: 'Rolle',
    expires: 'Läuft ab',
    actions: 'Aktionen',
    empty: 'Keine offenen Einladungen.',
    fetchFailed: 'Einladungen konnten nicht geladen werden',
    resendFailed: 'Einladung konnte nicht erneut gesendet werden',
    revokeFailed: 'Einladung konnte nicht widerrufen werden',
    resent: 'Einladung erneut an {email} gesendet',
    revoked: 'Einladung für {email} widerrufen',
    invitedBy: 'Eingeladen von {email}',
    invitedByDeleted: 'Eingeladen von einem gelöschten Konto',
    expired: 'Abgelaufen',
    expiresIn: 'Läuft {relative} ab',
    expiresOn: 'Läuft am {date} ab',
    resend: 'Erneut senden',
    resending: 'Wird gesendet…',
    resendLabel: 'Einladung erneut an {email} senden',
    resendingLabel: 'Einladung wird erneut an {email} gesendet',
    revoke: 'Widerrufen',
    revoking: 'Wird widerrufen…',
    revokeLabel: 'Einladung für {email} widerrufen',
    revokingLabel: 'Einladung für {email} wird widerrufen',
    confirmTitle: 'Einladung widerrufen',
    confirmText: 'Die Einladung für {email} widerrufen? Der gesendete Link funktioniert dann nicht mehr.',
  },
  acceptance: {
    welcome: 'Willkommen bei {team}!',
    joined: 'Sie sind {team} als {email} beigetreten.',
    noPassword:
      'Ihr Konto hat noch kein Passwort. Legen Sie eines fest, um sich beim nächsten Mal mit Ihrer E-Mail anzumelden, oder tun Sie es später auf Ihrer Kontoseite.',
    passwordSet: 'Ihr Passwort ist festgelegt.',
    dashboard: 'Zum Dashboard',
    errorTitle: 'Fehler bei der Einladung',
    errorText:
      'Beim Verarbeiten Ihrer Einladung ist ein Fehler aufgetreten. Der Link ist möglicherweise abgelaufen oder ungültig.',
    failed: 'Einladung konnte nicht angenommen werden',
    login: 'Zum Anmelden',
    processingTitle: 'Einladung wird verarbeitet',
    accepting: 'Ihre Einladung wird angenommen…',
  },
  password: {
    failed: 'Passwort konnte nicht festgelegt werden',
    saving: 'Wird gespeichert…',
    submit: 'Passwort festlegen',
  },
} satisfies Translation<typeof en>;
