// The super-admin area (docs/spec.md section 2, Admin): every team and all feedback, across tenants by design.
import {
  isUuid,
  type AdminFeedback,
  type AdminTenant,
  type AdminTenantDetail,
  type AuthResponse,
} from '@app/contract';

import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Page, type PageQuery, readPage } from '../../lib/pagination.ts';
import type { AccessTokenSubject } from '../../lib/tokens.ts';
import { recordActivity } from '../activity/activity.service.ts';
import * as authService from '../auth/auth.service.ts';
import type { AuthDeps, Client } from '../auth/auth.service.ts';
import * as repo from './super-admin.repository.ts';

type ListQuery = PageQuery & { q?: string | undefined };

function toAdminTenant(row: repo.TenantRecord): AdminTenant {
  return {
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    created_at: row.createdAt,
    stripe_customer_id: row.stripeCustomerId,
    user_count: row.userCount,
    subscription_status: row.subscriptionStatus,
    subscription_plan: row.subscriptionPlan,
  };
}

export async function listTenants(db: Db, { q, ...page }: ListQuery): Promise<Page<AdminTenant>> {
  return readPage(
    page,
    (limit, after) => repo.findTenants(db, { limit, after, q: q || undefined }),
    toAdminTenant,
  );
}

export async function getTenant(db: Db, id: string): Promise<AdminTenantDetail> {
  const tenant = isUuid(id) ? await repo.findTenant(db, id) : undefined;
  if (!tenant) throw new AppError('NOT_FOUND', 'Tenant not found');
  const [users, subscription] = await Promise.all([
    repo.findTenantUsers(db, id),
    repo.findSubscription(db, id),
  ]);
  return {
    ...toAdminTenant(tenant),
    users: users.map((user) => ({
      uuid: user.uuid,
      email: user.email,
      role: user.role,
      is_verified: user.isVerified,
      joined_at: user.joinedAt.toISOString(),
    })),
    subscription: subscription
      ? {
          uuid: subscription.uuid,
          status: subscription.status,
          plan_type: subscription.planId,
          current_period_start: subscription.currentPeriodStart.toISOString(),
          current_period_end: subscription.currentPeriodEnd.toISOString(),
          cancel_at_period_end: subscription.cancelAtPeriodEnd,
        }
      : null,
  };
}

export async function listFeedback(db: Db, { q, ...page }: ListQuery): Promise<Page<AdminFeedback>> {
  return readPage(
    page,
    (limit, after) => repo.findFeedback(db, { limit, after, q: q || undefined }),
    (row) => ({
      uuid: row.uuid,
      user_email: row.userEmail,
      tenant_name: row.tenantName,
      route: row.route,
      message: row.message,
      created_at: row.createdAt.toISOString(),
    }),
  );
}

/** The operator acting: the caller of a super-admin route, or the operator behind a view as someone. */
type Operator = { uuid: string };

/** Suspends or restores an account (docs/contract.md section 4, Operators); a change is put on the audit list. */
export async function setSuspension(
  auth: AuthDeps,
  operator: Operator,
  userId: string,
  suspended: boolean,
): Promise<void> {
  // An operator who suspends themselves locks the console's last door behind them.
  if (suspended && userId.toLowerCase() === operator.uuid) {
    throw new AppError('BAD_REQUEST', 'You cannot suspend yourself');
  }
  await auth.db.transaction(async (tx) => {
    const outcome = isUuid(userId) ? await authService.setSuspension(auth, tx, userId, suspended) : undefined;
    if (!outcome) throw new AppError('NOT_FOUND', 'User not found');
    if (!outcome.changed) return;
    await recordOperatorAction(tx, {
      operatorId: operator.uuid,
      operatorEmail: await emailOf(tx, operator.uuid),
      action: suspended ? 'user.suspended' : 'user.unsuspended',
      targetUserId: userId.toLowerCase(),
      targetEmail: outcome.email,
    });
  });
}

/** Opens an operator's view as a user: the session, recorded on the audit list and in each of the user's teams. */
export async function impersonate(
  auth: AuthDeps,
  operator: Operator,
  userId: string,
  client: Client,
): Promise<AuthResponse> {
  return auth.db.transaction(async (tx) => {
    const session = await authService.impersonate(auth, tx, { operatorId: operator.uuid, userId }, client);
    await recordImpersonation(tx, 'impersonation.started', operator.uuid, userId.toLowerCase());
    return session;
  });
}

/** Ends the caller's session, which must be an operator's view as them, and records the stop as the start was. */
export async function stopImpersonation(auth: AuthDeps, user: AccessTokenSubject): Promise<void> {
  const operatorId = user.actorId;
  if (!operatorId) throw new AppError('BAD_REQUEST', 'Not viewing as another user');
  await auth.db.transaction(async (tx) => {
    const ended = await authService.endImpersonation(auth, tx, {
      userId: user.uuid,
      sessionId: user.sessionId,
    });
    // Another request ended it first, and recorded it.
    if (ended) await recordImpersonation(tx, 'impersonation.stopped', operatorId, user.uuid);
  });
}

async function recordImpersonation(
  tx: Db,
  action: 'impersonation.started' | 'impersonation.stopped',
  operatorId: string,
  userId: string,
) {
  const targetEmail = await emailOf(tx, userId);
  await recordOperatorAction(tx, {
    operatorId,
    operatorEmail: await emailOf(tx, operatorId),
    action,
    targetUserId: userId,
    targetEmail,
  });
  // The teams' admins see who looked at their team through whose eyes.
  for (const tenantId of await repo.findTeamIdsOf(tx, userId)) {
    await recordActivity(tx, { tenantId, actorId: operatorId, action, details: { email: targetEmail } });
  }
}

async function emailOf(tx: Db, userId: string): Promise<string> {
  return (await authService.findUser(tx, userId))?.email ?? '';
}

/** Puts an operator's action on the audit list, in the transaction of the action. */
export async function recordOperatorAction(tx: Db, entry: repo.OperatorActionEntry): Promise<void> {
  await repo.insertOperatorAction(tx, entry);
}
