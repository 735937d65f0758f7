import type { Translation } from '@/lib/i18n/catalogue';
import type en from '@/locales/en/passkeys';

export default {
  card: {
    title: 'Passkeys',
    description:
      'Melden Sie sich mit Fingerabdruck, Gesicht oder Bildschirmsperre statt mit Ihrem Passwort an. Ein Passkey bleibt auf Ihrem Gerät und funktioniert nur auf dieser Website.',
    added: 'Der Passkey „{name}“ wurde hinzugefügt.',
    removed: 'Der Passkey „{name}“ wurde entfernt.',
    addFailed: 'Der Passkey konnte nicht hinzugefügt werden',
    removeFailed: 'Der Passkey konnte nicht entfernt werden',
    dismissed: 'Die Passkey-Abfrage wurde geschlossen, bevor sie abgeschlossen war.',
    alreadyRegistered: 'Dieses Gerät hat bereits einen Passkey für Ihr Konto.',
    loadFailed: 'Ihre Passkeys konnten nicht geladen werden',
    empty: 'Noch keine Passkeys',
    listLabel: 'Passkeys',
    lastUsed: 'Hinzugefügt {added} · Zuletzt verwendet {used}',
    neverUsed: 'Hinzugefügt {added} · Nie verwendet',
    removeLabel: 'Passkey {name} entfernen',
    remove: 'Entfernen',
    verifyFirst: 'Bestätigen Sie Ihre E-Mail-Adresse, um einen Passkey hinzuzufügen.',
    waiting: 'Warten auf Ihren Passkey…',
    add: 'Passkey hinzufügen',
    unsupported:
      'Dieser Browser kann keine Passkeys erstellen. Öffnen Sie diese Seite in einem Browser, der sie unterstützt, um einen hinzuzufügen.',
    confirmTitle: 'Diesen Passkey entfernen?',
    confirmText: '„{name}“ meldet Sie dann nicht mehr an. Sie können ihn später erneut hinzufügen.',
    confirmLabel: 'Passkey entfernen',
  },
} satisfies Translation<typeof en>;
