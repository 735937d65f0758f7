// Team API keys as callers (docs/contract.md section 4, Developer platform): a bearer token that starts `tsk_` is a
// key, looked up by its hash on every request. A key acts for its own team on the routes whose policy names one of
// its scopes (contract/src/endpoints.ts), and is refused everywhere else: guardsOf (route-scope.ts) puts these
// guards in front of every route from its policy, so no route decides it for itself.
import { API_KEY_PREFIX, type ApiKeyScope } from '@app/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';

import { AppError } from '../lib/app-error.ts';
import { authenticateKey, type LiveKey } from '../modules/api-keys/api-keys.service.ts';
import { bearerToken, setCaller } from './auth.ts';

/** Whether the request's bearer token is an API key rather than a session's access token. */
export const sentApiKey = (request: FastifyRequest) =>
  bearerToken(request)?.startsWith(API_KEY_PREFIX) === true;

const notForKeys = () =>
  new AppError('FORBIDDEN', 'API keys cannot call this endpoint', 'api_key_not_allowed');

/** The live key the request sends, counted against its rate limit; 401 for an unknown or revoked one. */
async function liveKey(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<LiveKey> {
  const key = await authenticateKey(app.database.db, bearerToken(request)!);
  if (!key) throw new AppError('UNAUTHORIZED', 'Invalid or revoked API key', 'api_key_invalid');
  await app.attemptLimit('apiKeyRequests').reserve(reply, key.id);
  return key;
}

/** In front of the account's and the operators' routes: a key is refused (once it is known to be a live one). */
export const refuseApiKeys: preHandlerAsyncHookHandler = async function (
  this: FastifyInstance,
  request,
  reply,
) {
  if (!sentApiKey(request)) return;
  await liveKey(this, request, reply);
  throw notForKeys();
};

/**
 * A team route's guard: a key with `scope` acts for its own team, without X-TENANT-UUID (another team's there is
 * refused); anyone else goes through `asMember`, the guards of a member's session and role.
 */
export function teamCaller(
  scope: ApiKeyScope | null,
  asMember: preHandlerAsyncHookHandler[],
): preHandlerAsyncHookHandler {
  return async function (this: FastifyInstance, request, reply) {
    if (!sentApiKey(request)) {
      for (const guard of asMember) await guard.call(this, request, reply);
      return;
    }
    const key = await liveKey(this, request, reply);
    const header = request.headers['x-tenant-uuid'];
    if (header !== undefined && String(header).toLowerCase() !== key.tenantId) {
      throw new AppError('FORBIDDEN', 'This API key belongs to another team', 'api_key_other_team');
    }
    if (scope === null) throw notForKeys();
    if (!key.scopes.includes(scope)) {
      throw new AppError('FORBIDDEN', `This API key does not allow ${scope}`, 'api_key_scope_missing', {
        scope,
      });
    }
    setCaller(request, { kind: 'key', tenantId: key.tenantId, keyId: key.id });
  };
}
