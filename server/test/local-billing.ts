// Subscribing a team through the local test-mode provider, as its checkout page does.
import type { BillingInterval, Subscription } from '@app/contract';

import { bearer, inTenant, type TestApp } from './helpers.ts';

export const TEST_CARD = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };

/** Checkout, then pay with the test card; answers the new subscription. */
export async function subscribeLocally(
  app: TestApp,
  owner: { access_token: string },
  tenantUuid: string,
  planId = 'pro',
  interval: BillingInterval = 'monthly',
): Promise<Subscription> {
  const checkout = await app.inject({
    method: 'POST',
    url: '/api/payments/checkout',
    headers: inTenant(owner.access_token, tenantUuid),
    payload: { plan_id: planId, billing_interval: interval },
  });
  if (checkout.statusCode !== 200)
    throw new Error(`checkout failed: ${checkout.statusCode} ${checkout.body}`);
  const sessionId = (checkout.json() as { url: string }).url.split('/').pop();
  const paid = await app.inject({
    method: 'POST',
    url: `/api/payments/local/checkout/${sessionId}/pay`,
    headers: bearer(owner.access_token),
    payload: TEST_CARD,
  });
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.statusCode} ${paid.body}`);
  return paid.json() as Subscription;
}

/** A test app's config whose access tokens outlive the clock's jumps of months in billing tests. */
export const LONG_LIVED_TOKENS = { ACCESS_TOKEN_TTL_SECONDS: String(10 * 365 * 86400) };
