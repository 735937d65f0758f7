import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const tenants = pgTable(
  'tenants',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    description: text('description'),
    stripeCustomerId: text('stripe_customer_id'),
    /** Kept by a trigger on memberships (migration 0009): the admin's list of teams reads it, not a count per row. */
    memberCount: integer('member_count').notNull().default(0),
    /**
     * The members who hold a seat: those a directory has not deactivated. Kept by the same trigger (migration 0029),
     * so a per-seat subscription's quantity reads one column in the transaction that changed the team.
     */
    seatCount: integer('seat_count').notNull().default(0),
    /**
     * The team's subscription's status and plan, null without one, mirrored by a trigger on subscriptions (migration
     * 0010): the admin's list of teams reads them here, not with a lookup per row. The subscription stays the truth.
     */
    subscriptionStatus: text('subscription_status'),
    subscriptionPlan: text('subscription_plan'),
    /**
     * The team's security rules (docs/contract.md section 4, Enterprise identity), read with the caller's access on
     * every team request: members reach the team only from a session that passed a second factor, or (those its
     * single sign-on holds) that came through it.
     */
    requireTwoFactor: boolean('require_two_factor').notNull().default(false),
    requireSso: boolean('require_sso').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The super-admin list pages through all teams newest first.
  (table) => [
    index('tenants_newest_idx').on(table.createdAt.desc().nullsFirst(), table.uuid.desc().nullsFirst()),
    // One Stripe customer per team; Stripe's webhooks find the team by it.
    uniqueIndex('tenants_stripe_customer_idx').on(table.stripeCustomerId),
  ],
);
