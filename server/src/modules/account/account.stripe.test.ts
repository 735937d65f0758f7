// Deleting an account with PAYMENTS_PROVIDER=stripe: the subscription of a team the user alone belongs to is cancelled
// at Stripe before anything is deleted, and when Stripe cannot confirm, nothing is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTeam, registerUser, type TestApp } from '../../../test/helpers.ts';
import {
  buildStripeApp,
  deliver,
  PRICES,
  randomId,
  stripeEvent,
  stripeSubscription,
} from '../../../test/stripe-events.ts';
import { startStripeStandIn, type StripeStandIn } from '../../../test/stripe-stand-in.ts';

let standIn: StripeStandIn;
let app: TestApp;
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  standIn = await startStripeStandIn();
  app = await buildStripeApp(standIn, { starter: PRICES.starter, pro: PRICES.pro });
});
afterAll(async () => {
  await app.close();
  await standIn.close();
});

/** A user alone in a team with a live Stripe subscription, as its webhooks would record it. */
async function subscribedUser() {
  const user = await registerUser(app);
  const team = await createTeam(app, user);
  const subscription = stripeSubscription({
    id: randomId('sub'),
    tenantUuid: team.uuid,
    customer: randomId('cus'),
    start: now(),
    end: now() + 30 * 86400,
  });
  standIn.subscriptions.set(subscription.id, subscription);
  expect(
    (await deliver(app, stripeEvent('customer.subscription.created', subscription, now()))).statusCode,
  ).toBe(200);
  return { user, subscription: subscription.id };
}

const deleteAccount = (user: { access_token: string; password: string }) =>
  app.inject({
    method: 'DELETE',
    url: '/api/auth/me',
    headers: bearer(user.access_token),
    payload: { password: user.password },
  });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('deleting an account whose team pays through Stripe', () => {
  it("cancels the team's subscription at Stripe", async () => {
    const { user, subscription } = await subscribedUser();
    expect((await deleteAccount(user)).statusCode).toBe(204);
    expect(standIn.sent('DELETE', `/v1/subscriptions/${subscription}`)).toHaveLength(1);
    expect(standIn.subscriptions.get(subscription)!.status).toBe('canceled');
  });

  it('keeps the account and the team when Stripe cannot confirm the cancellation', async () => {
    const { user } = await subscribedUser();
    standIn.failWhen((request) => request.method === 'DELETE');
    try {
      const response = await deleteAccount(user);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        detail: expect.stringMatching(/could not be cancelled/),
        code: 'unavailable',
        params: { reason: 'cancel_failed' },
      });
    } finally {
      standIn.failWhen(undefined);
    }
    const signedIn = await me(user.access_token);
    expect(signedIn.statusCode).toBe(200);
    const teams = await app.inject({ url: '/api/tenants', headers: bearer(user.access_token) });
    expect(teams.json()).toHaveLength(1);

    expect((await deleteAccount(user)).statusCode).toBe(204);
  });
});
