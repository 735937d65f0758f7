/** The app's only access to localStorage; the keys are those of docs/spec.md section 3. */

export const SESSION_KEYS = [
  'accessToken',
  'refreshToken',
  'userEmail',
  'loginTime',
  'selectedTenantUuid',
] as const;

export type SessionKey = (typeof SESSION_KEYS)[number];

/**
 * 'operatorSession': while a super admin views the app as someone else (docs/contract.md section 4, Operators), their
 * own session keys, set aside as one JSON value (lib/session/operator-session.ts) until they stop.
 */
type StorageKey = SessionKey | PreferenceKey | 'operatorSession' | 'sidebarCollapsed';

/** The signed-in account's language and theme (lib/preferences.ts; public/theme.js reads 'theme' before first paint). */
const PREFERENCE_KEYS = ['locale', 'theme'] as const;
type PreferenceKey = (typeof PREFERENCE_KEYS)[number];

export const storage = {
  get: (key: StorageKey): string | null => localStorage.getItem(key),
  set: (key: StorageKey, value: string): void => localStorage.setItem(key, value),
  remove: (key: StorageKey): void => localStorage.removeItem(key),
  /**
   * Logout forgets the session and the selected tenant (docs/spec.md section 4), and any operator session set aside
   * behind it, and the account's language and theme: nothing signed in stays in the browser. The sidebar preference
   * stays.
   */
  clearSession: (): void => {
    [...SESSION_KEYS, ...PREFERENCE_KEYS].forEach((key) => localStorage.removeItem(key));
    localStorage.removeItem('operatorSession');
  },
};
