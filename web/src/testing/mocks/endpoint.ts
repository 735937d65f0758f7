/**
 * The API's endpoints as web tests answer them: by the id of contract/src/endpoints.ts, so a mock is registered at the
 * endpoint's own method and path, and its success answer is typed as the endpoint's response.
 */
import type { EndpointResponse } from '@app/contract';
import { type EndpointId, ENDPOINTS } from '@app/contract/endpoints';
import { http, type HttpResponseResolver, type PathParams, type RequestHandlerOptions } from 'msw';

/** What a mock may answer besides success: an error body (or a malformed one), a non-JSON body, or none. */
type Otherwise = { detail: unknown; code?: string } | string | null | undefined;

const handlerFor = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} as const;

/** An msw handler for endpoint `id`; its path parameters arrive by their names in the endpoint's path. */
export function mockEndpoint<K extends EndpointId>(
  id: K,
  resolver: HttpResponseResolver<PathParams, never, EndpointResponse<K> | Otherwise>,
  options?: RequestHandlerOptions,
) {
  const { method, path } = ENDPOINTS[id];
  return handlerFor[method](`/api${path}`, resolver, options);
}
