// The super-admin area (SPEC section 2, Admin): every team and all feedback, across tenants by design.
import { isUuid, type AdminFeedback, type AdminTenant, type AdminTenantDetail } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Page, TimestampKeySchema, decodeCursor, toPage } from '../../lib/pagination.ts';
import * as repo from './super-admin.repository.ts';

type ListQuery = { limit: number; cursor?: string | undefined; q?: string | undefined };

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

export async function listTenants(db: Db, { limit, cursor, q }: ListQuery): Promise<Page<AdminTenant>> {
  const after = decodeCursor(cursor, TimestampKeySchema);
  const rows = await repo.findTenants(db, { limit: limit + 1, after, q: q || undefined });
  const page = toPage(rows, limit, (row) => [row.sortAt, row.uuid]);
  return { rows: page.rows.map(toAdminTenant), nextCursor: page.nextCursor };
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

export async function listFeedback(db: Db, { limit, cursor, q }: ListQuery): Promise<Page<AdminFeedback>> {
  const after = decodeCursor(cursor, TimestampKeySchema);
  const rows = await repo.findFeedback(db, { limit: limit + 1, after, q: q || undefined });
  const page = toPage(rows, limit, (row) => [row.sortAt, row.uuid]);
  return {
    rows: page.rows.map((row) => ({
      uuid: row.uuid,
      user_email: row.userEmail,
      tenant_name: row.tenantName,
      route: row.route,
      message: row.message,
      created_at: row.createdAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}
