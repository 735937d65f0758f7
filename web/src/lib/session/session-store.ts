/**
 * The signed-in state of SPEC section 4. It lives outside React because the API client's token refresh
 * (SPEC section 8) must be able to end it, and it is derived from storage on every read, so it never
 * disagrees with the token the API client sends.
 */
import { storage } from '@/lib/storage';

import { readTokenClaims } from './token-claims';

export type Session = {
  status: 'loading' | 'authenticated' | 'unauthenticated';
  email: string | null;
  isSuperAdmin: boolean;
  /** The session was ended by this app (sign-out, SPEC section 4), so the guards send the user to /login. */
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

// SPEC section 4: the state starts as 'loading' until the app has read storage once.
let hasLoaded = false;
// Set by endSession and cleared once a session is loaded or stored again. Without it, the guard around
// the page being left would send a signed-out user to /register before the lazy /login page had loaded.
let hasEnded = false;
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

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes this tab's session too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
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

export function endSession(): void {
  storage.clearSession();
  hasEnded = true;
  notify();
}
