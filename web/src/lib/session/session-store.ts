/**
 * The signed-in state of docs/spec.md section 4. It lives outside React because the API client's token refresh
 * (docs/spec.md section 8) must be able to end it, and it is derived from storage on every read, so it never
 * disagrees with the token the API client sends.
 */
import type { AuthResponse, TokenPair } from '@app/contract';

import { clearTeamRuleRefusal } from '@/lib/session/team-rule-refusal';
import { storage } from '@/lib/storage';

import { restoreOperatorSession, stashOperatorSession } from './operator-session';
import { clearRotation } from './rotation-ledger';
import { isImpersonationToken, readTokenClaims } from './token-claims';

type Session = {
  status: 'loading' | 'authenticated' | 'unauthenticated';
  email: string | null;
  isSuperAdmin: boolean;
  /** An operator is viewing the app as this account (docs/contract.md section 4, Operators): the token names them. */
  isImpersonating: boolean;
  /** The session was ended by this app (sign-out, docs/spec.md section 4), so the guards send the user to /login. */
  signedOut: boolean;
};

const loading: Session = {
  status: 'loading',
  email: null,
  isSuperAdmin: false,
  isImpersonating: false,
  signedOut: false,
};
const unauthenticated: Session = { ...loading, status: 'unauthenticated' };
const signedOut: Session = { ...unauthenticated, signedOut: true };

// docs/spec.md section 4: the state starts as 'loading' until the app has read storage once.
let hasLoaded = false;
// Set by endSession and cleared once a session is loaded or stored again. Without it, the guard around
// the page being left would send a signed-out user to /register before the lazy /login page had loaded.
let hasEnded = false;
// Why the API client ended the session (docs/spec.md section 8), for the sign-in page to show once.
let notice: string | null = null;
// The account an operator was viewing when that session ended on its own and theirs came back, for the shell to
// return them to its admin page once.
let operatorReturn: string | null = null;
let cached: { token: string; email: string; session: Session } | undefined;
const listeners = new Set<() => void>();

export function getSession(): Session {
  if (!hasLoaded) return loading;
  const token = storage.get('accessToken');
  const email = storage.get('userEmail');
  if (!token || !email) return hasEnded ? signedOut : unauthenticated;
  hasEnded = false;
  // useSyncExternalStore needs the same object back while nothing changed.
  if (cached?.token !== token || cached.email !== email) {
    const isImpersonating = isImpersonationToken(token);
    // A viewed account is never a super admin's (the server refuses that), and the view never reaches /admin.
    const isSuperAdmin = !isImpersonating && readTokenClaims(token)?.is_super_admin === true;
    cached = {
      token,
      email,
      session: { status: 'authenticated', email, isSuperAdmin, isImpersonating, signedOut: false },
    };
  }
  return cached.session;
}

// Another tab signing in, rotating the tokens or signing out changes this tab's session too; a sign-out
// there sends this tab to /login as well, as its own would.
function onStorage(event: StorageEvent): void {
  if (event.key === 'accessToken' && event.oldValue && !event.newValue) hasEnded = true;
  notify();
}

export function subscribeToSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

export function loadSession(): void {
  hasLoaded = true;
  hasEnded = false;
  notify();
}

/** Signs in (docs/spec.md section 4: login, register, Google login, email verification) with the keys of section 3. */
export function storeSession({ access_token, refresh_token, email }: AuthResponse): void {
  storage.set('accessToken', access_token);
  storage.set('refreshToken', refresh_token);
  storage.set('userEmail', email);
  storage.set('loginTime', new Date().toISOString());
  hasEnded = false;
  notice = null;
  // A new session: what the team's rules refused was the last one's.
  clearTeamRuleRefusal();
  notify();
}

/** Keeps the session with a rotated token pair. */
export function storeTokens({ access_token, refresh_token }: TokenPair): void {
  storage.set('accessToken', access_token);
  storage.set('refreshToken', refresh_token);
  notify();
}

/** The account moved to another address and this session stays (an email change confirmed in this browser). */
export function storeSessionEmail(email: string): void {
  storage.set('userEmail', email);
  notify();
}

/**
 * An operator starts viewing the app as another account (docs/contract.md section 4, Operators): their own session is
 * set aside, with the uuid of the account viewed, and the viewed account's session is stored as a sign-in's is. The
 * selected team is the operator's: the viewed account starts on its own first team.
 */
export function storeImpersonatedSession(auth: AuthResponse, viewedUserUuid: string): void {
  stashOperatorSession(viewedUserUuid);
  storage.remove('selectedTenantUuid');
  storeSession(auth);
}

/**
 * Stops viewing as another account: the operator's own session comes back. Answers the uuid of the account that was
 * viewed, or null when no operator session was set aside (then nothing changes).
 */
export function endImpersonation(): string | null {
  const viewedUserUuid = restoreOperatorSession();
  if (viewedUserUuid === null) return null;
  void clearRotation();
  clearTeamRuleRefusal();
  hasEnded = false;
  notice = null;
  operatorReturn = null;
  notify();
  return viewedUserUuid;
}

/** Once: the account whose viewed session ended on its own, when the operator's own session came back instead. */
export function takeOperatorReturn(): string | null {
  const viewedUserUuid = operatorReturn;
  operatorReturn = null;
  return viewedUserUuid;
}

/**
 * Ends the session; `reason` is the docs/spec.md section 8 text the sign-in page shows next. A session an operator was
 * viewing as someone else gives way to the operator's own, set aside when they started, instead of ending.
 */
export function endSession(reason?: string): void {
  const token = storage.get('accessToken');
  if (token && isImpersonationToken(token)) {
    const viewedUserUuid = endImpersonation();
    if (viewedUserUuid !== null) {
      operatorReturn = viewedUserUuid;
      notify();
      return;
    }
  }
  storage.clearSession();
  void clearRotation();
  clearTeamRuleRefusal();
  hasEnded = true;
  notice = reason ?? null;
  notify();
}

export function readSessionNotice(): string | null {
  return notice;
}

/** Forgets the notice without re-rendering anyone: the page that showed it keeps its own copy. */
export function clearSessionNotice(): void {
  notice = null;
}
