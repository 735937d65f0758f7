import { z } from 'zod';

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
