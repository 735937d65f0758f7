// A team's owner (docs/contract.md section 3): the creator owns the team they create, and only the owner hands it to
// another member. Both are changes of memberships, so they live here; the team's own row is the tenants module's.
import type { Tenant } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { withTenantScope } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberCaller, UserCaller } from '../../lib/caller.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { insertTenant } from '../tenants/tenants.service.ts';
import * as repo from './members.repository.ts';
import * as seats from './membership-writes.ts';

export async function createTeam(
  db: Db,
  { userId }: UserCaller,
  { name, description }: { name: string; description?: string | null },
): Promise<Tenant> {
  return db.transaction(async (tx) => {
    const tenant = await insertTenant(tx, { name, description: description ?? null });
    // A new team has no subscription yet: the instant of the change bills nothing.
    await seats.insertMembership(tx, { tenantId: tenant.uuid, userId, role: 'owner' }, new Date());
    return { ...tenant, user_role: 'owner' };
  });
}

/**
 * Hands the team to another member in one step; the old owner stays on as admin. The caller's own row is demoted
 * first, and only while it is still the owner's: of two concurrent transfers the second waits for that row and then
 * finds no owner to demote, so a team never ends with two owners (nor, by the database's check, with none).
 */
export async function transferOwnership(db: Db, caller: MemberCaller, newOwnerId: string): Promise<string> {
  if (newOwnerId === caller.userId)
    throw new AppError('BAD_REQUEST', 'You already own this team', 'already_owner');
  await withTenantScope(db, caller.tenantId, async (tx) => {
    if (!(await repo.updateRole(tx, caller.tenantId, caller.userId, 'admin', { from: 'owner' }))) {
      throw new AppError('FORBIDDEN', 'Only the team owner can do this', 'owner_only');
    }
    // Never to someone the team's directory has shut out: the team would have an owner who cannot reach it.
    if (!(await repo.updateRole(tx, caller.tenantId, newOwnerId, 'owner', { active: true }))) {
      throw new AppError(
        'BAD_REQUEST',
        'The new owner must be a member of this team',
        'new_owner_not_member',
      );
    }
    await recordActivity(tx, {
      tenantId: caller.tenantId,
      actorId: caller.userId,
      action: 'ownership.transferred',
      details: { to: newOwnerId, email: (await repo.getMember(tx, caller.tenantId, newOwnerId))?.email },
    });
  });
  return 'Ownership transferred';
}
