/**
 * The web app's catalogues, one per feature plus `common` (shared components) and `app` (the shell and the pages),
 * each in web/src/locales/{en,de}/<namespace>.ts. The English `common` and `auth` come with the first script, so the
 * sign-in page needs nothing more; every other catalogue, and every German one, is fetched when a page needs it.
 */
export const NAMESPACES = [
  'common',
  'auth',
  'app',
  'account',
  'passkeys',
  'tenants',
  'members',
  'invitations',
  'items',
  'activity',
  'feedback',
  'billing',
  'admin',
  'developers',
  'security',
  // The server's and the contract's texts, by error code and message key (lib/i18n/messages.ts).
  'messages',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * What the sign-in pages need; the English `common` and `auth` come with the first script, and English needs no
 * `messages` (lib/i18n/i18n.ts).
 */
export const SIGNED_OUT_NAMESPACES = ['common', 'auth', 'messages'] as const satisfies readonly Namespace[];
