/**
 * An in-memory billing API (docs/spec.md section 7 payments, and the local provider's endpoints of contract
 * billing.ts) for web tests, acting as the server does for one team: roles are checked, a 404 means no
 * subscription, the declined test card answers 402. Every call is recorded with the team it was sent for.
 */
import {
  DECLINED_CARD_NUMBER,
  type Invoice,
  type InvoiceLine,
  type LocalCheckoutSession,
  type Plan,
  type Role,
  type Subscription,
  type UpcomingInvoice,
} from '@app/contract';
import { HttpResponse } from 'msw';

import { mockEndpoint } from './endpoint';
import { ACME_UUID } from './handlers';
import { server } from './server';
import type { Call } from './teams';

/** The plans the fake serves: Starter and Pro are flat, Business is per seat. */
export const plans: Plan[] = [
  {
    id: 'starter',
    name: 'Starter',
    description: 'For small teams getting started',
    currency: 'usd',
    price_monthly: 1900,
    price_annual: 11400,
    features: ['Up to 5 members', 'Unlimited items'],
    limits: { members: 5, items: 1000 },
    per_seat: false,
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
    per_seat: false,
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
    per_seat: true,
  },
];

/** A subscription: Pro, annual, one seat, unless `overrides` say otherwise (`amount` follows quantity × unit_amount). */
export const subscription = (overrides: Partial<Subscription> = {}): Subscription => {
  const quantity = overrides.quantity ?? 1;
  const unitAmount = overrides.unit_amount ?? 29400;
  return {
    id: '55555555-5555-4555-8555-555555555555',
    plan_id: 'pro',
    status: 'active',
    billing_interval: 'annual',
    current_period_start: '2026-03-14T12:00:00.000Z',
    current_period_end: '2027-03-14T12:00:00.000Z',
    cancel_at_period_end: false,
    trial_ends_at: null,
    quantity,
    unit_amount: unitAmount,
    amount: quantity * unitAmount,
    ...overrides,
  };
};

/** A Business subscription (per seat) of `quantity` seats, billed monthly at $99 a seat. */
export const seatSubscription = (quantity: number, overrides: Partial<Subscription> = {}) =>
  subscription({
    plan_id: 'business',
    billing_interval: 'monthly',
    quantity,
    unit_amount: 9900,
    ...overrides,
  });

/** An invoice; `n` (1-9) makes the id, the number and the month. Its one line is the plan's year, unless `lines`. */
export const invoice = (
  n: number,
  status: Invoice['status'],
  amount = 29400,
  lines: InvoiceLine[] = [
    { description: `Pro plan (annual), 2026-0${n}-14`, quantity: 1, unit_amount: amount, amount },
  ],
): Invoice => ({
  id: `66666666-6666-4666-8666-${String(n).padStart(12, '0')}`,
  number: `INV-000${n}`,
  due_date: `2026-0${n}-20T12:00:00.000Z`,
  created_at: `2026-0${n}-14T12:00:00.000Z`,
  amount,
  currency: 'usd',
  status,
  lines,
});

/** The next invoice of a Business team of 3 seats that added one seat halfway through April 2026. */
export const upcomingInvoice = (overrides: Partial<UpcomingInvoice> = {}): UpcomingInvoice => ({
  period_start: '2026-05-14T12:00:00.000Z',
  period_end: '2026-06-14T12:00:00.000Z',
  currency: 'usd',
  amount: 34650,
  lines: [
    {
      description: 'Business plan (monthly): 1 seat added, Apr 29, 2026 – May 14, 2026',
      quantity: 1,
      unit_amount: 9900,
      amount: 4950,
    },
    {
      description: 'Business plan (monthly), May 14, 2026 – Jun 14, 2026',
      quantity: 3,
      unit_amount: 9900,
      amount: 29700,
    },
  ],
  ...overrides,
});

export const CHECKOUT_SESSION_ID = '77777777-7777-4777-8777-777777777777';

export const checkoutSession = (overrides: Partial<LocalCheckoutSession> = {}): LocalCheckoutSession => ({
  id: CHECKOUT_SESSION_ID,
  tenant_uuid: ACME_UUID,
  tenant_name: 'Acme',
  plan: plans[1]!,
  billing_interval: 'annual',
  amount: 29400,
  quantity: 1,
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
  /** The next invoice; none (404) unless given. */
  upcoming?: UpcomingInvoice | null;
  /** The signed-in user's role in the team: members get 403 where the server gives it. */
  role?: Role;
  session?: LocalCheckoutSession;
};

export function fakeBilling({
  subscription: initial = null,
  invoices = [],
  upcoming = null,
  role = 'owner',
  session = checkoutSession(),
}: FakeBillingOptions = {}) {
  const state = { subscription: initial, session, upcoming };
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
    mockEndpoint('getUpcomingInvoice', async ({ request }) => {
      await record(request);
      if (!state.subscription) return noSubscription();
      return state.upcoming
        ? HttpResponse.json(state.upcoming)
        : HttpResponse.json(
            {
              detail: 'No invoice is coming: the subscription ends with its period.',
              code: 'no_upcoming_invoice',
            },
            { status: 404 },
          );
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
      const { plan, billing_interval: interval, quantity } = state.session;
      state.subscription = subscription({
        plan_id: plan.id,
        billing_interval: interval,
        quantity,
        unit_amount: interval === 'annual' ? plan.price_annual : plan.price_monthly,
        ...(days > 0 && {
          status: 'trialing',
          trial_ends_at: new Date(Date.now() + days * 86_400_000).toISOString(),
        }),
      });
      return HttpResponse.json(state.subscription);
    }),
    mockEndpoint('changeLocalPlan', async ({ request }) => {
      const { body } = await record(request);
      const change = body as Pick<Subscription, 'plan_id' | 'billing_interval'>;
      const plan = plans.find(({ id }) => id === change.plan_id)!;
      const unitAmount = change.billing_interval === 'annual' ? plan.price_annual : plan.price_monthly;
      const quantity = state.subscription?.quantity ?? 1;
      return forbidden() ?? update({ ...change, unit_amount: unitAmount, amount: quantity * unitAmount });
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
