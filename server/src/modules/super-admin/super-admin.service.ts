// The super-admin area (docs/spec.md section 2, Admin; docs/contract.md section 4, Operators): every team, all
// feedback, every account and the business's figures, across tenants by design.
import {
  isUuid,
  type AdminFeedback,
  type AdminMetrics,
  type AdminTenant,
  type AdminTenantDetail,
  type AdminUser,
  type AdminUserDetail,
  type AuthResponse,
  type OperatorAuditEntry,
} from '@app/contract';

import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Page, type PageQuery, readPage } from '../../lib/pagination.ts';
import { isSuperAdmin } from '../../lib/super-admin.ts';
import type { OperatorCaller, UserCaller } from '../../lib/caller.ts';
import { recordActivity } from '../activity/activity.service.ts';
import * as accountStatus from '../auth/account-status.service.ts';
import type { AuthDeps, Client } from '../auth/auth.service.ts';
import * as sessions from '../auth/sessions.service.ts';
import * as repo from './super-admin.repository.ts';
import { DAY_MS } from '../../lib/clock.ts';

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
  if (!tenant) throw new AppError('NOT_FOUND', 'Tenant not found', 'tenant_not_found');
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

const SIGNUP_DAYS = 30;

/** The business at a glance; `now` is the app's clock, whose UTC day is the last of the sign-ups shown. */
export async function getMetrics(db: Db, now: Date): Promise<AdminMetrics> {
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const from = tomorrow - SIGNUP_DAYS * DAY_MS;
  const [counts, active, signups] = await Promise.all([
    repo.countTeamsAndUsers(db),
    repo.countActiveSubscriptions(db),
    repo.countSignupsByDay(db, new Date(from).toISOString().slice(0, 10)),
  ]);

  // An annual subscription pays a twelfth of its price each month, rounded per seat to a minor unit; a per-seat
  // plan's subscription pays it for each of its seats, a flat plan's once.
  const mrr = new Map<string, number>();
  for (const { currency, interval, seats, priceMonthly, priceAnnual } of active) {
    const monthly = interval === 'monthly' ? priceMonthly : Math.round(priceAnnual / 12);
    mrr.set(currency, (mrr.get(currency) ?? 0) + seats * monthly);
  }
  const signupsOn = new Map(signups.map((row) => [row.date, row.count]));
  const days = Array.from({ length: SIGNUP_DAYS }, (_, index) =>
    new Date(from + index * DAY_MS).toISOString().slice(0, 10),
  );
  return {
    teams: counts.teams,
    users: counts.users,
    verified_users: counts.verifiedUsers,
    active_subscriptions: active.reduce((sum, row) => sum + row.count, 0),
    mrr: [...mrr].sort(([a], [b]) => (a < b ? -1 : 1)).map(([currency, amount]) => ({ currency, amount })),
    signups_by_day: days.map((date) => ({ date, count: signupsOn.get(date) ?? 0 })),
  };
}

function toAdminUser(row: repo.UserRecord): AdminUser {
  return {
    uuid: row.uuid,
    email: row.email,
    is_verified: row.isVerified,
    is_suspended: row.isSuspended,
    created_at: row.createdAt,
    team_count: row.teamCount,
  };
}

export async function listUsers(db: Db, { q, ...page }: ListQuery): Promise<Page<AdminUser>> {
  return readPage(
    page,
    (limit, after) => repo.findUsers(db, { limit, after, q: q || undefined }),
    toAdminUser,
  );
}

export async function getUser(
  db: Db,
  uuid: string,
  superAdminEmails: readonly string[],
): Promise<AdminUserDetail> {
  const user = isUuid(uuid) ? await accountStatus.findUser(db, uuid) : undefined;
  if (!user) throw new AppError('NOT_FOUND', 'User not found', 'user_not_found');
  const teams = await repo.findUserTeams(db, user.uuid);
  return {
    uuid: user.uuid,
    email: user.email,
    is_verified: user.isVerified,
    is_suspended: user.suspendedAt !== null,
    created_at: user.createdAt.toISOString(),
    team_count: teams.length,
    is_super_admin: isSuperAdmin(user, superAdminEmails),
    teams: teams.map((team) => ({
      uuid: team.uuid,
      name: team.name,
      role: team.role,
      joined_at: team.joinedAt.toISOString(),
    })),
  };
}

export async function listAudit(db: Db, page: PageQuery): Promise<Page<OperatorAuditEntry>> {
  return readPage(
    page,
    (limit, after) => repo.findAudit(db, { limit, after }),
    (row) => ({
      uuid: row.uuid,
      operator_email: row.operatorEmail,
      action: row.action,
      target_email: row.targetEmail,
      created_at: row.createdAt,
    }),
  );
}

/** The operator acting: the caller of a super-admin route, or the operator behind a view as someone. */

/** Suspends or restores an account (docs/contract.md section 4, Operators); a change is put on the audit list. */
export async function setSuspension(
  auth: AuthDeps,
  operator: OperatorCaller,
  userId: string,
  suspended: boolean,
): Promise<void> {
  // An operator who suspends themselves locks the console's last door behind them.
  if (suspended && userId.toLowerCase() === operator.userId) {
    throw new AppError('BAD_REQUEST', 'You cannot suspend yourself', 'cannot_suspend_self');
  }
  await auth.db.transaction(async (tx) => {
    const outcome = isUuid(userId)
      ? await accountStatus.setSuspension(auth, tx, userId, suspended)
      : undefined;
    if (!outcome) throw new AppError('NOT_FOUND', 'User not found', 'user_not_found');
    if (!outcome.changed) return;
    await recordOperatorAction(tx, {
      operatorId: operator.userId,
      operatorEmail: await emailOf(tx, operator.userId),
      action: suspended ? 'user.suspended' : 'user.unsuspended',
      targetUserId: userId.toLowerCase(),
      targetEmail: outcome.email,
    });
  });
}

/** Who the audit list names for what an operator does at the server's command line. */
const COMMAND_LINE = 'npm run cli';

/**
 * `npm run cli -- unsuspend <email>` (docs/contract.md section 4, Operators): lifts any suspension, a listed
 * operator's too, recorded on the audit list as the console's are. Answers whether the account was suspended.
 */
export async function liftSuspension(db: Db, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const outcome = await accountStatus.liftSuspension(tx, email);
    if (outcome.changed) {
      await recordOperatorAction(tx, {
        operatorId: null,
        operatorEmail: COMMAND_LINE,
        action: 'user.unsuspended',
        targetUserId: outcome.uuid,
        targetEmail: outcome.email,
      });
    }
    return outcome.changed;
  });
}

/** Opens an operator's view as a user: the session, recorded on the audit list and in each of the user's teams. */
export async function impersonate(
  auth: AuthDeps,
  operator: OperatorCaller,
  userId: string,
  client: Client,
): Promise<AuthResponse> {
  return auth.db.transaction(async (tx) => {
    const session = await sessions.impersonate(auth, tx, { operatorId: operator.userId, userId }, client);
    await recordImpersonation(tx, 'impersonation.started', operator.userId, userId.toLowerCase());
    return session;
  });
}

/** Ends the caller's session, which must be an operator's view as them, and records the stop as the start was. */
export async function stopImpersonation(auth: AuthDeps, caller: UserCaller): Promise<void> {
  const operatorId = caller.actorId;
  if (!operatorId) throw new AppError('BAD_REQUEST', 'Not viewing as another user', 'not_impersonating');
  await auth.db.transaction(async (tx) => {
    const ended = await sessions.endImpersonation(auth, tx, caller);
    // Another request ended it first, and recorded it.
    if (ended) await recordImpersonation(tx, 'impersonation.stopped', operatorId, caller.userId);
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
  for (const team of await repo.findUserTeams(tx, userId)) {
    await recordActivity(tx, {
      tenantId: team.uuid,
      actorId: operatorId,
      action,
      details: { email: targetEmail },
    });
  }
}

async function emailOf(tx: Db, userId: string): Promise<string> {
  return (await accountStatus.findUser(tx, userId))?.email ?? '';
}

/** Puts an operator's action on the audit list, in the transaction of the action. */
export async function recordOperatorAction(tx: Db, entry: repo.OperatorActionEntry): Promise<void> {
  await repo.insertOperatorAction(tx, entry);
}
