// Billing rules shared by both providers (docs/contract.md section 3): any member reads plans, the subscription and invoices;
// admins and the owner start checkouts, open the portal and download invoices; one subscription per team, so a team
// that has one changes plan in the portal instead of checking out again.
import {
  isUuid,
  planLimitMessage,
  type CheckoutBody,
  type Invoice,
  type InvoiceDownload,
  type Plan,
  type RedirectUrl,
  type Subscription,
  type UpcomingInvoice,
} from '@app/contract';

import type { SQL } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { withTenantScope, withTenantStatement } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type Page, type PageQuery, readPage } from '../../lib/pagination.ts';
import type { MemberCaller } from '../../lib/caller.ts';
import type { InvoiceLinks } from './invoice-links.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { subscriptionExists, unknownPlan } from './billing.refusals.ts';
import * as repo from './billing.repository.ts';
import { toInvoice, toPlan, toSubscription } from './billing.responses.ts';
import { toInvoiceLine } from './invoice-lines.ts';
import { quantityFor } from './seats/quantity.ts';
import type { BillingProvider, PlanSeats } from './billing-provider.ts';
import { lockTeam } from '../tenants/tenants.service.ts';

export type BillingDeps = {
  db: Db;
  clock: Clock;
  /** TRIAL_DAYS: the free days a team's first subscription starts with (0: none). */
  trialDays: number;
  /** Where new checkouts go (PAYMENTS_PROVIDER). */
  provider: BillingProvider;
  /** Every provider this instance can reach, for subscriptions made under an earlier setting. */
  providers: Partial<Record<BillingProvider['name'], BillingProvider>>;
  invoiceLinks: InvoiceLinks;
  /** What a plan's member limit counts (PlanSeats), set by the members module. */
  planSeats: PlanSeats;
};

const invoiceNotFound = () => new AppError('NOT_FOUND', 'Invoice not found', 'invoice_not_found');

function providerFor(deps: BillingDeps, name: BillingProvider['name']) {
  const provider = deps.providers[name];
  if (!provider) {
    throw new AppError(
      'UNAVAILABLE',
      `This subscription is billed by ${name === 'stripe' ? 'Stripe' : 'the test-mode provider'}, which is not configured.`,
      'unavailable',
      { reason: name === 'stripe' ? 'stripe_not_configured' : 'local_billing_not_configured' },
    );
  }
  return provider;
}

/**
 * The team's subscription as it stands at `now`, in the caller's transaction: the provider that bills it settles it
 * first when it has something due (a local period that ended renews or ends). Undefined when the team has none. A
 * subscription of a provider this instance cannot reach is answered as it is: only the local provider ever has
 * anything due, and it is always there.
 */
async function settledSubscription(deps: BillingDeps, tx: Db, tenantId: string, now: Date) {
  const current = await repo.findSubscription(tx, tenantId);
  const provider = current && deps.providers[current.provider];
  if (!current || !provider?.isDue(current, now)) return current;
  return provider.settle(tx, tenantId, now);
}

export async function listPlans(db: Db): Promise<Plan[]> {
  return (await repo.findPlans(db)).map(toPlan);
}

/** The plan a team without a paid subscription is on (migration 0013): never sold, so not listed. */

export type PlanLimits = {
  planId: string | null;
  members: number | null;
  items: number | null;
  /** Verified domains, single sign-on and SCIM (docs/contract.md section 4, Enterprise identity). */
  enterpriseIdentity: boolean;
};

/**
 * The limits of a team's effective plan (docs/contract.md section 4): its subscription's plan while that is active or
 * trialing, else the free plan (planId null). Read in the caller's transaction, after it has locked the team.
 */
export async function planLimits(tx: Db, tenantId: string): Promise<PlanLimits> {
  const plan = await repo.findEffectiveLimits(tx, tenantId);
  if (!plan) throw new Error(`The free plan is missing from the database`);
  return {
    planId: plan.planId,
    members: plan.memberLimit,
    items: plan.itemLimit,
    enterpriseIdentity: plan.enterpriseIdentity,
  };
}

/** Verified domains and single sign-on need a plan that includes them (the Business plan), active or trialing. */
export async function hasEnterpriseIdentity(tx: Db, tenantId: string): Promise<boolean> {
  return (await planLimits(tx, tenantId)).enterpriseIdentity;
}

export async function requireEnterpriseIdentity(tx: Db, tenantId: string): Promise<void> {
  if (!(await hasEnterpriseIdentity(tx, tenantId))) {
    throw new AppError('PLAN_LIMIT', 'This needs the Business plan', 'business_plan_required');
  }
}

/** A condition for the items module's insert: the team's plan sets no item limit (one statement, no count). */
export function itemsUnlimited(tenantId: SQL): SQL {
  return repo.hasNoItemLimit(tenantId);
}

/**
 * The one check of a plan's limits (docs/contract.md section 4), before adding one member (an invitation holds a
 * seat) or one item, in the caller's transaction: locks the team, so concurrent additions queue here and each counts
 * what the one before it added, then refuses with 402 (and the caller's transaction rolls back) when what the team
 * uses, counted by the module that owns it after the lock, is already at the limit.
 */
export async function requireRoomFor(
  tx: Db,
  tenantId: string,
  kind: 'members' | 'items',
  countUsed: () => Promise<number>,
): Promise<void> {
  await lockTeam(tx, tenantId);
  const limit = (await planLimits(tx, tenantId))[kind];
  if (limit !== null && (await countUsed()) >= limit) {
    throw new AppError('PLAN_LIMIT', planLimitMessage(limit, kind), 'plan_limit', {
      reason: kind,
      count: limit,
    });
  }
}

export async function getSubscription(deps: BillingDeps, caller: MemberCaller): Promise<Subscription> {
  const now = deps.clock.now();
  let row = await withTenantStatement(deps.db, caller.tenantId, (tx) =>
    repo.findSubscription(tx, caller.tenantId),
  );
  // A period that ended while nobody looked is settled first by its provider: once a period, in a transaction of
  // its own.
  const provider = row && deps.providers[row.provider];
  if (row && provider?.isDue(row, now)) {
    row = await withTenantScope(deps.db, caller.tenantId, (tx) => provider.settle(tx, caller.tenantId, now));
  }
  if (!row) throw new AppError('NOT_FOUND', 'No subscription found', 'subscription_not_found');
  return toSubscription(row);
}

export async function listInvoices(
  deps: BillingDeps,
  caller: MemberCaller,
  query: PageQuery,
): Promise<Page<Invoice>> {
  return readPage(
    query,
    (limit, after) =>
      withTenantScope(deps.db, caller.tenantId, async (tx) => {
        // Periods that ended while nobody looked are invoiced before the list is read.
        await settledSubscription(deps, tx, caller.tenantId, deps.clock.now());
        const rows = await repo.findInvoices(tx, caller.tenantId, limit, after);
        const lines = await repo.findLinesOf(
          tx,
          caller.tenantId,
          rows.map((row) => row.uuid),
        );
        return rows.map((row) => ({
          ...row,
          lines: lines.filter((line) => line.invoiceId === row.uuid).map(toInvoiceLine),
        }));
      }),
    (row) => toInvoice(row, row.lines),
  );
}

/** The next invoice of the team's subscription as it stands (docs/contract.md section 4, Per-seat billing). */
export async function getUpcomingInvoice(deps: BillingDeps, caller: MemberCaller): Promise<UpcomingInvoice> {
  const subscription = await withTenantScope(deps.db, caller.tenantId, (tx) =>
    settledSubscription(deps, tx, caller.tenantId, deps.clock.now()),
  );
  if (!subscription) throw new AppError('NOT_FOUND', 'No subscription found', 'subscription_not_found');
  const upcoming = await providerFor(deps, subscription.provider).upcomingInvoice(deps.db, subscription);
  if (!upcoming) {
    throw new AppError(
      'NOT_FOUND',
      'No invoice is coming: the subscription ends with its period.',
      'no_upcoming_invoice',
    );
  }
  return upcoming;
}

export async function startCheckout(
  deps: BillingDeps,
  caller: MemberCaller,
  { plan_id, billing_interval = 'monthly' }: CheckoutBody,
): Promise<RedirectUrl> {
  const { plan, trialDays, quantity, tenant } = await withTenantScope(
    deps.db,
    caller.tenantId,
    async (tx) => {
      const plan = await repo.findPlan(tx, plan_id);
      if (!plan) throw unknownPlan(plan_id);
      const current = await settledSubscription(deps, tx, caller.tenantId, deps.clock.now());
      if (current && repo.isLive(current.status)) {
        throw subscriptionExists();
      }
      // A team that had a subscription before gets no second trial.
      const trialDays = current ? 0 : deps.trialDays;
      return {
        plan,
        trialDays,
        quantity: await quantityFor(tx, caller.tenantId, plan),
        tenant: (await repo.findTenant(tx, caller.tenantId))!,
      };
    },
  );
  // Paying re-checks under the team's billing lock, so a checkout opened meanwhile can never add a second one.
  const url = await deps.provider.startCheckout(deps.db, {
    tenant,
    plan,
    interval: billing_interval,
    trialDays,
    quantity,
  });
  return { url };
}

export async function openPortal(deps: BillingDeps, caller: MemberCaller): Promise<RedirectUrl> {
  const { tenant, subscription } = await withTenantScope(deps.db, caller.tenantId, async (tx) => ({
    tenant: (await repo.findTenant(tx, caller.tenantId))!,
    subscription: await settledSubscription(deps, tx, caller.tenantId, deps.clock.now()),
  }));
  if (!subscription) {
    throw new AppError(
      'NOT_FOUND',
      'No subscription found. Choose a plan to subscribe first.',
      'no_subscription_to_manage',
    );
  }
  return { url: await providerFor(deps, subscription.provider).openPortal(tenant, subscription) };
}

/** Stripe's invoices carry Stripe's own PDF link; local ones get a short-lived link to the app's PDF. */
export async function getInvoiceDownload(
  deps: BillingDeps,
  caller: MemberCaller,
  id: string,
): Promise<InvoiceDownload> {
  if (!isUuid(id)) throw invoiceNotFound();
  const invoice = await withTenantScope(deps.db, caller.tenantId, (tx) =>
    repo.findInvoice(tx, caller.tenantId, id),
  );
  if (!invoice) throw invoiceNotFound();
  const provider = providerFor(deps, invoice.providerInvoiceId ? 'stripe' : 'local');
  return { download_url: await provider.invoiceDownloadUrl(invoice) };
}

/** The PDF behind a download link: the link's token names the invoice and its team, no session needed. */
export async function getInvoicePdf(deps: BillingDeps, id: string, token: string) {
  const link = isUuid(id) ? await deps.invoiceLinks.verify(id, token) : null;
  if (!link) {
    throw new AppError(
      'UNAUTHORIZED',
      'This download link has expired. Download the invoice again.',
      'download_link_expired',
    );
  }
  const found = await withTenantScope(deps.db, link.tenantId, async (tx) => {
    const invoice = await repo.findInvoice(tx, link.tenantId, id);
    const tenant = await repo.findTenant(tx, link.tenantId);
    const lines = await repo.findLinesOf(tx, link.tenantId, [id]);
    return invoice && tenant && { invoice, tenant, lines };
  });
  if (!found || found.invoice.providerInvoiceId) throw invoiceNotFound();
  const { invoice, tenant, lines } = found;
  const pdf = await renderInvoicePdf({
    number: invoice.number,
    status: invoice.status,
    issuedAt: invoice.createdAt,
    dueDate: invoice.dueDate,
    amount: invoice.amount,
    subtotal: invoice.subtotal,
    currency: invoice.currency,
    lines: lines.map(toInvoiceLine),
    team: { uuid: tenant.uuid, name: tenant.name },
  });
  return { filename: `invoice-${invoice.number}.pdf`, pdf };
}

/**
 * Called before a team is deleted: its live subscription is cancelled with the provider first, so a deleted team
 * is never billed again. Throws when the provider cannot confirm, and the team is then kept.
 */
export async function endBillingForDeletedTeam(deps: BillingDeps, tenantId: string): Promise<void> {
  const { tenant, subscription } = await withTenantScope(deps.db, tenantId, async (tx) => ({
    tenant: await repo.findTenant(tx, tenantId),
    subscription: await settledSubscription(deps, tx, tenantId, deps.clock.now()),
  }));
  if (!tenant) return;
  // Anything Stripe could still charge is cancelled, an incomplete subscription too: its first invoice may yet be paid.
  const live = subscription && repo.isBillable(subscription.status) ? subscription : undefined;
  // The live subscription's own provider must confirm; otherwise the current one closes its open checkouts.
  await (live ? providerFor(deps, live.provider) : deps.provider).endBilling(tenant, live);
}
