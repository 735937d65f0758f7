// Plans, one subscription per team, its invoices, local checkout sessions and the provider events already applied.
import {
  BILLING_INTERVALS,
  BILLING_PROVIDERS,
  INVOICE_STATUSES,
  SUBSCRIPTION_STATUSES,
} from '@app/contract/constants';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { tenants } from './tenants.ts';

export const billingInterval = pgEnum('billing_interval', BILLING_INTERVALS);
export const subscriptionStatus = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const invoiceStatus = pgEnum('invoice_status', INVOICE_STATUSES);
export const paymentsProvider = pgEnum('payments_provider', BILLING_PROVIDERS);

/**
 * Seeded by migration with starter, pro and business, and the unlisted free plan (the limits of a team without a
 * live subscription); prices in minor units. A null limit is unlimited.
 */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  currency: text('currency').notNull(),
  priceMonthly: integer('price_monthly').notNull(),
  priceAnnual: integer('price_annual').notNull(),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Members a team may have, pending invitations included. */
  memberLimit: integer('member_limit'),
  itemLimit: integer('item_limit'),
  /** Offered for sale (GET /payments/plans, checkout); false for the free plan. */
  listed: boolean('listed').notNull().default(true),
  /** Verified domains, single sign-on and SCIM (docs/contract.md section 4, Enterprise identity): business. */
  enterpriseIdentity: boolean('enterprise_identity').notNull().default(false),
  /** The prices are per member (business): a subscription's quantity follows the team's seats. */
  perSeat: boolean('per_seat').notNull().default(false),
});

export const subscriptions = pgTable(
  'subscriptions',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.uuid, { onDelete: 'cascade' }),
    provider: paymentsProvider('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    providerCustomerId: text('provider_customer_id'),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    interval: billingInterval('interval').notNull(),
    status: subscriptionStatus('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Local provider: the instant periods are counted from, so monthly renewals keep their day of the month. */
    billingCycleAnchor: timestamp('billing_cycle_anchor', { withTimezone: true }),
    /** Local provider: unused time credited by a plan change, taken off the next invoices (minor units). */
    creditBalance: integer('credit_balance').notNull().default(0),
    /** When the trial ends (status trialing): the first invoice is due then. Null without a trial. */
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    /** Seats billed on a per-seat plan (the team's seat count), else 1. */
    quantity: integer('quantity').notNull().default(1),
    /** The price of one for the interval (minor units): the plan's, or Stripe's price of the subscription's item. */
    unitAmount: integer('unit_amount').notNull().default(0),
    /**
     * Stripe: counts the quantity changes the provider must be told of; each is sent with its own idempotency key, so a
     * retry is answered as the first try and a later change is never mistaken for it.
     */
    seatVersion: integer('seat_version').notNull().default(0),
    /** When the provider last changed this state (Stripe's event time): older events are stale and ignored. */
    providerUpdatedAt: timestamp('provider_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscriptions_tenant_idx').on(table.tenantId),
    uniqueIndex('subscriptions_provider_id_idx').on(table.providerSubscriptionId),
    // The operators' figures: active subscriptions and MRR read this alone.
    index('subscriptions_active_idx')
      .on(table.planId, table.interval)
      .where(sql`${table.status} = 'active'`),
    // The renewal job's scan: local subscriptions still billing, by the end of their period.
    index('subscriptions_local_due_idx')
      .on(table.currentPeriodEnd)
      .where(
        sql`${table.provider} = 'local' and ${table.status} in ('active', 'trialing', 'past_due', 'unpaid')`,
      ),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.uuid, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: invoiceStatus('status').notNull(),
    dueDate: timestamp('due_date', { withTimezone: true }),
    planId: text('plan_id').references(() => plans.id),
    interval: billingInterval('interval'),
    /** Local invoices: the plan's price before credit; amount = subtotal - credit applied. */
    subtotal: integer('subtotal'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** Stripe's invoice id; null for local invoices, whose PDF the app renders. */
    providerInvoiceId: text('provider_invoice_id'),
    /** Stripe's invoice_pdf or hosted_invoice_url. */
    providerPdfUrl: text('provider_pdf_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('invoices_tenant_newest_idx').on(
      table.tenantId,
      table.createdAt.desc().nullsFirst(),
      table.uuid.desc().nullsFirst(),
    ),
    uniqueIndex('invoices_provider_id_idx').on(table.providerInvoiceId),
    // One local invoice per billing period, so a renewal that runs twice bills once.
    uniqueIndex('invoices_local_period_idx')
      .on(table.tenantId, table.periodStart)
      .where(sql`${table.providerInvoiceId} is null`),
  ],
);

/**
 * What an invoice bills, line by line: a period of the plan, a prorated change of seats (local provider), or Stripe's
 * lines as its webhook reported them. A local line without an invoice is pending: the next invoice takes it.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.uuid, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => invoices.uuid, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    amount: integer('amount').notNull(),
    /** Lines are listed in the order they were added. */
    position: integer('position').generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('invoice_lines_invoice_idx').on(table.invoiceId, table.position),
    index('invoice_lines_pending_idx')
      .on(table.tenantId, table.position)
      .where(sql`${table.invoiceId} is null`),
  ],
);

/**
 * Seat changes still to be told to a provider that bills elsewhere (Stripe): one row per team, written in the
 * transaction that changed the team, taken by the seat worker, retried with backoff until the provider has the
 * subscription's quantity at `seatVersion`.
 */
export const seatSyncs = pgTable(
  'seat_syncs',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.uuid, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [index('seat_syncs_due_idx').on(table.dueAt)],
);

/** The local provider's short-lived checkout sessions. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.uuid, { onDelete: 'cascade' }),
    planId: text('plan_id')
      .notNull()
      .references(() => plans.id),
    interval: billingInterval('interval').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('checkout_sessions_tenant_idx').on(table.tenantId)],
);

/** Provider webhook events already applied: the id is recorded in the same transaction as the effects. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
