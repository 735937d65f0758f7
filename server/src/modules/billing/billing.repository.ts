// Billing queries: plans, the one subscription per team, its invoices and the local checkout sessions.
// Every query on a tenant-owned table names the tenant; callers run them inside withTenantScope.
import { LIVE_SUBSCRIPTION_STATUSES, PAID_STATUSES } from '@app/contract';
import { and, asc, desc, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { pgTime } from '../../db/iso-time.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { checkoutSessions, invoiceLines, invoices, plans, subscriptions } from '../../db/schema/billing.ts';
import { tenants } from '../../db/schema/tenants.ts';

export type PlanRow = typeof plans.$inferSelect;

/** The unlisted plan of a team without a paid subscription (migration 0013). */
const FREE_PLAN_ID = 'free';
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscription = Omit<typeof subscriptions.$inferInsert, 'uuid' | 'tenantId' | 'createdAt'>;
export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoice = typeof invoices.$inferInsert;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type NewInvoiceLine = Pick<
  typeof invoiceLines.$inferInsert,
  'description' | 'quantity' | 'unitAmount' | 'amount'
>;

export const isLive = (status: SubscriptionRow['status']) =>
  (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);

/**
 * Statuses Stripe can still charge: the live ones, and `incomplete`, whose first invoice may still be paid (for
 * 23 hours, until Stripe makes it incomplete_expired). Ending a team's billing cancels such a subscription, and a
 * team never keeps two of them. A new checkout stays open to a team whose only one is incomplete: the paid one
 * wins (stripe-webhooks.service.ts).
 */
const BILLABLE_STATUSES = [...LIVE_SUBSCRIPTION_STATUSES, 'incomplete'] as const;
export const isBillable = (status: SubscriptionRow['status']) =>
  (BILLABLE_STATUSES as readonly string[]).includes(status);

/** The plans for sale, in their order; the free plan is not one of them. */
export function findPlans(db: Db) {
  return db.select().from(plans).where(eq(plans.listed, true)).orderBy(asc(plans.sortOrder), asc(plans.id));
}

/** A plan for sale: what a checkout, a plan change or a provider's event may name. */
export async function findPlan(db: Db, id: string) {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.id, id), eq(plans.listed, true)));
  return plan;
}

export async function findTenant(db: Db, tenantId: string) {
  const [tenant] = await db
    .select({ uuid: tenants.uuid, name: tenants.name, stripeCustomerId: tenants.stripeCustomerId })
    .from(tenants)
    .where(eq(tenants.uuid, tenantId));
  return tenant;
}

/**
 * Serializes the billing changes of one team (payments, plan changes, renewals, webhooks, seat changes) until the
 * transaction ends, on the team's row: the lock a membership change already holds (its count's trigger updates the
 * row), so a seat change inside one and a payment that writes the row's mirror of the subscription queue in one order
 * and never deadlock.
 */
export async function lockTeamBilling(db: Db, tenantId: string) {
  await db
    .select({ uuid: tenants.uuid })
    .from(tenants)
    .where(eq(tenants.uuid, tenantId))
    .for('no key update');
}

/** The team's members who hold a seat (tenants.seat_count, kept by the memberships' trigger). */
export async function findSeatCount(db: Db, tenantId: string) {
  const [row] = await db.select({ seats: tenants.seatCount }).from(tenants).where(eq(tenants.uuid, tenantId));
  return row?.seats ?? 0;
}

/** Read on every visit to the billing page: built and planned once per connection. */
const subscriptionOfTeam = preparedPerHandle((db) =>
  db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.tenantId, sql.placeholder('tenantId')))
    .prepare('subscription_of_team'),
);

export async function findSubscription(db: Db, tenantId: string) {
  const [row] = await subscriptionOfTeam(db).execute({ tenantId });
  return row;
}

/** Creates the team's subscription, or replaces the one it had with a new one (one per team). */
export async function saveSubscription(db: Db, tenantId: string, values: NewSubscription) {
  const [row] = await db
    .insert(subscriptions)
    .values({ ...values, tenantId })
    .onConflictDoUpdate({
      target: subscriptions.tenantId,
      set: { ...values, uuid: sql`gen_random_uuid()`, createdAt: sql`now()`, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export async function updateSubscription(db: Db, tenantId: string, values: Partial<NewSubscription>) {
  const [row] = await db
    .update(subscriptions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(subscriptions.tenantId, tenantId))
    .returning();
  return row!;
}

/** Local subscriptions whose period has ended: the renewal job settles each in its team's scope. */
export async function findDueLocalSubscriptions(db: Db, now: Date, limit: number) {
  const rows = await db
    .select({ tenantId: subscriptions.tenantId })
    .from(subscriptions)
    .where(
      and(
        // Spelled as the predicate of subscriptions_local_due_idx, so the planner can use that partial index.
        sql`${subscriptions.provider} = 'local' and ${subscriptions.status} in ('active', 'trialing', 'past_due', 'unpaid')`,
        lte(subscriptions.currentPeriodEnd, now),
      ),
    )
    .orderBy(asc(subscriptions.currentPeriodEnd))
    .limit(limit);
  return rows.map((row) => row.tenantId);
}

/** A team's invoices newest first, starting after a cursor's key; served by invoices_tenant_newest_idx. */
export function findInvoices(db: Db, tenantId: string, limit: number, after?: readonly [string, string]) {
  return db
    .select({
      uuid: invoices.uuid,
      number: invoices.number,
      amount: invoices.amount,
      currency: invoices.currency,
      status: invoices.status,
      dueDate: invoices.dueDate,
      createdAt: invoices.createdAt,
      /** The exact sort key for the cursor (see lib/pagination.ts). */
      sortAt: pgTime(invoices.createdAt),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        after &&
          sql`(${invoices.createdAt}, ${invoices.uuid}) < (${after[0]}::timestamptz, ${after[1]}::uuid)`,
      ),
    )
    .orderBy(desc(invoices.createdAt), desc(invoices.uuid))
    .limit(limit);
}

export async function findInvoice(db: Db, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.uuid, id)));
  return row;
}

/** Lines in the order they were added; without an invoice, they wait for the team's next one. */
export async function insertInvoiceLines(
  db: Db,
  tenantId: string,
  invoiceId: string | null,
  lines: NewInvoiceLine[],
  at: Date,
) {
  if (lines.length === 0) return;
  await db
    .insert(invoiceLines)
    .values(lines.map((line) => ({ ...line, tenantId, invoiceId, createdAt: at })));
}

/** The team's lines that wait for its next invoice (prorated seat changes). */
export function findPendingLines(db: Db, tenantId: string) {
  return db
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.tenantId, tenantId), isNull(invoiceLines.invoiceId)))
    .orderBy(asc(invoiceLines.position));
}

/** Puts the team's waiting lines on an invoice it is issuing. */
export async function attachPendingLines(db: Db, tenantId: string, invoiceId: string) {
  await db
    .update(invoiceLines)
    .set({ invoiceId })
    .where(and(eq(invoiceLines.tenantId, tenantId), isNull(invoiceLines.invoiceId)));
}

/** The lines of some of the team's invoices, each invoice's in order (invoice_lines_invoice_idx). */
export function findLinesOf(db: Db, tenantId: string, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.tenantId, tenantId), inArray(invoiceLines.invoiceId, invoiceIds)))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
}

/** An invoice's lines as its provider reports them now (Stripe), in place of those stored before. */
export async function replaceInvoiceLines(
  db: Db,
  tenantId: string,
  invoiceId: string,
  lines: NewInvoiceLine[],
  at: Date,
) {
  await db
    .delete(invoiceLines)
    .where(and(eq(invoiceLines.tenantId, tenantId), eq(invoiceLines.invoiceId, invoiceId)));
  await insertInvoiceLines(db, tenantId, invoiceId, lines, at);
}

/** The new invoice, or undefined when its period (local) or provider id (Stripe) already has one. */
export async function insertInvoice(db: Db, values: NewInvoice) {
  const [row] = await db.insert(invoices).values(values).onConflictDoNothing().returning();
  return row;
}

/** The next invoice number of a team: a prefix of its id and a running count ("3F2A9B1C-0002"). */
export async function nextInvoiceNumber(db: Db, tenantId: string) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(invoices)
    .where(eq(invoices.tenantId, tenantId));
  return `${tenantId.slice(0, 8).toUpperCase()}-${String((row?.count ?? 0) + 1).padStart(4, '0')}`;
}

export async function insertCheckoutSession(
  db: Db,
  values: {
    tenantId: string;
    planId: string;
    interval: 'monthly' | 'annual';
    expiresAt: Date;
    createdAt: Date;
  },
) {
  const [row] = await db.insert(checkoutSessions).values(values).returning();
  return row!;
}

/** A checkout session by id alone: the checkout page names no team, so the caller checks membership after. */
export async function findCheckoutSession(db: Db, id: string) {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.uuid, id));
  return row;
}

export async function completeCheckoutSession(db: Db, tenantId: string, id: string, at: Date) {
  await db
    .update(checkoutSessions)
    .set({ completedAt: at })
    .where(and(eq(checkoutSessions.tenantId, tenantId), eq(checkoutSessions.uuid, id)));
}

/**
 * A team's effective plan and its limits in one statement, planned once per connection: the plan of its subscription
 * while that is paid (active or trialing), else the free plan (its plan id then null). Every item created and every
 * invitation reads it.
 */
const limitsOfTeam = preparedPerHandle((db) =>
  db
    .select({
      planId: subscriptions.planId,
      memberLimit: plans.memberLimit,
      itemLimit: plans.itemLimit,
      enterpriseIdentity: plans.enterpriseIdentity,
    })
    .from(plans)
    .leftJoin(
      subscriptions,
      and(
        eq(subscriptions.tenantId, sql.placeholder('tenantId')),
        inArray(subscriptions.status, [...PAID_STATUSES]),
      ),
    )
    .where(eq(plans.id, sql`coalesce(${subscriptions.planId}, ${FREE_PLAN_ID})`))
    .prepare('limits_of_team'),
);

export async function findEffectiveLimits(db: Db, tenantId: string) {
  const [row] = await limitsOfTeam(db).execute({ tenantId });
  return row;
}

/**
 * True, in a statement of another module's, while the team's effective plan (as limitsOfTeam reads it) sets no item
 * limit: the item insert of such a team needs no count.
 */
export function hasNoItemLimit(tenantId: SQL) {
  return sql`(select ${plans.itemLimit} from ${plans} left join ${subscriptions}
    on ${subscriptions.tenantId} = ${tenantId} and ${inArray(subscriptions.status, [...PAID_STATUSES])}
    where ${plans.id} = coalesce(${subscriptions.planId}, ${FREE_PLAN_ID})) is null`;
}
