// Deleting an account and exporting its data (docs/contract.md section 4). The data lives in other modules: this
// composes their services.
import type { AccountExport, DeleteAccountBody } from '@app/contract';

import { AppError } from '../../lib/app-error.ts';
import type { UserCaller } from '../../lib/caller.ts';
import { listByActor } from '../activity/activity.service.ts';
import { deleteUser, getMe } from '../auth/account-status.service.ts';
import type { AuthDeps } from '../auth/auth.service.ts';
import { confirmHolderForDeletion } from '../auth/credentials.service.ts';
import { listAllSessions, lockAsProven, type ProvenAccount } from '../auth/sessions.service.ts';
import { type BillingDeps, endBillingForDeletedTeam } from '../billing/billing.service.ts';
import { leaveTeam } from '../members/members.service.ts';
import { listPasskeys, type PasskeyDeps } from '../passkeys/passkeys.service.ts';
import { deleteTenant, listUserTeams, type UserTeam } from '../tenants/tenants.service.ts';

export type AccountDeps = { auth: AuthDeps; billing: BillingDeps; passkeys: PasskeyDeps };

/** A team the user owns with others in it would be left without an owner: the user hands it over first. */
function refuseOwnedTeamsWithOthers(teams: UserTeam[]) {
  const names = teams
    .filter((team) => team.role === 'owner' && team.memberCount > 1)
    .map((team) => team.name);
  if (names.length > 0) {
    const teams = names.join(', ');
    throw new AppError(
      'BAD_REQUEST',
      `Transfer ownership or remove the other members of ${teams} before deleting your account`,
      'owner_of_shared_teams',
      { teams },
    );
  }
}

/**
 * The caller proves they hold the account (password, email or second-factor code) before it is deleted; the account
 * as proven, which deleteAccount holds the deletion to.
 */
export async function confirmHolder(
  deps: AccountDeps,
  { userId }: UserCaller,
  proof: DeleteAccountBody,
): Promise<ProvenAccount> {
  return confirmHolderForDeletion(deps.auth, userId, proof);
}

/**
 * Deletes the account, once confirmHolder has passed: the teams the user alone belongs to go first, each as DELETE
 * /tenant deletes it (its billing ended with the provider, then the team and its data), then the user leaves every
 * other team and the account row goes, its sessions with it. Refused, with nothing deleted, while the user owns a
 * team that has other members. Refused too, with nothing deleted, once a credential event (a reset, another device
 * signing the others out) has moved the account on from what confirmHolder proved or ended the caller's session:
 * checked before the first team goes, and again under the session lock as the account row goes.
 */
export async function deleteAccount(
  deps: AccountDeps,
  caller: UserCaller,
  proven: ProvenAccount,
): Promise<void> {
  const { db } = deps.auth;
  const { userId } = caller;
  await db.transaction((tx) => lockAsProven(tx, proven, caller));
  const teams = await listUserTeams(db, userId);
  refuseOwnedTeamsWithOthers(teams);
  for (const team of teams.filter((t) => t.memberCount === 1)) {
    await deleteTenant(
      db,
      { ...caller, kind: 'member', tenantId: team.uuid, role: team.role },
      { endBilling: (tenantId) => endBillingForDeletedTeam(deps.billing, tenantId) },
    );
  }
  await db.transaction(async (tx) => {
    await lockAsProven(tx, proven, caller);
    // Read again in this transaction: a member may have joined a team since the check above.
    const remaining = await listUserTeams(tx, userId);
    refuseOwnedTeamsWithOthers(remaining);
    const now = deps.auth.clock.now();
    // Each team's row is locked as the member leaves it, in one order across deletions that share teams.
    const byTeam = [...remaining].sort((a, b) => (a.uuid < b.uuid ? -1 : 1));
    for (const team of byTeam) await leaveTeam(tx, team.uuid, userId, now);
    await deleteUser(tx, userId);
  });
}

/** What the app holds about the user: never a secret (the response schema lets no other field through). */
export async function exportAccount(deps: AccountDeps, caller: UserCaller): Promise<AccountExport> {
  const { db } = deps.auth;
  const me = await getMe(deps.auth, caller);
  const teams = await listUserTeams(db, caller.userId);
  const activity = await listByActor(db, caller.userId);
  return {
    exported_at: deps.auth.clock.now().toISOString(),
    account: {
      uuid: me.uuid,
      email: me.email,
      is_verified: me.is_verified,
      created_at: me.created_at,
      has_password: me.has_password,
      two_factor_enabled: me.two_factor_enabled,
      locale: me.locale,
      theme: me.theme,
    },
    teams: teams.map(({ uuid, name, role, joinedAt }) => ({ uuid, name, role, joined_at: joinedAt })),
    sessions: await listAllSessions(deps.auth, caller),
    // Names and dates only: never the credential or its public key.
    passkeys: (await listPasskeys(deps.passkeys, caller)).map(({ name, created_at, last_used_at }) => ({
      name,
      created_at,
      last_used_at,
    })),
    activity: activity.map(({ tenantId, action, details, createdAt }) => ({
      team_uuid: tenantId,
      action,
      details,
      created_at: createdAt,
    })),
  };
}
