// A local HTTP stand-in for the few Stripe API endpoints the app calls, started by a test and reached through
// STRIPE_API_URL. It answers like Stripe (form-encoded requests, JSON objects, Stripe's error shape, idempotency
// keys) and records every request, so tests assert what the official SDK really sent.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type StripeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The form-encoded body, keys as Stripe spells them: `metadata[tenant_uuid]`, `line_items[0][price]`. */
  form: URLSearchParams;
  headers: IncomingMessage['headers'];
};

type StripeObject = Record<string, unknown> & { id: string };

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

export async function startStripeStandIn() {
  const requests: StripeRequest[] = [];
  /** Subscriptions the API knows, by id: tests put there what a checkout would have created. */
  const subscriptions = new Map<string, StripeObject>();
  const invoices = new Map<string, StripeObject>();
  const checkoutSessions = new Map<string, StripeObject>();
  /** What each Checkout Session was asked to sell, which Stripe keeps but does not answer: see completeCheckout. */
  const checkoutOrders = new Map<
    string,
    {
      price: string | null;
      quantity: number;
      subscriptionMetadata: Record<string, string>;
      trialDays: number;
    }
  >();
  /**
   * The prorations a quantity change made (proration_behavior create_prorations), by subscription: Stripe keeps them
   * as pending invoice items for the next invoice, which an invoice preview shows.
   */
  const prorations = new Map<
    string,
    { description: string; quantity: number; unit: number; amount: number }[]
  >();
  const customers = new Map<string, StripeObject>();
  /**
   * The first answer to each idempotency key of a request Stripe ran, errors included, as Stripe keeps them: a repeat
   * with the same parameters gets it again, one with other parameters is refused.
   */
  const byIdempotencyKey = new Map<string, { params: string; status: number; body: unknown }>();
  let counter = 0;
  /** When set, matching requests fail with a 500 that the SDK is told not to retry. */
  let outage: ((request: StripeRequest) => boolean) | undefined;
  /** Whether the outage's failures were run by Stripe (an internal error), whose answer a key then keeps. */
  let outageRan = false;

  const nextId = (prefix: string) => `${prefix}_test_${++counter}`;
  /** `metadata[key]` of the form, or `{parent}[metadata][key]` of a nested object such as subscription_data. */
  const metadataOf = (form: URLSearchParams, parent?: string) => {
    const metadata: Record<string, string> = {};
    const prefix = parent ? `${parent}[metadata][` : 'metadata[';
    for (const [key, value] of form) {
      if (key.startsWith(prefix) && key.endsWith(']')) metadata[key.slice(prefix.length, -1)] = value;
    }
    return metadata;
  };

  function route(request: StripeRequest): [number, unknown] {
    const { method, path, form, query } = request;
    const missing = (id: string): [number, unknown] => [
      404,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such object: '${id}'`,
        },
      },
    ];
    let match: RegExpExecArray | null;

    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: nextId('cus'),
        object: 'customer',
        name: form.get('name'),
        metadata: metadataOf(form),
      };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = form.has('expires_at') ? Number(form.get('expires_at')) : now + 24 * 3600;
      // Stripe's rule: between 30 minutes and 24 hours after the session is created.
      if (!(expiresAt >= now + 30 * 60 && expiresAt <= now + 24 * 3600)) {
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              param: 'expires_at',
              message: 'The `expires_at` timestamp must be between 30 minutes and 24 hours from now.',
            },
          },
        ];
      }
      const id = nextId('cs');
      const session = {
        id,
        object: 'checkout.session',
        mode: form.get('mode'),
        customer: form.get('customer'),
        client_reference_id: form.get('client_reference_id'),
        metadata: metadataOf(form),
        status: 'open',
        expires_at: expiresAt,
        subscription: null,
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        url: `https://checkout.stripe.test/c/pay/${id}`,
      };
      checkoutSessions.set(id, session);
      checkoutOrders.set(id, {
        price: form.get('line_items[0][price]'),
        quantity: Number(form.get('line_items[0][quantity]') ?? 1),
        subscriptionMetadata: metadataOf(form, 'subscription_data'),
        trialDays: Number(form.get('subscription_data[trial_period_days]') ?? 0),
      });
      return [200, session];
    }
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const data = [...checkoutSessions.values()].filter(
        (session) =>
          (!query.get('customer') || session.customer === query.get('customer')) &&
          (!query.get('status') || session.status === query.get('status')),
      );
      return [200, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' }];
    }
    if (method === 'POST' && (match = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(path))) {
      const session = checkoutSessions.get(match[1]!);
      if (!session) return missing(match[1]!);
      session.status = 'expired';
      return [200, session];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = nextId('bps');
      return [
        200,
        {
          id,
          object: 'billing_portal.session',
          customer: form.get('customer'),
          return_url: form.get('return_url'),
          url: `https://billing.stripe.test/p/session/${id}`,
        },
      ];
    }
    if ((match = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return missing(match[1]!);
      if (method === 'GET') return [200, subscription];
      // Ending a trial now: Stripe bills the subscription at once (the stand-in's payment always succeeds).
      if (method === 'POST' && form.get('trial_end') === 'now') {
        if (subscription.status !== 'trialing') {
          return [
            400,
            { error: { type: 'invalid_request_error', message: 'This subscription is not trialing.' } },
          ];
        }
        Object.assign(subscription, { status: 'active', trial_end: Math.floor(Date.now() / 1000) });
        return [200, subscription];
      }
      // An item's quantity: Stripe prorates the change over what is left of the period unless told not to.
      if (method === 'POST' && form.has('items[0][id]')) {
        const items = (subscription.items as { data: Record<string, unknown>[] }).data;
        const item = items.find((candidate) => candidate.id === form.get('items[0][id]'));
        if (!item) return missing(form.get('items[0][id]')!);
        if (subscription.status === 'canceled') {
          return [
            400,
            {
              error: {
                type: 'invalid_request_error',
                message: 'A canceled subscription can only update its cancellation_details and metadata.',
              },
            },
          ];
        }
        const quantity = Number(form.get('items[0][quantity]'));
        const change = quantity - Number(item.quantity);
        const { start, end } = {
          start: item.current_period_start as number,
          end: item.current_period_end as number,
        };
        const unit = (item.price as { unit_amount: number }).unit_amount;
        const behavior = form.get('proration_behavior') ?? 'create_prorations';
        const now = Math.floor(Date.now() / 1000);
        if (behavior === 'create_prorations' && change !== 0 && end > start) {
          const amount = Math.round((change * unit * Math.max(0, end - Math.min(end, now))) / (end - start));
          prorations.set(subscription.id, [
            ...(prorations.get(subscription.id) ?? []),
            { description: `Remaining time on ${quantity} × seat`, quantity: change, unit, amount },
          ]);
        }
        item.quantity = quantity;
        return [200, subscription];
      }
      if (method === 'DELETE') {
        // Stripe answers a second cancellation as if the subscription were gone.
        if (subscription.status === 'canceled') return missing(match[1]!);
        Object.assign(subscription, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
        return [200, subscription];
      }
    }
    // The next invoice of a subscription: its pending prorations, then the next period at the current quantity.
    // An invoice's lines, a page at a time after `starting_after`.
    if (method === 'GET' && (match = /^\/v1\/invoices\/([\w-]+)\/lines$/.exec(path))) {
      const invoice = invoices.get(match[1]!);
      if (!invoice) return missing(match[1]!);
      const all = (invoice.lines as { data: StripeObject[] }).data;
      const after = query.get('starting_after');
      const from = after ? all.findIndex((line) => line.id === after) + 1 : 0;
      const limit = Number(query.get('limit') ?? 10);
      const data = all.slice(from, from + limit);
      return [
        200,
        { object: 'list', data, has_more: from + limit < all.length, url: `/v1/invoices/${match[1]}/lines` },
      ];
    }
    if (method === 'POST' && path === '/v1/invoices/create_preview') {
      const subscription = subscriptions.get(form.get('subscription') ?? '');
      if (!subscription) return missing(form.get('subscription') ?? '');
      const item = (subscription.items as { data: Record<string, unknown>[] }).data[0]!;
      const unit = (item.price as { unit_amount: number }).unit_amount;
      const quantity = Number(item.quantity);
      const start = item.current_period_end as number;
      const end = start + (start - (item.current_period_start as number));
      const lines = [
        ...(prorations.get(subscription.id) ?? []).map((line) => ({
          description: line.description,
          quantity: line.quantity,
          amount: line.amount,
          period: { start: item.current_period_start, end: start },
          pricing: { unit_amount_decimal: String(line.unit) },
        })),
        {
          description: `${quantity} × seat`,
          quantity,
          amount: quantity * unit,
          period: { start, end },
          pricing: { unit_amount_decimal: String(unit) },
        },
      ].map((line) => ({ id: nextId('il'), object: 'line_item', currency: 'usd', ...line }));
      const total = lines.reduce((sum, line) => sum + line.amount, 0);
      return [
        200,
        {
          id: null,
          object: 'invoice',
          currency: 'usd',
          customer: subscription.customer,
          period_start: item.current_period_start,
          period_end: start,
          amount_due: Math.max(0, total),
          lines: { object: 'list', data: lines, has_more: false },
        },
      ];
    }
    if (method === 'GET' && (match = /^\/v1\/invoices\/([\w-]+)$/.exec(path))) {
      const invoice = invoices.get(match[1]!);
      return invoice ? [200, invoice] : missing(match[1]!);
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    ];
  }

  const server = createServer(async (incoming: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const url = new URL(incoming.url ?? '/', 'http://stand-in');
    const request: StripeRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      headers: incoming.headers,
    };
    requests.push(request);

    let status: number;
    let body: unknown;
    const key = incoming.headers['idempotency-key'];
    const keyed = typeof key === 'string' && request.method === 'POST' ? `${request.path} ${key}` : undefined;
    const replay = keyed ? byIdempotencyKey.get(keyed) : undefined;
    if (replay && replay.params !== request.form.toString()) {
      [status, body] = [
        400,
        {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
          },
        },
      ];
    } else if (replay) {
      [status, body] = [replay.status, replay.body];
    } else if (outage?.(request)) {
      response.setHeader('stripe-should-retry', 'false');
      [status, body] = [500, { error: { type: 'api_error', message: 'Stand-in outage' } }];
      if (keyed && outageRan) byIdempotencyKey.set(keyed, { params: request.form.toString(), status, body });
    } else {
      [status, body] = route(request);
      if (keyed) byIdempotencyKey.set(keyed, { params: request.form.toString(), status, body });
    }
    response.statusCode = status;
    response.setHeader('content-type', 'application/json');
    response.setHeader('request-id', `req_${counter}`);
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    invoices,
    checkoutSessions,
    checkoutOrders,
    customers,
    prorations,
    /** The recorded requests to one method and path. */
    sent: (method: string, path: string) => requests.filter((r) => r.method === method && r.path === path),
    /**
     * Fails the matching requests with a 500 until called again with undefined: by default as if Stripe was out of
     * reach (nothing run, nothing kept); with `ran`, as an error of Stripe's own, kept under the request's key.
     */
    failWhen(predicate: ((request: StripeRequest) => boolean) | undefined, { ran = false } = {}) {
      outage = predicate;
      outageRan = ran;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
