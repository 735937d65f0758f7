// Queries of the Stripe webhook: events run as the app itself (a webhook names no team until it is read), and
// find their team from the event's metadata, the stored subscription id or the team's Stripe customer.
import { eq } from 'drizzle-orm';

import type { Db } from '../../../db/client.ts';
import { invoices, paymentEvents, subscriptions } from '../../../db/schema/billing.ts';
import { tenants } from '../../../db/schema/tenants.ts';
import type { NewInvoice } from '../billing.repository.ts';

/** Records an event id; false when it was already recorded, i.e. the event was applied before. */
export async function recordEvent(db: Db, id: string, type: string) {
  const inserted = await db
    .insert(paymentEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}

/** Removes an event's record, so that Stripe's next delivery of it is applied again. */
export async function forgetEvent(db: Db, id: string) {
  await db.delete(paymentEvents).where(eq(paymentEvents.id, id));
}

export async function tenantExists(db: Db, tenantId: string) {
  const [row] = await db.select({ uuid: tenants.uuid }).from(tenants).where(eq(tenants.uuid, tenantId));
  return row !== undefined;
}

export async function findTenantIdBySubscription(db: Db, providerSubscriptionId: string) {
  const [row] = await db
    .select({ tenantId: subscriptions.tenantId })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  return row?.tenantId;
}

export async function findTenantIdByCustomer(db: Db, customerId: string) {
  const [row] = await db
    .select({ uuid: tenants.uuid })
    .from(tenants)
    .where(eq(tenants.stripeCustomerId, customerId));
  return row?.uuid;
}

export async function findInvoiceByProviderId(db: Db, providerInvoiceId: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.providerInvoiceId, providerInvoiceId));
  return row;
}

/** Creates or refreshes the copy of a Stripe invoice; its id. */
export async function saveStripeInvoice(db: Db, values: NewInvoice & { providerInvoiceId: string }) {
  const { tenantId: _tenantId, ...changes } = values;
  const [row] = await db
    .insert(invoices)
    .values(values)
    .onConflictDoUpdate({ target: invoices.providerInvoiceId, set: changes })
    .returning({ uuid: invoices.uuid });
  return row!.uuid;
}
