/**
 * The operator's own session while they view the app as someone else (docs/contract.md section 4, Operators). Starting
 * sets the operator's session keys aside in storage 'operatorSession' (so a reload keeps them) with the account being
 * viewed; stopping, or the viewed session ending on its own, puts them back. Plain storage only: the session store
 * reads this on every page, the sign-in page's too.
 */
import { SESSION_KEYS, storage, type SessionKey } from '@/lib/storage';

/** What is set aside: the operator's session keys, and whose account they went to view. */
type OperatorSession = Record<SessionKey, string | null> & { viewedUserUuid: string };

/** Sets the signed-in operator's session aside before the app signs in as `viewedUserUuid`'s account. */
export function stashOperatorSession(viewedUserUuid: string): void {
  const stash = { viewedUserUuid } as OperatorSession;
  for (const key of SESSION_KEYS) stash[key] = storage.get(key);
  storage.set('operatorSession', JSON.stringify(stash));
}

/** The operator session set aside, if one is (and is readable). */
export function readOperatorSession(): OperatorSession | null {
  const raw = storage.get('operatorSession');
  if (!raw) return null;
  try {
    const stash: unknown = JSON.parse(raw);
    if (!isOperatorSession(stash)) return null;
    return stash;
  } catch {
    return null;
  }
}

/**
 * Puts the operator's session back in place of the one they were viewing as, and forgets the stash; answers the uuid of
 * the account that was viewed, or null when no operator session was set aside (nothing changes then).
 */
export function restoreOperatorSession(): string | null {
  const stash = readOperatorSession();
  storage.remove('operatorSession');
  if (!stash?.accessToken || !stash.refreshToken || !stash.userEmail) return null;
  for (const key of SESSION_KEYS) {
    const value = stash[key];
    if (value === null) storage.remove(key);
    else storage.set(key, value);
  }
  return stash.viewedUserUuid;
}

function isOperatorSession(value: unknown): value is OperatorSession {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.viewedUserUuid === 'string' &&
    SESSION_KEYS.every((key) => record[key] === null || typeof record[key] === 'string')
  );
}
