/**
 * The token refresh of docs/spec.md sections 7 and 8 that keeps a session alive across calls and across tabs: before a
 * signed-in call whose token expires soon, and once after a 401. The API client calls in here and hands over
 * how to reach POST /auth/refresh, so that this module does not import the client that imports it.
 */
// Every page loads this module, the sign-in page too, whose JavaScript budget has no room for zod: the token
// pair read here is checked by hand.
import type { RefreshBody, TokenPair } from '@app/contract';

import { ApiError, toApiError } from '@/lib/api-error';
import { storage } from '@/lib/storage';

import { pairReplacing, recordRotation } from './rotation-ledger';
import { endSession, storeTokens } from './session-store';
import { readTokenClaims } from './token-claims';

/**
 * Sends POST /auth/refresh with no token and answers what the server answered; a server that cannot be
 * reached, or does not answer before `signal` ends, throws ApiError with status 0.
 */
export type SendRefresh = (body: RefreshBody, signal: AbortSignal) => Promise<Response>;

/** docs/spec.md section 9: a call refreshes first when less than this is left on the access token. */
const REFRESH_MARGIN_SECONDS = 300;
/** The Web Lock that lets one tab at a time spend the shared refresh token. */
const REFRESH_LOCK = 'tessera-refresh';
/** docs/spec.md section 8 texts for a session that cannot be refreshed. */
const SESSION_EXPIRED = 'Session expired, please log in again';
const AUTHENTICATION_REQUIRED = 'Authentication required';
/**
 * How long the refresh may take. It runs holding the lock every tab waits on, so a request that never
 * answers must not block them all; running out of time fails like a server that cannot be reached.
 */
const REFRESH_TIMEOUT_MS = 10_000;

/** Before a signed-in call: refreshes first when the stored access token expires soon (docs/spec.md section 9). */
export async function refreshIfExpiring(send: SendRefresh): Promise<void> {
  const current = storage.get('accessToken');
  // Without a refresh token there is nothing to refresh with yet: the token is used while it lasts.
  if (current && expiresSoon(current) && storage.get('refreshToken')) await refreshSession(current, send);
}

function expiresSoon(token: string): boolean {
  const exp = readTokenClaims(token)?.exp;
  // A token without a readable expiry is sent as it is; the server's 401 then drives the refresh.
  return typeof exp === 'number' && exp - Date.now() / 1000 < REFRESH_MARGIN_SECONDS;
}

/** The refresh under way in this tab: every call that needs one while it runs waits for the same one. */
let refreshing: Promise<void> | undefined;

/** Makes the stored access token usable again after `stale` was found expiring or was refused. */
export function refreshSession(stale: string | null, send: SendRefresh): Promise<void> {
  const current = storage.get('accessToken');
  // A refresh that finished after `stale` was read already did the work.
  if (current && current !== stale && !expiresSoon(current)) return Promise.resolve();
  refreshing ??= rotateTokens(stale, send).finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/**
 * Spends the refresh token for a new pair. The server accepts each refresh token once and revokes the
 * whole chain when one comes back, so tabs take turns through a Web Lock and, once inside,
 * re-read storage: a tab that rotated while this one waited has stored the pair this tab needs.
 */
async function rotateTokens(stale: string | null, send: SendRefresh): Promise<void> {
  const wanted = storage.get('refreshToken');
  if (!wanted) throw sessionEnded(AUTHENTICATION_REQUIRED);

  await withRefreshLock(async () => {
    const refreshToken = storage.get('refreshToken');
    const accessToken = storage.get('accessToken');
    // Signed out (here or in another tab) while waiting for the lock.
    if (!refreshToken) throw sessionEnded(AUTHENTICATION_REQUIRED);
    const rotatedElsewhere =
      refreshToken !== wanted || (accessToken && accessToken !== stale && !expiresSoon(accessToken));
    if (rotatedElsewhere) return;
    // This tab's copy of localStorage may lag behind a rotation another tab just made: the ledger does not.
    const replacement = await pairReplacing(refreshToken);
    if (replacement) {
      if (storage.get('refreshToken') === refreshToken) storeTokens(replacement);
      return;
    }

    // No caller's signal joins the timeout: the refresh is shared by every call waiting on it, so one
    // cancelled query must not cancel it for the others.
    const response = await send({ refresh_token: refreshToken }, AbortSignal.timeout(REFRESH_TIMEOUT_MS));
    if (!response.ok) {
      // The server refused the token: the session is over. A busy, unreachable or silent server (429, 5xx,
      // no answer in time) fails only this call, and the unspent token is tried again by the next one.
      if (response.status >= 400 && response.status < 500 && response.status !== 429) {
        throw sessionEnded(SESSION_EXPIRED);
      }
      throw await toApiError(response);
    }
    const pair: unknown = await response.json();
    if (!isTokenPair(pair)) throw new Error('The token refresh answered without a token pair');
    // A sign-out while the refresh was under way wins: its storage stays empty.
    await recordRotation(refreshToken, pair);
    if (storage.get('refreshToken') === refreshToken) storeTokens(pair);
  });
}

async function withRefreshLock(task: () => Promise<void>): Promise<void> {
  // Without Web Locks (older browsers, jsdom) one tab still shares one refresh between its own calls.
  if (!('locks' in navigator) || !navigator.locks) return task();
  await navigator.locks.request(REFRESH_LOCK, task);
}

/** docs/spec.md sections 4 and 8: storage is cleared, the guards go to /login, and the call fails with `reason`. */
function sessionEnded(reason: string): ApiError {
  endSession(reason);
  return new ApiError(401, { detail: reason, code: 'session_ended' });
}

/** The contract's TokenPairSchema: both tokens, as strings. */
function isTokenPair(body: unknown): body is TokenPair {
  const pair =
    typeof body === 'object' && body !== null ? (body as Partial<Record<keyof TokenPair, unknown>>) : {};
  return typeof pair.access_token === 'string' && typeof pair.refresh_token === 'string';
}
