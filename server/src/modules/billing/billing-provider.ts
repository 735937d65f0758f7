// The port between billing rules and a payment provider (local | stripe, chosen once from PAYMENTS_PROVIDER).
// The service decides who may do what and when; a provider talks to the outside world, and settles what its own
// subscriptions have due (the local one renews its periods; Stripe's webhooks do that for Stripe's).
import type { BillingInterval, UpcomingInvoice } from '@app/contract';

import type { Db } from '../../db/client.ts';
import type { InvoiceRow, PlanRow, SubscriptionRow } from './billing.repository.ts';

/**
 * What a plan's member limit counts in a team (its members and pending invitations): the members module's count,
 * handed in through this port (members.plugin.ts), as billing sits below members.
 */
export type PlanSeats = (tx: Db, tenantId: string, now: Date) => Promise<number>;

type BillingTenant = { uuid: string; name: string; stripeCustomerId: string | null };

export type BillingProvider = {
  readonly name: 'local' | 'stripe';
  /**
   * The URL of a page where the team pays for a new subscription. The subscription itself is recorded when the
   * payment succeeds (the local checkout page, or Stripe's webhooks). `db` is the app's handle: a provider scopes
   * its own writes to the team, and makes no network call inside a transaction. `trialDays` is the trial a first
   * subscription starts with (0: none); the local provider decides again when the checkout is paid. `quantity` is the
   * team's seats on a per-seat plan, else 1 (the local provider counts again when the checkout is paid).
   */
  startCheckout(
    db: Db,
    request: {
      tenant: BillingTenant;
      plan: PlanRow;
      interval: BillingInterval;
      trialDays: number;
      quantity: number;
    },
  ): Promise<string>;
  /** The URL of the page where the team changes plan, cancels or resumes. */
  openPortal(tenant: BillingTenant, subscription: SubscriptionRow): Promise<string>;
  /**
   * The team is being deleted: cancel its live subscription at once and close any checkout still open, so that
   * nothing bills it again. Throws when that cannot be done, and the team is then kept.
   */
  endBilling(tenant: BillingTenant, liveSubscription: SubscriptionRow | undefined): Promise<void>;
  /**
   * The next invoice of one of this provider's subscriptions as it stands, or null when none will come. `db` is the
   * app's handle: no network call is made inside a transaction.
   */
  upcomingInvoice(db: Db, subscription: SubscriptionRow): Promise<UpcomingInvoice | null>;
  /**
   * Tells the provider the subscription's quantity (the seat worker, seats/seat-worker.ts; `attempt` counts its tries
   * of this change); throws when it could not, and the worker tries again later. The local provider bills its seats in
   * the changing transaction: nothing to tell.
   */
  setQuantity(subscription: SubscriptionRow, attempt: number): Promise<void>;
  /** A URL that serves the invoice as a PDF. */
  invoiceDownloadUrl(invoice: InvoiceRow): Promise<string>;
  /**
   * Whether settle has work on this subscription of the provider's at `now`: a period that has ended. Checked on the
   * subscription as just read, so that a read opens settle's transaction only when there is something to settle.
   */
  isDue(subscription: SubscriptionRow, now: Date): boolean;
  /**
   * Brings the team's subscription, if this provider bills it, up to `now` in the caller's transaction, and answers
   * the team's subscription as it then stands (undefined: none). The local provider renews each period that has ended
   * with its invoice, or ends a cancelled subscription; Stripe's webhooks settle its own, so it only reads.
   */
  settle(tx: Db, tenantId: string, now: Date): Promise<SubscriptionRow | undefined>;
};
