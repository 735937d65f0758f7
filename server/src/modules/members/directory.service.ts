// The membership changes a team's directory makes through SCIM (docs/contract.md section 4, Enterprise identity):
// provisioning, deactivating, letting back and deprovisioning a member, each logged with the actor `SCIM` and
// announced to the team's webhooks as the same change made by hand would be (activity.service.ts, ANNOUNCED_AS).
// The SCIM protocol itself is enterprise's; these run in its transaction, in the team's scope.
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isSuperAdmin } from '../../lib/super-admin.ts';
import { recordActivity, SCIM_ACTOR } from '../activity/activity.service.ts';
import type { AuthDeps } from '../auth/auth.service.ts';
import { accountForDirectory } from '../auth/credentials.service.ts';
import { requireEnterpriseIdentity, requireRoomFor } from '../billing/billing.service.ts';
import { lockTeam } from '../tenants/tenants.service.ts';
import * as repo from './members.repository.ts';
import * as seats from './membership-writes.ts';
import { countSeats, endAdminPowers } from './members.service.ts';

/** What the team's directory says of a member, kept beside the membership. */
export type DirectoryProfile = repo.DirectoryProfile;

const ownerFixed = (what: string) =>
  new AppError('BAD_REQUEST', `The team owner cannot be ${what} through SCIM`, 'scim_owner_fixed');

/**
 * Makes the person at `email` a member (role member) of the team, their account made or reclaimed when needed: within
 * the Business plan and its member limit (402), 409 when they are a member already. A listed super admin's address
 * is refused: an operator's account is never a team directory's to make. Their account's id.
 */
export async function provisionMember(
  deps: AuthDeps,
  tx: Db,
  tenantId: string,
  { email, profile, active }: { email: string; profile: repo.DirectoryProfile; active: boolean },
): Promise<string> {
  // Two creates of one person queue here: the second finds the first's member.
  await lockTeam(tx, tenantId);
  await requireEnterpriseIdentity(tx, tenantId);
  const now = deps.clock.now();
  if (deps.superAdminEmails.includes(email)) {
    throw new AppError('BAD_REQUEST', 'This address cannot be provisioned', 'scim', {
      reason: 'invalid_value',
    });
  }
  if (active) await requireRoomFor(tx, tenantId, 'members', () => countSeats(tx, tenantId, now));
  const { user, made } = await accountForDirectory(deps, tx, email);
  if (isSuperAdmin(user, deps.superAdminEmails)) {
    throw new AppError('BAD_REQUEST', 'This address cannot be provisioned', 'scim', {
      reason: 'invalid_value',
    });
  }
  if (await repo.isMember(tx, tenantId, user.uuid)) {
    throw new AppError('TAKEN', 'This user is already a member of the team', 'scim', {
      reason: 'uniqueness',
    });
  }
  await seats.insertMembership(
    tx,
    {
      tenantId,
      userId: user.uuid,
      role: 'member',
      joinedThrough: 'scim',
      // On the clock the directory's resource reads (meta.created, meta.lastModified).
      joinedAt: now,
      deactivatedAt: active ? null : now,
    },
    now,
  );
  await repo.saveDirectoryProfile(tx, tenantId, user.uuid, profile, now, made);
  await repo.clearRemoval(tx, tenantId, user.uuid);
  await recordActivity(tx, {
    tenantId,
    actorId: SCIM_ACTOR,
    action: 'member.provisioned',
    details: { user: user.uuid, email, role: 'member' },
  });
  return user.uuid;
}

/**
 * Writes what the directory says of a member: their names and id, and whether they are active. Deactivating shuts
 * them out of the team at once (the tenant guard reads it on every request) and ends what they held there as an
 * admin; letting them back needs the plan and a seat. Never the owner (400).
 */
export async function updateDirectoryMember(
  deps: Pick<AuthDeps, 'clock'>,
  tx: Db,
  tenantId: string,
  member: { userId: string; email: string; role: string; active: boolean },
  { profile, active }: { profile: repo.DirectoryProfile; active: boolean },
): Promise<void> {
  const now = deps.clock.now();
  if (active !== member.active) {
    if (!active) {
      // Never the owner, as they are now (an ownership transfer since the read included).
      if (!(await seats.setDeactivated(tx, tenantId, member.userId, now, now))) {
        throw ownerFixed('deactivated');
      }
      // Whatever they held as an admin, a promotion since the read included, goes.
      await endAdminPowers(tx, tenantId, member.userId, SCIM_ACTOR);
    } else {
      await requireEnterpriseIdentity(tx, tenantId);
      await requireRoomFor(tx, tenantId, 'members', () => countSeats(tx, tenantId, now));
      await seats.setDeactivated(tx, tenantId, member.userId, null, now);
    }
    await recordActivity(tx, {
      tenantId,
      actorId: SCIM_ACTOR,
      action: active ? 'member.reactivated' : 'member.deactivated',
      // A webhook's data is the details: member.joined says the role they join as.
      details: { user: member.userId, email: member.email, ...(active ? { role: 'member' } : {}) },
    });
  }
  await repo.saveDirectoryProfile(tx, tenantId, member.userId, profile, now);
}

/**
 * Takes a member out of the team (their account and other teams untouched): their team's single sign-on does not
 * bring them back. Never the owner (400).
 */
export async function deprovisionMember(
  deps: Pick<AuthDeps, 'clock'>,
  tx: Db,
  tenantId: string,
  member: { userId: string; email: string; role: 'owner' | 'admin' | 'member' },
): Promise<void> {
  if (member.role === 'owner') throw ownerFixed('deleted');
  const now = deps.clock.now();
  if (!(await seats.deleteMembership(tx, tenantId, member.userId, member.role, now))) {
    throw new AppError('NOT_FOUND', 'User not found', 'scim_not_found');
  }
  await repo.recordRemoval(tx, tenantId, member.userId, now);
  await endAdminPowers(tx, tenantId, member.userId, SCIM_ACTOR);
  await recordActivity(tx, {
    tenantId,
    actorId: SCIM_ACTOR,
    action: 'member.deprovisioned',
    details: { user: member.userId, email: member.email },
  });
}

/**
 * Whether the account is one the team's directory made and that has no way in of its own since (no password, no
 * passkey): the person the directory provisioned, whom the team's single sign-on signs in without a link to confirm
 * (there is no holder to confirm it but them). An account the directory found verified is its holder's, and is linked
 * only by its holder, as any other.
 */
export async function isDirectoryPerson(
  deps: Pick<AuthDeps, 'factorStores'>,
  tx: Db,
  tenantId: string,
  user: { uuid: string; passwordHash: string | null },
): Promise<boolean> {
  if (user.passwordHash !== null || !(await repo.isAccountMadeByDirectory(tx, tenantId, user.uuid)))
    return false;
  for (const store of deps.factorStores) if (await store.has(tx, user.uuid)) return false;
  return true;
}
