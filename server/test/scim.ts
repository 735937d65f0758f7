// A team its directory provisions (docs/contract.md section 4, Enterprise identity): on the Business plan, with a
// verified domain of its own and a SCIM token made through the API, and a client that speaks SCIM to it as a
// directory does (Authorization: Bearer tscim_…, application/scim+json).
import { randomBytes } from 'node:crypto';

import { teamDomains } from '../src/db/schema/domains.ts';
import { createTeam, inTenant, latestMailTo, registerVerifiedUser, type TestApp } from './helpers.ts';
import { subscribeLocally } from './local-billing.ts';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

export type ScimClient = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => Promise<Awaited<ReturnType<TestApp['inject']>>>;

/**
 * A new team of a new owner (on the team's domain with `ownerOnDomain`), ready for its directory: `domain` is verified,
 * `scim` calls /api/scim/v2 with its token.
 */
export async function directoryTeam(app: TestApp, { ownerOnDomain = false } = {}) {
  const domain = `corp-${randomBytes(5).toString('hex')}.example.org`;
  const owner = await registerVerifiedUser(app, ownerOnDomain ? `owner@${domain}` : undefined);
  const { uuid: team } = await createTeam(app, owner, `Team ${owner.email}`);
  await subscribeLocally(app, owner, team, 'business');
  // Verification through DNS has its own tests (domains.test.ts).
  await app.database.db
    .insert(teamDomains)
    .values({ tenantId: team, domain, txtValue: 'tessera-verification=test', verifiedAt: new Date() });
  const made = await app.inject({
    method: 'POST',
    url: '/api/scim-token',
    headers: inTenant(owner.access_token, team),
  });
  if (made.statusCode !== 201) throw new Error(`SCIM token: ${made.statusCode} ${made.body}`);
  const { token, base_url: baseUrl } = made.json() as { token: string; base_url: string };
  return {
    owner,
    team,
    domain,
    token,
    baseUrl,
    /** A new address on the team's verified domain. */
    address: () => `person-${randomBytes(4).toString('hex')}@${domain}`,
    scim: scimClient(app, token),
  };
}

/** A directory's client of /api/scim/v2 with `token`: urls relative to the base URL. */
export function scimClient(app: TestApp, token: string): ScimClient {
  return (method, url, payload) =>
    app.inject({
      method,
      url: `/api/scim/v2${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(payload && { 'content-type': 'application/scim+json' }),
      },
      ...(payload && { payload: JSON.stringify(payload) }),
    });
}

/**
 * A provisioned person's own session: they have no password, so they choose one through the reset link mailed to
 * them, as the product tells them to, and sign in.
 */
export async function signInByReset(app: TestApp, email: string, password = 'a passphrase of their own') {
  await app.inject({ method: 'POST', url: '/api/auth/reset-password/request', payload: { email } });
  const { token } = await latestMailTo(app, email);
  const reset = await app.inject({
    method: 'POST',
    url: '/api/auth/reset-password/confirm',
    payload: { token, new_password: password },
  });
  if (reset.statusCode !== 200) throw new Error(`reset failed: ${reset.statusCode} ${reset.body}`);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  return login.json() as { access_token: string };
}
