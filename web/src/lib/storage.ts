/** The app's only access to localStorage; the keys are those of docs/spec.md section 3. */

const SESSION_KEYS = ['accessToken', 'refreshToken', 'userEmail', 'loginTime', 'selectedTenantUuid'] as const;

type StorageKey = (typeof SESSION_KEYS)[number] | 'sidebarCollapsed';

export const storage = {
  get: (key: StorageKey): string | null => localStorage.getItem(key),
  set: (key: StorageKey, value: string): void => localStorage.setItem(key, value),
  remove: (key: StorageKey): void => localStorage.removeItem(key),
  /** Logout forgets the session and the selected tenant (docs/spec.md section 4); the sidebar preference stays. */
  clearSession: (): void => SESSION_KEYS.forEach((key) => localStorage.removeItem(key)),
};
