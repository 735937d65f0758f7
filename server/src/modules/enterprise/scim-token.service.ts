// The team's SCIM token on its Security page (docs/contract.md section 4, Enterprise identity): made (replacing the
// last), shown once; revoked. Each is a change of how the team signs in: the owner is mailed, the log records it.
import type { ScimToken, ScimTokenCreated } from '@app/contract';

import { withTenantStatement } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberCaller } from '../../lib/caller.ts';
import { asMaker } from '../auth/sessions.service.ts';
import { findScimToken, issueScimToken, revokeScimToken } from '../scim-tokens/scim-tokens.service.ts';
import { isAdmin } from './domains.repository.ts';
import { signInChange, type SignInChangeDeps } from './sign-in-change.ts';

/** Where a directory sends its requests. */
export const scimBaseUrl = (appUrl: string) => `${appUrl}/api/scim/v2`;

const noToken = () => new AppError('NOT_FOUND', 'This team has no SCIM token', 'scim_token_not_found');

export async function getScimToken(deps: SignInChangeDeps, caller: MemberCaller): Promise<ScimToken> {
  const token = await withTenantStatement(deps.db, caller.tenantId, (tx) =>
    findScimToken(tx, caller.tenantId),
  );
  if (!token) throw noToken();
  return {
    base_url: scimBaseUrl(deps.appUrl),
    created_at: token.createdAt,
    created_by: token.createdBy,
    last_used_at: token.lastUsedAt,
  };
}

/**
 * Makes the team's token. Under the maker's session lock (asMaker), then the team's: a credential event or a demotion
 * of theirs in flight either sees this token and revokes it, or is seen here and refuses it.
 */
export async function createScimToken(
  deps: SignInChangeDeps,
  caller: MemberCaller,
): Promise<ScimTokenCreated> {
  const inLock = { ...deps, mailQueued: () => {} };
  const token = await asMaker(deps.db, caller, 'scim_token', (tx) =>
    signInChange(
      { ...inLock, db: tx },
      caller,
      { action: 'scim.token_created', target: 'SCIM' },
      async (scoped) => {
        // Their role now, under the team's lock: a demotion that committed since the request began is seen.
        if (!(await isAdmin(scoped, caller.tenantId, caller.userId))) {
          throw new AppError('FORBIDDEN', 'Only team admins and the owner can do this', 'admin_only');
        }
        return issueScimToken(scoped, caller.tenantId, caller.userId);
      },
    ),
  );
  // The owner's notice is sent once the whole transaction has committed.
  deps.mailQueued();
  return { token, base_url: scimBaseUrl(deps.appUrl) };
}

/** Revokes it: a directory's request in flight finds no token. Always allowed, with or without the plan. */
export async function revokeTeamScimToken(deps: SignInChangeDeps, caller: MemberCaller): Promise<void> {
  await signInChange(
    deps,
    caller,
    { action: 'scim.token_revoked', target: 'SCIM', needsPlan: false },
    async (scoped) => {
      if (!(await revokeScimToken(scoped, caller.tenantId))) throw noToken();
    },
  );
}
