/**
 * The one API client (SPEC sections 7 and 8): JSON against `/api`, bearer token, tenant header, `{detail}`
 * errors, and the token refresh that keeps a session alive across calls and across tabs.
 */
// Every page loads this module, the sign-in page too, whose JavaScript budget has no room for zod: contract
// values come from its zod-free entry point and the two answers read here are checked by hand.
import type { ErrorBody, TokenPair } from '@app/contract';
import { NEXT_CURSOR_HEADER } from '@app/contract/constants';

import { pairReplacing, recordRotation } from '@/lib/session/rotation-ledger';
import { endSession, storeTokens } from '@/lib/session/session-store';
import { readTokenClaims } from '@/lib/session/token-claims';
import { storage } from '@/lib/storage';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when no response arrived. */
  readonly status: number;
  /** The server's own `{detail}` text, when it sent one; UI code falls back to its SPEC section 8 text. */
  readonly detail: string | undefined;

  constructor(status: number, detail?: string, message?: string, options?: ErrorOptions) {
    super(message ?? detail ?? `HTTP error! status: ${status}`, options);
    this.status = status;
    this.detail = detail;
  }
}

/** The text to show for a failed call: the server's detail, else the page's SPEC section 8 fallback. */
export function getErrorText(error: unknown, fallback: string): string {
  return (error instanceof ApiError ? error.detail : undefined) ?? fallback;
}

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The team a tenant-scoped call acts on. Query functions pass the tenant of their query key, so an answer
   * is always cached under the team it came from, even if the selection changed while the call was made.
   * Without it the selected tenant (storage 'selectedTenantUuid') is sent.
   */
  tenantUuid?: string;
};

/** SPEC section 9: a call refreshes first when less than this is left on the access token. */
const REFRESH_MARGIN_SECONDS = 300;
/** The Web Lock that lets one tab at a time spend the shared refresh token. */
const REFRESH_LOCK = 'tessera-refresh';
/** SPEC section 8 texts for a session that cannot be refreshed. */
const SESSION_EXPIRED = 'Session expired, please log in again';
const AUTHENTICATION_REQUIRED = 'Authentication required';
/**
 * How long the refresh may take. It runs holding the lock every tab waits on, so a request that never
 * answers must not block them all; running out of time fails like a server that cannot be reached.
 */
const REFRESH_TIMEOUT_MS = 10_000;

// Which calls are signed in: every path except the public ones and the /auth/ calls other than those acting
// on the signed-in user. A call made signed out carries no token and never refreshes: a 401 there is the
// answer itself (e.g. a wrong password, SPEC section 8), and stale stored tokens must not touch it.
const SIGNED_IN_AUTH_PATHS = new Set(['/auth/me', '/auth/update-password']);
/** Paths outside /auth/ that anyone may call: the public settings read by signed-out pages. */
const PUBLIC_PATHS = new Set(['/config']);
/**
 * Accepting an invitation is open to anyone and signs in as the invited account whoever was signed in
 * before (issue 4): the old session's token has no part in it, and must not be refreshed or ended by it.
 */
const INVITATION_ACCEPT_PATH = /^\/invitations\/[^/]+\/accept$/;

function isSignedInCall(path: string): boolean {
  const pathname = path.split('?')[0]!;
  if (pathname.startsWith('/auth/')) return SIGNED_IN_AUTH_PATHS.has(pathname);
  return !PUBLIC_PATHS.has(pathname) && !INVITATION_ACCEPT_PATH.test(pathname);
}

/** Calls `/api{path}` and returns the JSON answer (undefined for a 204); any other outcome throws ApiError. */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const response = await call(path, request);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** One page of a list (CONTRACT section 3) and the cursor of the next one, null on the last page. */
export type Page<T> = { items: T[]; nextCursor: string | null };

export type PageRequest = Omit<ApiRequest, 'method' | 'body'> & {
  /** The previous page's `nextCursor`; none for the first page. */
  cursor?: string | null;
  /** Further query parameters, e.g. `{ q }`; empty values are left out. */
  query?: Record<string, string | number | undefined>;
};

/** GETs one page of a list: the JSON array, and the `X-Next-Cursor` header that names the next page. */
export async function apiFetchPage<T>(
  path: string,
  { cursor, query = {}, ...request }: PageRequest = {},
): Promise<Page<T>> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...query, cursor: cursor ?? undefined })) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.size > 0 ? `${path.includes('?') ? '&' : '?'}${params}` : '';
  const response = await call(`${path}${search}`, request);
  return {
    items: (await response.json()) as T[],
    nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null,
  };
}

/** Sends the call, with the refresh rules of SPEC sections 7 and 8; an answer that is not ok throws ApiError. */
async function call(
  path: string,
  { method = 'GET', body, signal, tenantUuid }: ApiRequest,
): Promise<Response> {
  const request = { method, body, signal, tenantUuid };
  let response: Response;
  if (isSignedInCall(path)) {
    const current = storage.get('accessToken');
    // Without a refresh token there is nothing to refresh with yet: the token is used while it lasts.
    if (current && expiresSoon(current) && storage.get('refreshToken')) await refreshSession(current);
    const sent = storage.get('accessToken');
    response = await send(path, request, sent);
    // SPEC section 8: a 401 refreshes once and retries once; a second 401 is the call's answer.
    if (response.status === 401) {
      await refreshSession(sent);
      response = await send(path, request, storage.get('accessToken'));
    }
  } else {
    response = await send(path, request, null);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function send(
  path: string,
  { method, body, signal, tenantUuid: tenant }: ApiRequest,
  token: string | null,
): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const tenantUuid = tenant ?? storage.get('selectedTenantUuid');
  if (tenantUuid && !path.startsWith('/auth/')) headers.set('X-TENANT-UUID', tenantUuid);

  try {
    return await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // A cancelled query must stay an AbortError so that TanStack Query treats it as a cancellation; a
    // timeout is no cancellation but a server that did not answer.
    if (signal?.aborted && !isTimeout(signal.reason)) throw error;
    throw new ApiError(0, undefined, 'Network error: the server could not be reached', { cause: error });
  }
}

/** Whether an abort came from `AbortSignal.timeout` (its reason is a DOMException named TimeoutError). */
function isTimeout(reason: unknown): boolean {
  return (reason as { name?: unknown } | undefined)?.name === 'TimeoutError';
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  return new ApiError(response.status, isErrorBody(body) ? body.detail : undefined);
}

/** The contract's ErrorBodySchema: an object with a string `detail`. */
function isErrorBody(body: unknown): body is ErrorBody {
  return (
    typeof body === 'object' && body !== null && typeof (body as { detail?: unknown }).detail === 'string'
  );
}

/** The contract's TokenPairSchema: both tokens, as strings. */
function isTokenPair(body: unknown): body is TokenPair {
  const pair =
    typeof body === 'object' && body !== null ? (body as Partial<Record<keyof TokenPair, unknown>>) : {};
  return typeof pair.access_token === 'string' && typeof pair.refresh_token === 'string';
}

function expiresSoon(token: string): boolean {
  const exp = readTokenClaims(token)?.exp;
  // A token without a readable expiry is sent as it is; the server's 401 then drives the refresh.
  return typeof exp === 'number' && exp - Date.now() / 1000 < REFRESH_MARGIN_SECONDS;
}

/** The refresh under way in this tab: every call that needs one while it runs waits for the same one. */
let refreshing: Promise<void> | undefined;

/** Makes the stored access token usable again after `stale` was found expiring or was refused. */
function refreshSession(stale: string | null): Promise<void> {
  const current = storage.get('accessToken');
  // A refresh that finished after `stale` was read already did the work.
  if (current && current !== stale && !expiresSoon(current)) return Promise.resolve();
  refreshing ??= rotateTokens(stale).finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/**
 * Spends the refresh token for a new pair. The server accepts each refresh token once and revokes the
 * whole chain when one comes back (issue 3), so tabs take turns through a Web Lock and, once inside,
 * re-read storage: a tab that rotated while this one waited has stored the pair this tab needs.
 */
async function rotateTokens(stale: string | null): Promise<void> {
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
    const response = await send(
      '/auth/refresh',
      {
        method: 'POST',
        body: { refresh_token: refreshToken },
        signal: AbortSignal.timeout(REFRESH_TIMEOUT_MS),
      },
      null,
    );
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

/** SPEC sections 4 and 8: storage is cleared, the guards go to /login, and the call fails with `reason`. */
function sessionEnded(reason: string): ApiError {
  endSession(reason);
  return new ApiError(401, reason);
}
