// Member rules (docs/contract.md section 3): nobody changes the owner's role or removes the owner, and nobody changes or
// removes themselves through these calls; only admin and member can be given.
import type { AssignableRole, Member } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { withTenantScope, withTenantStatement } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Page, type PageQuery, readPage } from '../../lib/pagination.ts';
import type { TeamCaller, MemberCaller } from '../../lib/caller.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { CREDENTIAL_EVENTS, type TeamEvent } from '../auth/credential-lifecycle.service.ts';
import { requireRoomFor } from '../billing/billing.service.ts';
import { hasScimToken } from '../scim-tokens/scim-tokens.service.ts';
import { lockTeam } from '../tenants/tenants.service.ts';
import * as invitationsRepo from './invitations.repository.ts';
import * as repo from './members.repository.ts';
import * as seats from './membership-writes.ts';
import { retireMadeBy } from './team-credentials.ts';

type MemberRow = Awaited<ReturnType<typeof repo.getMember>> & {};

const toMember = ({ uuid, email, role, joinedAt, managedByDirectory, active }: MemberRow): Member => ({
  user_uuid: uuid,
  email,
  role,
  joined_at: joinedAt,
  managed_by_directory: managedByDirectory,
  active,
});

export async function listMembers(db: Db, caller: TeamCaller, query: PageQuery): Promise<Page<Member>> {
  return readPage(
    query,
    (limit, after) =>
      withTenantStatement(db, caller.tenantId, (tx) => repo.findMembers(tx, caller.tenantId, limit, after)),
    toMember,
  );
}

const changedMeanwhile = () =>
  new AppError(
    'CONFLICT',
    'This member’s role changed meanwhile. Reload the page and try again.',
    'role_changed_meanwhile',
  );

/** Each change of another member, and its refusals: of the caller themselves, and of the owner. */
const CHANGE_REFUSALS = {
  remove: {
    self: () => new AppError('BAD_REQUEST', 'You cannot remove yourself', 'cannot_remove_self'),
    owner: () => new AppError('FORBIDDEN', 'The team owner cannot be removed', 'owner_not_removable'),
  },
  changeRole: {
    self: () =>
      new AppError('BAD_REQUEST', 'You cannot change the role of yourself', 'cannot_change_own_role'),
    owner: () => new AppError('FORBIDDEN', 'The team owner cannot be changed', 'owner_role_fixed'),
  },
};

/** The member another member acts on, refusing the caller themselves and the owner. */
async function requireChangeableMember(
  db: Db,
  caller: MemberCaller,
  userId: string,
  change: keyof typeof CHANGE_REFUSALS,
) {
  if (userId === caller.userId) throw CHANGE_REFUSALS[change].self();
  const member = await repo.getMember(db, caller.tenantId, userId);
  if (!member) throw new AppError('NOT_FOUND', 'Member not found', 'member_not_found');
  if (member.role === 'owner') throw CHANGE_REFUSALS[change].owner();
  return member;
}

/**
 * What a member's authority made dies with it, and stays dead if they are promoted again: the credential event
 * 'admin role lost' (auth/credential-lifecycle.service.ts). Called wherever a member stops being an admin or the
 * owner (demoted, removed, gone).
 */
export async function endAdminPowers(tx: Db, tenantId: string, userId: string, actorId: string) {
  // A key being created by them waits on this lock and then finds them no admin, or is done and revoked here; an
  // endpoint being made waits on their membership row, which the caller has already changed.
  await lockTeam(tx, tenantId);
  const event: TeamEvent = 'admin role lost';
  await retireMadeBy(tx, { userId, tenantId, actorId }, CREDENTIAL_EVENTS[event].made, event);
}

export async function changeRole(
  db: Db,
  caller: MemberCaller,
  userId: string,
  role: AssignableRole,
): Promise<Member> {
  return withTenantScope(db, caller.tenantId, async (tx) => {
    const member = await requireChangeableMember(tx, caller, userId, 'changeRole');
    // Only from the role just read: a concurrent ownership transfer to this member wins, never half-undone.
    if (!(await repo.updateRole(tx, caller.tenantId, userId, role, { from: member.role }))) {
      throw changedMeanwhile();
    }
    if (role === 'member') await endAdminPowers(tx, caller.tenantId, userId, caller.userId);
    await recordActivity(tx, {
      tenantId: caller.tenantId,
      actorId: caller.userId,
      action: 'member.role_changed',
      details: { user: userId, email: member.email, from: member.role, to: role },
    });
    return toMember({ ...member, role });
  });
}

export async function removeMember(
  db: Db,
  clock: Clock,
  caller: MemberCaller,
  userId: string,
): Promise<void> {
  await withTenantScope(db, caller.tenantId, async (tx) => {
    // The team's row first, as every membership change takes it (a directory's change of the same member included):
    // one lock order, and no deadlock.
    await lockTeam(tx, caller.tenantId);
    const member = await requireChangeableMember(tx, caller, userId, 'remove');
    const now = clock.now();
    if (!(await seats.deleteMembership(tx, caller.tenantId, userId, member.role, now))) {
      throw changedMeanwhile();
    }
    // Their team's single sign-on does not bring them back; an invitation does.
    await repo.recordRemoval(tx, caller.tenantId, userId, now);
    await endAdminPowers(tx, caller.tenantId, userId, caller.userId);
    await recordActivity(tx, {
      tenantId: caller.tenantId,
      actorId: caller.userId,
      action: 'member.removed',
      details: { user: userId, email: member.email },
    });
  });
}

/**
 * Makes someone a member (role member) as they sign in through the team's single sign-on, within the plan's limits
 * (402 past them, and the caller's transaction rolls back); never someone an admin or the directory took out of the
 * team, and nobody in a team with a SCIM token (its directory alone decides who is in). Whether they are a member
 * afterwards.
 */
export async function joinThroughSso(
  tx: Db,
  tenantId: string,
  user: { uuid: string; email: string },
  now: Date,
): Promise<boolean> {
  if (await repo.isMember(tx, tenantId, user.uuid)) return true;
  if ((await repo.wasRemoved(tx, tenantId, user.uuid)) || (await hasScimToken(tx, tenantId))) return false;
  await requireRoomFor(tx, tenantId, 'members', () => countSeats(tx, tenantId, now));
  // The lock requireRoomFor took orders two first sign-ins of one person: the second finds the first's row.
  if (await repo.isMember(tx, tenantId, user.uuid)) return true;
  await seats.insertMembership(
    tx,
    { tenantId, userId: user.uuid, role: 'member', joinedThrough: 'sso' },
    now,
  );
  await recordActivity(tx, {
    tenantId,
    actorId: user.uuid,
    action: 'member.joined',
    details: { user: user.uuid, email: user.email, role: 'member' },
  });
  return true;
}

/**
 * The seats a team's plan counts (docs/contract.md section 4): its members and its pending invitations; a member its
 * directory deactivated holds none until it lets them back.
 */
export async function countSeats(tx: Db, tenantId: string, now: Date): Promise<number> {
  return (
    (await repo.countActiveMembers(tx, tenantId)) + (await invitationsRepo.countPending(tx, tenantId, now))
  );
}

/**
 * A member leaves a team of their own accord (their account is being deleted), recorded in the team's log. The owner
 * cannot: the team would be left without one. Whether they were a member other than the owner.
 */
export async function leaveTeam(tx: Db, tenantId: string, userId: string, now: Date): Promise<boolean> {
  await lockTeam(tx, tenantId);
  if (!(await seats.deleteNonOwnerMembership(tx, tenantId, userId, now))) return false;
  await endAdminPowers(tx, tenantId, userId, userId);
  await recordActivity(tx, { tenantId, actorId: userId, action: 'member.left' });
  return true;
}
