/**
 * The one API client (docs/spec.md sections 7 and 8): JSON against `/api`, bearer token, tenant header and
 * `{detail, code}` errors. Each fetcher says what its call is: `apiFetch` and `apiFetchPage` are signed in, with the
 * session's token refresh (lib/session/refresh.ts); `publicFetch` is a call anyone may make. A tenant-scoped call
 * names its team.
 */
// Every page loads this module, the sign-in page too, whose JavaScript budget has no room for zod: contract
// values come from its zod-free entry point.
import type { EndpointBody, EndpointParams, EndpointQuery, EndpointResponse } from '@app/contract';
import { NEXT_CURSOR_HEADER } from '@app/contract/constants';
import { type EndpointId, ENDPOINTS, type HttpMethod } from '@app/contract/endpoints';

import { ApiError, toApiError } from '@/lib/api-error';
import { refreshIfExpiring, refreshSession, type SendRefresh } from '@/lib/session/refresh';
import { storage } from '@/lib/storage';

type ApiRequest = {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * The team a tenant-scoped call acts on, sent as X-TENANT-UUID; a call that names none carries no tenant
   * header. Query functions pass the tenant of their query key, so an answer is always cached under the team
   * it came from, even if the selection changed while the call was made.
   */
  tenantUuid?: string;
};

type Policy<K extends EndpointId> = (typeof ENDPOINTS)[K]['policy'];

/**
 * A call of endpoint K (contract/src/endpoints.ts), typed from its schemas: its path parameters and body when it has
 * them, and its team when it is a team's endpoint.
 */
export type Call<K extends EndpointId> = { signal?: AbortSignal } & (EndpointParams<K> extends undefined
  ? { params?: undefined }
  : { params: EndpointParams<K> }) &
  (EndpointQuery<K> extends undefined ? { query?: undefined } : { query?: EndpointQuery<K> }) &
  (EndpointBody<K> extends undefined ? { body?: undefined } : { body: EndpointBody<K> }) &
  (Policy<K> extends { access: 'tenant' } ? { tenantUuid: string } : { tenantUuid?: undefined });

/** The call's argument, which may be left out when nothing in it is required. */
type CallArgs<K extends EndpointId, Extra = object> = object extends Call<K> & Extra
  ? [call?: Call<K> & Extra]
  : [call: Call<K> & Extra];

/**
 * A call anyone may make: sign-in and sign-up, the password reset, email verification, the public settings,
 * an invitation's acceptance. It is no team's and no user's.
 */
type PublicCall = {
  /**
   * Also send this browser's access token, if it holds one, refreshed first when it is about to expire: for a public
   * call whose answer depends on who opens it (an email-change link keeps the session of the browser that opens it).
   * A 401 is still the answer itself.
   */
  withSessionToken?: boolean;
};

/**
 * Calls endpoint `id` signed in and returns its JSON answer (undefined for a 204); any other outcome throws ApiError.
 */
export async function apiFetch<K extends EndpointId>(
  id: K,
  ...[request]: CallArgs<K>
): Promise<EndpointResponse<K>>;
export async function apiFetch(id: EndpointId, request?: object): Promise<unknown> {
  return json(await call(id, request ?? {}, 'signed-in'));
}

/**
 * Calls endpoint `id` signed out, as apiFetch otherwise does. A call made signed out carries no token and never
 * refreshes: a 401 there is the answer itself (e.g. a wrong password, docs/spec.md section 8), and stale stored tokens
 * must not touch it.
 */
export async function publicFetch<K extends EndpointId>(
  id: K,
  ...[request]: CallArgs<K, PublicCall>
): Promise<EndpointResponse<K>>;
export async function publicFetch(id: EndpointId, request?: object): Promise<unknown> {
  return json(await call(id, request ?? {}, 'public'));
}

async function json<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** One page of a list (docs/contract.md section 3) and the cursor of the next one, null on the last page. */
export type Page<T> = { items: T[]; nextCursor: string | null };

type PageCall = {
  /** The previous page's `nextCursor`; none for the first page. */
  cursor?: string | null;
};

/** GETs one page of a list, signed in: the JSON array, and the `X-Next-Cursor` header that names the next page. */
export async function apiFetchPage<K extends EndpointId>(
  id: K,
  ...[request]: CallArgs<K, PageCall>
): Promise<Page<EndpointResponse<K> extends (infer T)[] ? T : never>>;
export async function apiFetchPage(
  id: EndpointId,
  request?: PageCall & { query?: object; tenantUuid?: string; signal?: AbortSignal; params?: object },
): Promise<Page<unknown>> {
  const { cursor, query, ...rest } = request ?? {};
  const response = await call(id, { ...rest, query: { ...query, cursor: cursor ?? undefined } }, 'signed-in');
  return {
    items: await response.json(),
    nextCursor: response.headers.get(NEXT_CURSOR_HEADER) || null,
  };
}

/** GETs a file signed in (a plain link could not carry the token or the team header): its body as a Blob. */
export async function apiFetchBlob<K extends EndpointId>(id: K, ...[request]: CallArgs<K>): Promise<Blob>;
export async function apiFetchBlob(id: EndpointId, request?: object): Promise<Blob> {
  return (await call(id, request ?? {}, 'signed-in')).blob();
}

/** The URL of a call under /api: the endpoint's path with its parameters filled in, and its query. */
export function urlOf(id: EndpointId, { params, query }: { params?: object; query?: object } = {}): string {
  const path = ENDPOINTS[id].path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String((params as Record<string, unknown> | undefined)?.[name])),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(name, String(value));
  }
  return search.size > 0 ? `${path}?${search}` : path;
}

/** How the session's refresh reaches the server: a call that carries no token. */
const sendRefresh: SendRefresh = (body, signal) =>
  send(urlOf('refreshSession'), { method: 'POST', body, signal }, null);

/**
 * Sends the call, signed in with the refresh rules of docs/spec.md sections 7 and 8 or signed out; an answer that is
 * not ok throws ApiError.
 */
async function call(
  id: EndpointId,
  {
    params,
    query,
    body,
    signal,
    tenantUuid,
    withSessionToken,
  }: {
    params?: object;
    query?: object;
    body?: unknown;
    signal?: AbortSignal;
    tenantUuid?: string;
  } & PublicCall,
  caller: 'signed-in' | 'public',
): Promise<Response> {
  const path = urlOf(id, { params, query });
  const request = { method: ENDPOINTS[id].method, body, signal, tenantUuid };
  let response: Response;
  if (caller === 'signed-in') {
    await refreshIfExpiring(sendRefresh);
    const sent = storage.get('accessToken');
    response = await send(path, request, sent);
    // docs/spec.md section 8: a 401 refreshes once and retries once; a second 401 is the call's answer.
    if (response.status === 401) {
      await refreshSession(sent, sendRefresh);
      response = await send(path, request, storage.get('accessToken'));
    }
  } else if (withSessionToken) {
    // A failed refresh ends the session; the call goes on without a token.
    await refreshIfExpiring(sendRefresh).catch(() => {});
    response = await send(path, request, storage.get('accessToken'));
  } else {
    response = await send(path, request, null);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

async function send(
  path: string,
  { method, body, signal, tenantUuid }: ApiRequest,
  token: string | null,
): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (tenantUuid) headers.set('X-TENANT-UUID', tenantUuid);

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
    throw new ApiError(0, {}, 'Network error: the server could not be reached', { cause: error });
  }
}

/** Whether an abort came from `AbortSignal.timeout` (its reason is a DOMException named TimeoutError). */
function isTimeout(reason: unknown): boolean {
  return (reason as { name?: unknown } | undefined)?.name === 'TimeoutError';
}
