/**
 * An in-memory developer platform (docs/contract.md section 4) for web tests: one team's API keys, webhook endpoints
 * and their deliveries, newest first, deliveries paginated with `limit` and `X-Next-Cursor` as the server does, and
 * whether the signed-in account's email is verified (GET /auth/me says so; only a verified account makes keys and
 * endpoints; the resend of the verification mail answers as the server does).
 * Every call is recorded but /auth/me; a test moves a delivery on (the worker's part) with `settle`.
 */
import {
  MAX_API_KEYS,
  type ApiKey,
  type CreateApiKeyBody,
  type CreateWebhookBody,
  type ErrorBody,
  type ErrorCode,
  type UpdateWebhookBody,
  type Webhook,
  type WebhookDelivery,
} from '@app/contract';
import { HttpResponse } from 'msw';

import { mockEndpoint } from './endpoint';
import { me } from './handlers';
import { server } from './server';

type Call = { method: string; path: string; search: string; tenant: string | null; body: unknown };

const uuid = (group: string, n: number) => `${group}-6666-4666-8666-${String(n).padStart(12, '0')}`;

/** A key named `name`; `n` (1-9) makes the id, the prefix and the day it was created. */
export const apiKey = (name: string, n: number, overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: uuid('aaaaaaaa', n),
  name,
  scopes: ['items:read'],
  prefix: `tsk_abc12${n}`,
  created_at: `2026-03-0${n}T12:00:00.000Z`,
  created_by_email: me.email,
  last_used_at: null,
  ...overrides,
});

/** An endpoint at `url`; `n` (1-9) makes the id and the day it was added. */
export const webhook = (url: string, n: number, overrides: Partial<Webhook> = {}): Webhook => ({
  id: uuid('bbbbbbbb', n),
  url,
  events: ['item.created'],
  enabled: true,
  created_at: `2026-03-0${n}T12:00:00.000Z`,
  created_by_email: me.email,
  disabled_reason: null,
  ...overrides,
});

/** A delivery of `event`; `n` (1-99) makes the id and the minute it was made (a higher n is newer). */
export const delivery = (
  event: string,
  n: number,
  overrides: Partial<WebhookDelivery> = {},
): WebhookDelivery => ({
  id: `msg_${String(n).padStart(4, '0')}`,
  event,
  status: 'succeeded',
  attempts: 1,
  response_status: 200,
  created_at: new Date(Date.UTC(2026, 2, 2, 12, n)).toISOString(),
  last_attempt_at: new Date(Date.UTC(2026, 2, 2, 12, n)).toISOString(),
  ...overrides,
});

type Initial = {
  keys?: ApiKey[];
  webhooks?: Webhook[];
  /** Each endpoint's deliveries by its id, in any order. */
  deliveries?: Record<string, WebhookDelivery[]>;
  /** Stands in for the server's default limit (100), so a test can reach a second page cheaply. */
  pageSize?: number;
  /** Whether the signed-in account's email is verified; `state.verified` changes it meanwhile (another tab). */
  verified?: boolean;
};

export function fakeDevelopers({
  keys = [],
  webhooks = [],
  deliveries = {},
  pageSize = 100,
  verified = true,
}: Initial = {}) {
  const state = {
    verified,
    keys: keys.map((key) => ({ ...key })),
    webhooks: webhooks.map((endpoint) => ({ ...endpoint })),
    deliveries: new Map(
      Object.entries(deliveries).map(([id, list]) => [
        id,
        list.map((entry) => ({ ...entry })).sort((a, b) => b.created_at.localeCompare(a.created_at)),
      ]),
    ),
  };
  const calls: Call[] = [];
  let made = 100;

  const record = async (request: Request) => {
    const url = new URL(request.url);
    const call = {
      method: request.method,
      path: url.pathname.replace(/^\/api/, ''),
      search: url.search,
      tenant: request.headers.get('X-TENANT-UUID'),
      body: request.body ? await request.clone().json() : undefined,
    };
    calls.push(call);
    return call;
  };
  const notFound = (detail: string, code: ErrorCode) =>
    HttpResponse.json<ErrorBody>({ detail, code }, { status: 404 });
  const deliveriesOf = (id: string) => state.deliveries.get(id) ?? [];
  const unverified = (what: 'API keys' | 'webhook endpoints') =>
    HttpResponse.json<ErrorBody>(
      {
        detail: `Verify your email address to create ${what}`,
        code: 'email_unverified',
        params: { reason: what === 'API keys' ? 'api_keys' : 'webhook_endpoints' },
      },
      { status: 403 },
    );

  server.use(
    mockEndpoint('getMe', () => HttpResponse.json({ ...me, is_verified: state.verified })),
    mockEndpoint('resendVerification', async ({ request }) => {
      await record(request);
      if (state.verified) {
        return HttpResponse.json<ErrorBody>(
          { detail: 'Your email is already verified', code: 'email_already_verified' },
          { status: 400 },
        );
      }
      return HttpResponse.json({ message: 'Verification email sent' });
    }),
    mockEndpoint('listApiKeys', async ({ request }) => {
      await record(request);
      return HttpResponse.json(state.keys);
    }),
    mockEndpoint('createApiKey', async ({ request }) => {
      const { body } = await record(request);
      if (!state.verified) return unverified('API keys');
      if (state.keys.length >= MAX_API_KEYS) {
        return HttpResponse.json<ErrorBody>(
          {
            detail: `A team can have at most ${MAX_API_KEYS} API keys. Revoke one to create another.`,
            code: 'api_key_limit',
            params: { count: MAX_API_KEYS },
          },
          { status: 400 },
        );
      }
      const { name, scopes } = body as CreateApiKeyBody;
      made += 1;
      const key = `tsk_new${made}_0123456789abcdefghijklmnopqrstuv`;
      const created = {
        id: uuid('aaaaaaaa', made),
        name,
        scopes,
        prefix: key.slice(0, 10),
        created_at: '2026-04-01T09:00:00.000Z',
      };
      state.keys = [{ ...created, created_by_email: me.email, last_used_at: null }, ...state.keys];
      return HttpResponse.json({ ...created, key }, { status: 201 });
    }),
    mockEndpoint('revokeApiKey', async ({ request, params }) => {
      await record(request);
      if (!state.keys.some(({ id }) => id === params.id))
        return notFound('API key not found', 'api_key_not_found');
      state.keys = state.keys.filter(({ id }) => id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    mockEndpoint('listWebhooks', async ({ request }) => {
      await record(request);
      return HttpResponse.json(state.webhooks);
    }),
    mockEndpoint('createWebhook', async ({ request }) => {
      const { body } = await record(request);
      if (!state.verified) return unverified('webhook endpoints');
      const { url, events } = body as CreateWebhookBody;
      made += 1;
      const created: Webhook = {
        id: uuid('bbbbbbbb', made),
        url,
        events,
        enabled: true,
        created_at: '2026-04-01T09:00:00.000Z',
        created_by_email: me.email,
        disabled_reason: null,
      };
      state.webhooks = [...state.webhooks, created];
      return HttpResponse.json(
        { ...created, secret: `whsec_c2VjcmV0LXNpZ25pbmcta2V5LW${made}` },
        { status: 201 },
      );
    }),
    mockEndpoint('updateWebhook', async ({ request, params }) => {
      const { body } = await record(request);
      const found = state.webhooks.find(({ id }) => id === params.id);
      if (!found) return notFound('Webhook endpoint not found', 'webhook_not_found');
      const changes = body as UpdateWebhookBody;
      Object.assign(found, changes);
      // As the server does: any switch clears the app's reason, and whoever switches it on answers for it.
      if (changes.enabled !== undefined) found.disabled_reason = null;
      if (changes.enabled === true || changes.url !== undefined) found.created_by_email = me.email;
      return HttpResponse.json({ ...found });
    }),
    mockEndpoint('deleteWebhook', async ({ request, params }) => {
      await record(request);
      if (!state.webhooks.some(({ id }) => id === params.id))
        return notFound('Webhook endpoint not found', 'webhook_not_found');
      state.webhooks = state.webhooks.filter(({ id }) => id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    mockEndpoint('testWebhook', async ({ request, params }) => {
      await record(request);
      if (!state.webhooks.some(({ id }) => id === params.id))
        return notFound('Webhook endpoint not found', 'webhook_not_found');
      made += 1;
      const ping = delivery('ping', made, {
        status: 'pending',
        attempts: 0,
        response_status: null,
        last_attempt_at: null,
      });
      state.deliveries.set(String(params.id), [ping, ...deliveriesOf(String(params.id))]);
      return HttpResponse.json(ping, { status: 202 });
    }),
    mockEndpoint('listWebhookDeliveries', async ({ request, params }) => {
      await record(request);
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit') ?? pageSize);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const list = deliveriesOf(String(params.id));
      const headers: Record<string, string> = {};
      if (start + limit < list.length) headers['X-Next-Cursor'] = String(start + limit);
      return HttpResponse.json(list.slice(start, start + limit), { headers });
    }),
    mockEndpoint('retryWebhookDelivery', async ({ request, params }) => {
      await record(request);
      const found = deliveriesOf(String(params.id)).find(({ id }) => id === params.delivery_id);
      if (!found) return notFound('Delivery not found', 'delivery_not_found');
      found.status = 'pending';
      return HttpResponse.json({ ...found }, { status: 202 });
    }),
  );

  return {
    state,
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    /** What the delivery worker would do: the endpoint's newest delivery of `event` ends with `status`. */
    settle(webhookId: string, event: string, status: WebhookDelivery['status'], responseStatus = 200) {
      const found = deliveriesOf(webhookId).find((entry) => entry.event === event);
      if (!found) throw new Error(`No ${event} delivery to settle`);
      Object.assign(found, {
        status,
        attempts: found.attempts + 1,
        response_status: responseStatus,
        last_attempt_at: new Date().toISOString(),
      });
    },
  };
}
