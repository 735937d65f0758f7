// A team's SCIM token as a caller (docs/contract.md section 4, Enterprise identity): a bearer token that starts
// `tscim_`, looked up by its hash on every request, acting for its own team on /api/scim/v2 and nowhere else (guardsOf
// puts this guard in front of the `scim` policy's routes only; any other route reads it as a malformed access token).
import { SCIM_TOKEN_PREFIX } from '@app/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';

import { authenticateScimToken, invalidScimToken } from '../modules/scim-tokens/scim-tokens.service.ts';
import { bearerToken, setCaller } from './auth.ts';

export const requireScimToken: preHandlerAsyncHookHandler = async function (request, reply) {
  const token = bearerToken(request);
  const found = token?.startsWith(SCIM_TOKEN_PREFIX)
    ? await authenticateScimToken(this.database.db, token)
    : undefined;
  if (!found) throw invalidScimToken();
  await this.attemptLimit('scimRequests').reserve(reply, found.tenantId);
  setCaller(request, { kind: 'scim', ...found });
};
