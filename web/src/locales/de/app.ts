import type { Translation } from '@/lib/i18n/catalogue';
import type en from '@/locales/en/app';

export default {
  page: {
    openNavigation: 'Navigation öffnen',
    expandSidebar: 'Seitenleiste ausklappen',
    collapseSidebar: 'Seitenleiste einklappen',
    downloadCodebase: 'Codebasis herunterladen',
    docs: 'Dokumentation',
    feedback: 'Feedback',
    feedbackShortcut: 'Feedback (F)',
  },
  shell: {
    sidebar: 'Seitenleiste',
    navigation: 'Navigation',
    navigationText: 'Teams, Seiten und Ihr Konto',
    loadTenantsFailed: 'Teams konnten nicht geladen werden',
    tryAgain: 'Erneut versuchen',
    unknownError: 'Unbekannter Fehler',
  },
  sidebar: {
    main: 'Hauptnavigation',
    home: 'Startseite',
    items: 'Einträge',
    team: 'Team',
    subscription: 'Abonnement',
    upgradePlan: 'Tarif upgraden',
  },
  userMenu: {
    freePlan: 'Kostenloser Tarif',
    account: 'Konto',
    admin: 'Admin',
    logout: 'Abmelden',
  },
  tenant: {
    noneSelected: 'Kein Team ausgewählt',
  },
  dashboard: {
    welcome: 'Willkommen bei {team}, {name}!',
    welcomeBack: 'Willkommen zurück, {name}!',
    gettingStarted: 'Erste Schritte',
    accountCreated: 'Ihr Konto wurde am {date} erstellt.',
    loadingTenant: 'Team-Informationen werden geladen…',
    access: 'Zugriff auf {team} als {role}.',
    accountSession: 'Konto & Sitzung',
    quickActions: 'Schnellzugriff',
    members: 'Mitglieder',
    account: 'Konto',
    subscription: 'Abonnement',
    email: 'E-Mail',
    loginTime: 'Anmeldezeit',
    sessionDuration: 'Sitzungsdauer',
    unknown: 'Unbekannt',
    lessThanMinute: 'Weniger als eine Minute',
    minutes: '{minutes} Min.',
    hoursMinutes: '{hours} Std. {minutes} Min.',
  },
} satisfies Translation<typeof en>;
