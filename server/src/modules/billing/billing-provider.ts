// The port between billing rules and a payment provider (local | stripe, chosen once from PAYMENTS_PROVIDER).
// The service decides who may do what and when; a provider only talks to the outside world.
import type { BillingInterval } from '@app/contract';

import type { Db } from '../../db/client.ts';
import type { InvoiceRow, PlanRow, SubscriptionRow } from './billing.repository.ts';

type BillingTenant = { uuid: string; name: string; stripeCustomerId: string | null };

export type BillingProvider = {
  readonly name: 'local' | 'stripe';
  /**
   * The URL of a page where the team pays for a new subscription. The subscription itself is recorded when the
   * payment succeeds (the local checkout page, or Stripe's webhooks). `db` is the app's handle: a provider scopes
   * its own writes to the team, and makes no network call inside a transaction. `trialDays` is the trial a first
   * subscription starts with (0: none); the local provider decides again when the checkout is paid.
   */
  startCheckout(
    db: Db,
    request: { tenant: BillingTenant; plan: PlanRow; interval: BillingInterval; trialDays: number },
  ): Promise<string>;
  /** The URL of the page where the team changes plan, cancels or resumes. */
  openPortal(tenant: BillingTenant, subscription: SubscriptionRow): Promise<string>;
  /**
   * The team is being deleted: cancel its live subscription at once and close any checkout still open, so that
   * nothing bills it again. Throws when that cannot be done, and the team is then kept.
   */
  endBilling(tenant: BillingTenant, liveSubscription: SubscriptionRow | undefined): Promise<void>;
  /** A URL that serves the invoice as a PDF. */
  invoiceDownloadUrl(invoice: InvoiceRow): Promise<string>;
};
