// Team rules (docs/contract.md section 3): renaming needs an admin, deleting needs the owner; every change is recorded
// in the activity log. Creating a team and handing it over are membership changes: members/teams.service.ts.
import type { Role, Tenant } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { withTenantScope, withTenantStatement } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Page, type PageQuery, readPage } from '../../lib/pagination.ts';
import type { MemberCaller, UserCaller } from '../../lib/caller.ts';
import { recordActivity } from '../activity/activity.service.ts';
import * as repo from './tenants.repository.ts';

export async function listTenants(db: Db, { userId }: UserCaller, query: PageQuery): Promise<Page<Tenant>> {
  return readPage(
    query,
    (limit, after) => repo.findUserTenants(db, userId, limit, after),
    ({ sortAt: _, ...tenant }) => tenant,
  );
}

/** A new team's row; members.createTeam makes its creator the owner in the same transaction. */
export async function insertTenant(
  tx: Db,
  values: { name: string; description: string | null },
): Promise<{ uuid: string; name: string; description: string | null }> {
  const { uuid, name, description } = await repo.insertTenant(tx, values);
  return { uuid, name, description };
}

/**
 * Sets the team's security rules (docs/contract.md section 4, Enterprise identity): enterprise decides when, and the
 * guards of every team route read them with the caller's access.
 */
export async function setTeamRules(
  tx: Db,
  tenantId: string,
  rules: { requireSso?: boolean; requireTwoFactor?: boolean },
): Promise<void> {
  await repo.updateTeamRules(tx, tenantId, rules);
}

/** Turns require_sso off while it is on; whether this call did. */
export async function turnOffRequireSso(tx: Db, tenantId: string): Promise<boolean> {
  return repo.turnOffRequireSso(tx, tenantId);
}

export async function getTenant(db: Db, caller: MemberCaller): Promise<Tenant> {
  const tenant = await withTenantStatement(db, caller.tenantId, (tx) =>
    repo.getTenantForMember(tx, caller.tenantId, caller.userId),
  );
  if (!tenant) throw new AppError('NOT_FOUND', 'Tenant not found', 'tenant_not_found');
  return tenant;
}

export async function updateTenant(
  db: Db,
  caller: MemberCaller,
  body: { name: string; description?: string | null },
): Promise<Tenant> {
  await withTenantScope(db, caller.tenantId, async (tx) => {
    await repo.updateTenant(tx, caller.tenantId, body);
    await recordActivity(tx, {
      tenantId: caller.tenantId,
      actorId: caller.userId,
      action: 'team.updated',
      details: body,
    });
  });
  return getTenant(db, caller);
}

/**
 * Billing's part in deleting a team: billing sits above teams (it locks and names them), so it hands this in as
 * app.teamBilling (billing.plugin.ts) rather than being imported here.
 */
export type TeamBilling = { endBilling(tenantId: string): Promise<void> };

export async function deleteTenant(db: Db, caller: MemberCaller, billing: TeamBilling): Promise<void> {
  // The subscription is cancelled with the provider first, so a deleted team is never billed again; when the
  // provider cannot confirm, this throws and the team stays.
  await billing.endBilling(caller.tenantId);
  await db.transaction(async (tx) => {
    await recordActivity(tx, { tenantId: caller.tenantId, actorId: caller.userId, action: 'tenant.deleted' });
    await repo.deleteTenant(tx, caller.tenantId);
  });
}

/**
 * Locks the team for an addition counted against its plan (billing's requireRoomFor), in the caller's transaction:
 * concurrent additions wait here, then count what the one before them added.
 */
export async function lockTeam(tx: Db, tenantId: string): Promise<void> {
  if (!(await repo.lockTenant(tx, tenantId)))
    throw new AppError('NOT_FOUND', 'Team not found', 'team_not_found');
}

/** The team's name, for a mail that names it. */
export async function getTeamName(db: Db, tenantId: string): Promise<string> {
  const name = await repo.findTenantName(db, tenantId);
  if (name === undefined) throw new AppError('NOT_FOUND', 'Team not found', 'team_not_found');
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
