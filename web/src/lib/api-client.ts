/** The one API client (SPEC sections 7 and 8): JSON against `/api`, bearer token, tenant header, `{detail}` errors. */
import { ErrorBodySchema } from '@app/contract';

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

export type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

/** Calls `/api{path}` and returns the JSON answer (undefined for a 204); any other outcome throws ApiError. */
export async function apiFetch<T>(
  path: string,
  { method = 'GET', body, signal }: ApiRequest = {},
): Promise<T> {
  // Token refresh (SPEC sections 7 and 8) goes here: before send() for a token close to expiry, and
  // around it for a 401, so that every call gets it.
  const response = await send(path, { method, body, signal });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

async function send(path: string, { method, body, signal }: ApiRequest): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  const token = storage.get('accessToken');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const tenantUuid = storage.get('selectedTenantUuid');
  if (tenantUuid && !path.startsWith('/auth/')) headers.set('X-TENANT-UUID', tenantUuid);

  try {
    return await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    // A cancelled query must stay an AbortError so that TanStack Query treats it as a cancellation.
    if (signal?.aborted) throw error;
    throw new ApiError(0, undefined, 'Network error: the server could not be reached', { cause: error });
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = ErrorBodySchema.safeParse(body);
  return new ApiError(response.status, parsed.success ? parsed.data.detail : undefined);
}
