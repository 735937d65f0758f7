// The built-in test-mode provider: checkout and portal are the app's own pages (contract/src/billing.ts), and
// the PDFs are rendered by the app. Nothing leaves the process.
import { localBillingPaths } from '@app/contract';

import { withTenantScope } from '../../../db/tenant-scope.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { InvoiceLinks } from '../invoice-links.ts';
import { insertCheckoutSession } from '../billing.repository.ts';
import type { BillingProvider } from '../billing-provider.ts';
import { isDue, settleLocalSubscription, upcomingLocalInvoice } from './local-billing.service.ts';

/** How long a checkout page stays payable. */
const CHECKOUT_SESSION_TTL_MS = 60 * 60 * 1000;

export function createLocalProvider({
  clock,
  invoiceLinks,
}: {
  clock: Clock;
  invoiceLinks: InvoiceLinks;
}): BillingProvider {
  return {
    name: 'local',
    async startCheckout(db, { tenant, plan, interval }) {
      const now = clock.now();
      const session = await withTenantScope(db, tenant.uuid, (tx) =>
        insertCheckoutSession(tx, {
          tenantId: tenant.uuid,
          planId: plan.id,
          interval,
          createdAt: now,
          expiresAt: new Date(now.getTime() + CHECKOUT_SESSION_TTL_MS),
        }),
      );
      return localBillingPaths.checkout(session.uuid);
    },
    async openPortal(tenant) {
      return localBillingPaths.portal(tenant.uuid);
    },
    // A local subscription bills only through this app, and its rows go with the team.
    async endBilling() {},
    invoiceDownloadUrl: (invoice) => invoiceLinks.create(invoice),
    upcomingInvoice: (db, subscription) =>
      withTenantScope(db, subscription.tenantId, (tx) => upcomingLocalInvoice(tx, subscription)),
    // Its seat changes are billed in the transaction that made them (seats/seats.service.ts).
    async setQuantity() {},
    // Periods renew (or end) when they are read and from the renewal job, so nobody needs to be looking.
    isDue,
    settle: settleLocalSubscription,
  };
}
