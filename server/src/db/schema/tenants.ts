import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const tenants = pgTable(
  'tenants',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    description: text('description'),
    stripeCustomerId: text('stripe_customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The super-admin list pages through all teams newest first.
  (table) => [
    index('tenants_newest_idx').on(table.createdAt.desc().nullsFirst(), table.uuid.desc().nullsFirst()),
    // One Stripe customer per team; Stripe's webhooks find the team by it.
    uniqueIndex('tenants_stripe_customer_idx').on(table.stripeCustomerId),
  ],
);

export type TenantRow = typeof tenants.$inferSelect;
