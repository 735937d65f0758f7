/**
 * The signed-in state of docs/spec.md section 4. It lives outside React because the API client's token refresh
 * (docs/spec.md section 8) must be able to end it, and it is derived from storage on every read, so it never
 * disagrees with the token the API client sends.
 */
import type { AuthResponse, TokenPair } from '@app/contract';

import { storage } from '@/lib/storage';

import { clearRotation } from './rotation-ledger';
import { readTokenClaims } from './token-claims';

type Session = {
  status: 'loading' | 'authenticated' | 'unauthenticated';
  email: string | null;
  isSuperAdmin: boolean;
  /** The session was ended by this app (sign-out, docs/spec.md section 4), so the guards send the user to /login. */
  signedOut: boolean;
};

const loading: Session = { status: 'loading', email: null, isSuperAdmin: false, signedOut: false };
const unauthenticated: Session = {
  status: 'unauthenticated',
  email: null,
  isSuperAdmin: false,
  signedOut: false,
};
const signedOut: Session = { ...unauthenticated, signedOut: true };

// docs/spec.md section 4: the state starts as 'loading' until the app has read storage once.
let hasLoaded = false;
// Set by endSession and cleared once a session is loaded or stored again. Without it, the guard around
// the page being left would send a signed-out user to /register before the lazy /login page had loaded.
let hasEnded = false;
// Why the API client ended the session (docs/spec.md section 8), for the sign-in page to show once.
let notice: string | null = null;
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
    const isSuperAdmin = readTokenClaims(token)?.is_super_admin === true;
    cached = { token, email, session: { status: 'authenticated', email, isSuperAdmin, signedOut: false } };
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

/** Ends the session; `reason` is the docs/spec.md section 8 text the sign-in page shows next. */
export function endSession(reason?: string): void {
  storage.clearSession();
  void clearRotation();
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
