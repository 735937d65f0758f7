// The passkeys card of Settings. (The sign-in page's passkey button speaks from auth.ts, which that page loads.)
export default {
  card: {
    title: 'Passkeys',
    description:
      'Sign in with your fingerprint, face or screen lock instead of your password. A passkey stays on your device and works only on this site.',
    added: 'Added the passkey “{name}”.',
    removed: 'Removed the passkey “{name}”.',
    addFailed: 'Failed to add the passkey',
    removeFailed: 'Failed to remove the passkey',
    dismissed: 'The passkey prompt was closed before it finished.',
    alreadyRegistered: 'This device already holds a passkey for your account.',
    loadFailed: 'Failed to load your passkeys',
    empty: 'No passkeys yet',
    listLabel: 'Passkeys',
    lastUsed: 'Added {added} · Last used {used}',
    neverUsed: 'Added {added} · Never used',
    removeLabel: 'Remove passkey {name}',
    remove: 'Remove',
    verifyFirst: 'Verify your email to add a passkey.',
    waiting: 'Waiting for your passkey…',
    add: 'Add a passkey',
    unsupported:
      'This browser cannot create passkeys. Open this page in a browser that supports them to add one.',
    confirmTitle: 'Remove this passkey?',
    confirmText: '“{name}” will no longer sign you in. You can add it again later.',
    confirmLabel: 'Remove passkey',
  },
};
