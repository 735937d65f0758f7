/**
 * An in-memory billing API (docs/spec.md section 7 payments, and the local provider's endpoints of contract
 * billing.ts) for web tests, acting as the server does for one team: roles are checked, a 404 means no
 * subscription, the declined test card answers 402. Every call is recorded with the team it was sent for.
 */
import {
  DECLINED_CARD_NUMBER,
  type Invoice,
  type LocalCheckoutSession,
  type Plan,
  type Role,
  type Subscription,
} from '@app/contract';
import { HttpResponse } from 'msw';

import { mockEndpoint } from './endpoint';
import { ACME_UUID } from './handlers';
import { server } from './server';
import type { Call } from './teams';

const plans: Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'For small teams getting started',
    currency: 'usd',
    price_monthly: 1900,
    price_annual: 11400,
    features: ['Up to 5 members', 'Unlimited items'],
    limits: { members: 5, items: 1000 },
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For growing teams',
    currency: 'usd',
    price_monthly: 4900,
    price_annual: 29400,
    features: ['Up to 25 members', 'Priority support'],
    limits: { members: 25, items: null },
  },
  {
    id: 'business',
    name: 'Business',
    description: 'For organisations',
    currency: 'usd',
    price_monthly: 9900,
    price_annual: 59400,
    features: ['Unlimited members', 'Dedicated support'],
    limits: { members: null, items: null },
  },
];

export const subscription = (overrides: Partial<Subscription> = {}): Subscription => ({
  id: '55555555-5555-4555-8555-555555555555',
  plan_id: 'pro',
  status: 'active',
  billing_interval: 'annual',
  current_period_start: '2026-03-14T12:00:00.000Z',
  current_period_end: '2027-03-14T12:00:00.000Z',
  cancel_at_period_end: false,
  trial_ends_at: null,
  ...overrides,
});

/** An invoice; `n` (1-9) makes the id, the number and the month. */
export const invoice = (n: number, status: Invoice['status'], amount = 29400): Invoice => ({
  id: `66666666-6666-4666-8666-${String(n).padStart(12, '0')}`,
  number: `INV-000${n}`,
  due_date: `2026-0${n}-20T12:00:00.000Z`,
  created_at: `2026-0${n}-14T12:00:00.000Z`,
  amount,
  currency: 'usd',
  status,
});

export const CHECKOUT_SESSION_ID = '77777777-7777-4777-8777-777777777777';

export const checkoutSession = (overrides: Partial<LocalCheckoutSession> = {}): LocalCheckoutSession => ({
  id: CHECKOUT_SESSION_ID,
  tenant_uuid: ACME_UUID,
  tenant_name: 'Acme',
  plan: plans[1]!,
  billing_interval: 'annual',
  amount: 29400,
  currency: 'usd',
  trial_days: 0,
  expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
  status: 'open',
  ...overrides,
});

/** The error bodies this fake answers with. */
type Detail = { detail: string };

type FakeBillingOptions = {
  /** The team's subscription; none (404) unless given. */
  subscription?: Subscription | null;
  invoices?: Invoice[];
  /** The signed-in user's role in the team: members get 403 where the server gives it. */
  role?: Role;
  session?: LocalCheckoutSession;
};

export function fakeBilling({
  subscription: initial = null,
  invoices = [],
  role = 'owner',
  session = checkoutSession(),
}: FakeBillingOptions = {}) {
  const state = { subscription: initial, session };
  const calls: Call[] = [];

  async function record(request: Request) {
    const text = await request.clone().text();
    const call = {
      method: request.method,
      path: new URL(request.url).pathname.replace(/^\/api/, ''),
      tenant: request.headers.get('X-TENANT-UUID'),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    return call;
  }
  const forbidden = () =>
    role === 'member'
      ? HttpResponse.json<Detail>({ detail: 'Insufficient permissions' }, { status: 403 })
      : null;
  const noSubscription = () => HttpResponse.json<Detail>({ detail: 'No subscription' }, { status: 404 });
  /** Changes the subscription, as the portal endpoints do. */
  const update = (changes: Partial<Subscription>) => {
    if (!state.subscription) return noSubscription();
    state.subscription = { ...state.subscription, ...changes };
    return HttpResponse.json<Subscription>(state.subscription);
  };

  server.use(
    mockEndpoint('listPlans', async ({ request }) => {
      await record(request);
      return HttpResponse.json(plans);
    }),
    mockEndpoint('getSubscription', async ({ request }) => {
      await record(request);
      return state.subscription ? HttpResponse.json(state.subscription) : noSubscription();
    }),
    mockEndpoint('listInvoices', async ({ request }) => {
      await record(request);
      return HttpResponse.json(invoices);
    }),
    mockEndpoint('getInvoiceDownloadLink', async ({ request, params }) => {
      await record(request);
      return forbidden() ?? HttpResponse.json({ download_url: `/api/payments/invoices/${params.id}/pdf` });
    }),
    mockEndpoint('createCheckout', async ({ request }) => {
      await record(request);
      return forbidden() ?? HttpResponse.json({ url: `/billing/checkout/${state.session.id}` });
    }),
    mockEndpoint('createPortal', async ({ request }) => {
      const { tenant } = await record(request);
      return forbidden() ?? HttpResponse.json({ url: `/billing/portal?tenant=${tenant}` });
    }),
    mockEndpoint('getLocalCheckout', async ({ request, params }) => {
      await record(request);
      if (params.session_id !== state.session.id)
        return HttpResponse.json({ detail: 'Not found' }, { status: 404 });
      return HttpResponse.json(state.session);
    }),
    mockEndpoint('payLocalCheckout', async ({ request }) => {
      const { body } = await record(request);
      if ((body as { card_number: string }).card_number === DECLINED_CARD_NUMBER.replace(/ /g, '')) {
        return HttpResponse.json(
          { detail: 'Your card was declined.', code: 'payment_required' },
          { status: 402 },
        );
      }
      state.session = { ...state.session, status: 'complete' };
      const days = state.session.trial_days;
      state.subscription = subscription({
        plan_id: state.session.plan.id,
        ...(days > 0 && {
          status: 'trialing',
          trial_ends_at: new Date(Date.now() + days * 86_400_000).toISOString(),
        }),
      });
      return HttpResponse.json(state.subscription);
    }),
    mockEndpoint('changeLocalPlan', async ({ request }) => {
      const { body } = await record(request);
      return forbidden() ?? update(body as Pick<Subscription, 'plan_id' | 'billing_interval'>);
    }),
    mockEndpoint('cancelLocalSubscription', async ({ request }) => {
      await record(request);
      return forbidden() ?? update({ cancel_at_period_end: true });
    }),
    mockEndpoint('resumeLocalSubscription', async ({ request }) => {
      await record(request);
      return forbidden() ?? update({ cancel_at_period_end: false });
    }),
  );

  return {
    state,
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
