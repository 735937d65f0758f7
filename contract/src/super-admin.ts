import { z } from 'zod';

import { OPERATOR_ACTIONS } from './constants.ts';
import { AuthResponseSchema } from './auth.ts';
import type { EndpointSchemas } from './endpoint-schema-types.ts';
import { PageQuerySchema, SearchPageQuerySchema } from './pagination.ts';
import { RoleSchema } from './tenants.ts';

/** A team as the super-admin list shows it (docs/spec.md section 3, admin view). */
export const AdminTenantSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  stripe_customer_id: z.string().nullable(),
  user_count: z.number().int(),
  subscription_status: z.string().nullable(),
  subscription_plan: z.string().nullable(),
});
export type AdminTenant = z.infer<typeof AdminTenantSchema>;

export const AdminTenantUserSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  role: RoleSchema,
  is_verified: z.boolean(),
  joined_at: z.iso.datetime({ offset: true }),
});
export type AdminTenantUser = z.infer<typeof AdminTenantUserSchema>;

/** The admin form of a subscription (docs/spec.md section 3). */
export const AdminSubscriptionSchema = z.object({
  uuid: z.uuid(),
  status: z.string(),
  plan_type: z.string(),
  current_period_start: z.iso.datetime({ offset: true }),
  current_period_end: z.iso.datetime({ offset: true }),
  cancel_at_period_end: z.boolean(),
});
export type AdminSubscription = z.infer<typeof AdminSubscriptionSchema>;

export const AdminTenantDetailSchema = AdminTenantSchema.extend({
  users: z.array(AdminTenantUserSchema),
  subscription: AdminSubscriptionSchema.nullable(),
});
export type AdminTenantDetail = z.infer<typeof AdminTenantDetailSchema>;

export const AdminFeedbackSchema = z.object({
  uuid: z.uuid(),
  user_email: z.string().nullable(),
  tenant_name: z.string().nullable(),
  route: z.string(),
  message: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type AdminFeedback = z.infer<typeof AdminFeedbackSchema>;

export const AdminTenantParamsSchema = z.object({ id: z.string().max(100) });

/** docs/contract.md section 4, Operators: the business at a glance. Amounts in minor units, per month. */
export const AdminMetricsSchema = z.object({
  teams: z.number().int(),
  users: z.number().int(),
  verified_users: z.number().int(),
  active_subscriptions: z.number().int(),
  mrr: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
  /** The last 30 days, oldest first, each day (UTC) present, with or without sign-ups. */
  signups_by_day: z.array(z.object({ date: z.iso.date(), count: z.number().int() })),
});
export type AdminMetrics = z.infer<typeof AdminMetricsSchema>;

/** An account as the operators' user search shows it. */
export const AdminUserSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  is_verified: z.boolean(),
  is_suspended: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  team_count: z.number().int(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** One account's page on /admin/users/{uuid}: its teams, and whether it may be viewed as (not a super admin). */
export const AdminUserDetailSchema = AdminUserSchema.extend({
  is_super_admin: z.boolean(),
  teams: z.array(
    z.object({
      uuid: z.uuid(),
      name: z.string(),
      role: RoleSchema,
      joined_at: z.iso.datetime({ offset: true }),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

export const AdminUserParamsSchema = z.object({ uuid: z.string().max(100) });

/** An entry of the operators' audit list on /admin: who did what to which account. */
export const OperatorAuditEntrySchema = z.object({
  uuid: z.uuid(),
  operator_email: z.string(),
  action: z.enum(OPERATOR_ACTIONS),
  target_email: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type OperatorAuditEntry = z.infer<typeof OperatorAuditEntrySchema>;

export const superAdminEndpointSchemas = {
  adminListTenants: { query: SearchPageQuerySchema, response: { 200: z.array(AdminTenantSchema) } },
  adminGetTenant: { params: AdminTenantParamsSchema, response: { 200: AdminTenantDetailSchema } },
  adminListFeedback: { query: SearchPageQuerySchema, response: { 200: z.array(AdminFeedbackSchema) } },
  adminGetMetrics: { response: { 200: AdminMetricsSchema } },
  adminListUsers: { query: SearchPageQuerySchema, response: { 200: z.array(AdminUserSchema) } },
  adminGetUser: { params: AdminUserParamsSchema, response: { 200: AdminUserDetailSchema } },
  adminListAudit: { query: PageQuerySchema, response: { 200: z.array(OperatorAuditEntrySchema) } },
  adminSuspendUser: { params: AdminUserParamsSchema, response: { 204: z.null() } },
  adminUnsuspendUser: { params: AdminUserParamsSchema, response: { 204: z.null() } },
  adminImpersonate: { params: AdminUserParamsSchema, response: { 200: AuthResponseSchema } },
  // Called with the viewed account's own token, under /auth/impersonation: /super-admin is closed to it.
  stopImpersonation: { response: { 204: z.null() } },
} as const satisfies EndpointSchemas;
