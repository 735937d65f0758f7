// Team rules (docs/contract.md section 3): the creator owns the team; renaming needs an admin; deleting and handing over
// ownership need the owner. Every change is recorded in the activity log.
import type { Role, Tenant, TenantUsage } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { withTenantScope, withTenantStatement } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Page, type PageQuery, readPage } from '../../lib/pagination.ts';
import type { TenantContext } from '../../plugins/tenant.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { planLimits } from '../billing/billing.service.ts';
import { countPending } from '../invitations/invitations.service.ts';
import { countItems } from '../items/items.service.ts';
import { addMember, findMemberEmail, setRole } from '../members/members.service.ts';
import * as repo from './tenants.repository.ts';

export async function listTenants(db: Db, userId: string, query: PageQuery): Promise<Page<Tenant>> {
  return readPage(
    query,
    (limit, after) => repo.findUserTenants(db, userId, limit, after),
    ({ sortAt: _, ...tenant }) => tenant,
  );
}

export async function createTenant(
  db: Db,
  userId: string,
  { name, description }: { name: string; description?: string | null },
): Promise<Tenant> {
  return db.transaction(async (tx) => {
    const tenant = await repo.insertTenant(tx, { name, description: description ?? null });
    await addMember(tx, { tenantId: tenant.uuid, userId, role: 'owner' });
    return { uuid: tenant.uuid, name: tenant.name, description: tenant.description, user_role: 'owner' };
  });
}

export async function getTenant(db: Db, ctx: TenantContext): Promise<Tenant> {
  const tenant = await withTenantStatement(db, ctx.tenantId, (tx) =>
    repo.getTenantForMember(tx, ctx.tenantId, ctx.userId),
  );
  if (!tenant) throw new AppError('NOT_FOUND', 'Tenant not found');
  return tenant;
}

export async function updateTenant(
  db: Db,
  ctx: TenantContext,
  body: { name: string; description?: string | null },
): Promise<Tenant> {
  await withTenantScope(db, ctx.tenantId, async (tx) => {
    await repo.updateTenant(tx, ctx.tenantId, body);
    await recordActivity(tx, {
      tenantId: ctx.tenantId,
      actorId: ctx.userId,
      action: 'team.updated',
      details: body,
    });
  });
  return getTenant(db, ctx);
}

/** Billing's part in deleting a team (billing.service endBillingForDeletedTeam). */
type TeamBilling = { endBilling(tenantId: string): Promise<void> };

export async function deleteTenant(db: Db, ctx: TenantContext, billing: TeamBilling): Promise<void> {
  // The subscription is cancelled with the provider first, so a deleted team is never billed again; when the
  // provider cannot confirm, this throws and the team stays.
  await billing.endBilling(ctx.tenantId);
  await db.transaction(async (tx) => {
    await recordActivity(tx, { tenantId: ctx.tenantId, actorId: ctx.userId, action: 'tenant.deleted' });
    await repo.deleteTenant(tx, ctx.tenantId);
  });
}

/**
 * Hands the team to another member in one step; the old owner stays on as admin. The caller's own row is demoted
 * first, and only while it is still the owner's: of two concurrent transfers the second waits for that row and then
 * finds no owner to demote, so a team never ends with two owners (nor, by the database's check, with none).
 */
export async function transferOwnership(db: Db, ctx: TenantContext, newOwnerId: string): Promise<string> {
  if (newOwnerId === ctx.userId) throw new AppError('BAD_REQUEST', 'You already own this team');
  await withTenantScope(db, ctx.tenantId, async (tx) => {
    if (!(await setRole(tx, ctx.tenantId, ctx.userId, 'admin', { from: 'owner' }))) {
      throw new AppError('FORBIDDEN', 'Only the team owner can do this');
    }
    if (!(await setRole(tx, ctx.tenantId, newOwnerId, 'owner'))) {
      throw new AppError('BAD_REQUEST', 'The new owner must be a member of this team');
    }
    await recordActivity(tx, {
      tenantId: ctx.tenantId,
      actorId: ctx.userId,
      action: 'ownership.transferred',
      details: { to: newOwnerId, email: await findMemberEmail(tx, ctx.tenantId, newOwnerId) },
    });
  });
  return 'Ownership transferred';
}

/**
 * Locks the team for an addition counted against its plan (an invitation, an item), in the caller's transaction:
 * concurrent additions wait here, then count what the one before them added. The team's member count.
 */
export async function lockTeam(tx: Db, tenantId: string): Promise<{ memberCount: number }> {
  const tenant = await repo.lockTenant(tx, tenantId);
  if (!tenant) throw new AppError('NOT_FOUND', 'Team not found');
  return tenant;
}

/** What the team uses of its plan (docs/contract.md section 4): members with pending invitations, and items. */
export async function getUsage(db: Db, ctx: TenantContext, now: Date): Promise<TenantUsage> {
  return withTenantScope(db, ctx.tenantId, async (tx) => {
    const limits = await planLimits(tx, ctx.tenantId);
    const members =
      (await repo.findMemberCount(tx, ctx.tenantId)) + (await countPending(tx, ctx.tenantId, now));
    return {
      plan_id: limits.planId,
      members: { used: members, limit: limits.members },
      items: { used: await countItems(tx, ctx.tenantId), limit: limits.items },
    };
  });
}

/** The team's name, for a mail that names it. */
export async function getTeamName(db: Db, tenantId: string): Promise<string> {
  const name = await repo.findTenantName(db, tenantId);
  if (name === undefined) throw new AppError('NOT_FOUND', 'Team not found');
  return name;
}

/** Billing's customer at Stripe, stored once: a second concurrent checkout keeps the first. */
export async function recordStripeCustomer(db: Db, tenantId: string, customerId: string): Promise<void> {
  await repo.setStripeCustomerId(db, tenantId, customerId);
}

export type UserTeam = { uuid: string; name: string; role: Role; joinedAt: string; memberCount: number };

/** Every team of a user, oldest membership first, whole (an account's export and deletion read them all). */
export async function listUserTeams(db: Db, userId: string): Promise<UserTeam[]> {
  return repo.findUserTeams(db, userId);
}
