import type { Translation } from '@/lib/i18n/catalogue';
import type en from '@/locales/en/items';

export default {
  page: {
    title: 'Einträge',
    heading: 'Alle Einträge',
    text: 'Alles, woran Ihr Team arbeitet, das Neueste zuerst.',
  },
  table: {
    name: 'Name',
    description: 'Beschreibung',
    actions: 'Aktionen',
    noDescription: 'Keine Beschreibung',
    edit: 'Bearbeiten',
    editItem: '{name} bearbeiten',
    delete: 'Löschen',
    deleteItem: '{name} löschen',
    empty: 'Keine Einträge gefunden.',
    emptyHint: 'Hier erscheinen die Einträge, die Ihr Team anlegt.',
    fetchFailed: 'Einträge konnten nicht geladen werden',
    deleteFailed: 'Eintrag konnte nicht gelöscht werden',
    confirmTitle: 'Eintrag löschen',
    confirmText: '„{name}“ löschen? Das lässt sich nicht rückgängig machen.',
  },
  form: {
    createTitle: 'Eintrag anlegen',
    editTitle: 'Eintrag bearbeiten',
    createText: 'Fügen Sie einen Eintrag hinzu, den jedes Mitglied des Teams sieht.',
    editText: 'Ändern Sie den Namen oder die Beschreibung dieses Eintrags.',
    name: 'Name',
    description: 'Beschreibung',
    cancel: 'Abbrechen',
    saving: 'Wird gespeichert…',
    save: 'Änderungen speichern',
    create: 'Anlegen',
    createFailed: 'Eintrag konnte nicht angelegt werden',
    updateFailed: 'Eintrag konnte nicht geändert werden',
  },
} satisfies Translation<typeof en>;
