// The super-admin area (docs/spec.md section 2, Admin): every team and all feedback, across tenants by design.
import { isUuid, type AdminFeedback, type AdminTenant, type AdminTenantDetail } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Page, type PageQuery, readPage } from '../../lib/pagination.ts';
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
