// Webhooks (docs/contract.md section 4, Developer platform): endpoints with their events and a secret shown once;
// deliveries queued with the change that caused them and nothing for a change that rolled back, sent by the worker per
// the Standard Webhooks specification (each one verified here with the `standardwebhooks` library, not the product's
// own code), retried with backoff up to 8 attempts, logged, and sent again on request.
import { randomUUID } from 'node:crypto';

import { WEBHOOK_EVENTS, type WebhookEvent, webhookPayloadSchema } from '@app/contract';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import {
  asMember,
  buildTestApp,
  createTeam,
  inTenant,
  joinTeam,
  registerVerifiedUser,
  testConfig,
  type TestApp,
} from '../../../test/helpers.ts';
import { LONG_LIVED_TOKENS, subscribeLocally } from '../../../test/local-billing.ts';
import { type Received, startReceiver } from '../../../test/webhook-receiver.ts';
import { plans } from '../../db/schema/billing.ts';
import { webhookDeliveries } from '../../db/schema/webhooks.ts';
import * as items from '../items/items.service.ts';
import { createDeliveryWorker, MAX_ATTEMPTS } from './delivery-worker.ts';
import { createSender } from './sender.ts';

let app: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/**
 * The worker's clock: the real time, moved forward when told. Deliveries are due from the database's now(), so the
 * worker's clock must not fall behind it.
 */
const clock = {
  offset: 0,
  now: () => new Date(Date.now() + clock.offset),
  advance: (ms: number) => void (clock.offset += ms),
};
type User = { access_token: string; email: string };

beforeAll(async () => {
  // No background rounds (PROCESS_ROLE=web runs no jobs): each test sends what is due when it says, with drain().
  app = await buildTestApp({
    // Tokens that outlive the hours the retries move the clock through.
    config: testConfig({ PROCESS_ROLE: 'web', ...LONG_LIVED_TOKENS }),
    clock,
    webhooks: { timeoutMs: 500 },
  });
  await app.database.db.update(plans).set({ memberLimit: null, itemLimit: null }).where(eq(plans.id, 'free'));
  receiver = await startReceiver();
});
afterAll(async () => {
  await app.close();
  await receiver.close();
});
afterEach(() => {
  receiver.answerWith(() => ({ status: 204 }));
  clock.offset = 0;
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (as: User, team: string, method: Method, url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: inTenant(as.access_token, team), payload });

async function newTeam(name = 'Acme') {
  const owner = await registerVerifiedUser(app);
  return { owner, team: (await createTeam(app, owner, name)).uuid };
}

/** An endpoint at the receiver, under a path of its own so each test reads only its own deliveries. */
async function addEndpoint(as: User, team: string, events: readonly string[] = WEBHOOK_EVENTS) {
  const path = `/${randomUUID()}`;
  const response = await call(as, team, 'POST', '/webhooks', { url: `${receiver.url}${path}`, events });
  expect(response.statusCode, response.body).toBe(201);
  return { ...(response.json() as { id: string; secret: string; url: string }), path };
}

const to = (path: string) => receiver.received.filter((request) => request.path === path);

/** Each request to `path`, verified with the endpoint's secret by the standardwebhooks library, and its payload. */
function verified(path: string, secret: string) {
  return to(path).map((request: Received) => ({
    id: request.headers['webhook-id'] as string,
    payload: new Webhook(secret).verify(request.body, {
      'webhook-id': request.headers['webhook-id'] as string,
      'webhook-timestamp': request.headers['webhook-timestamp'] as string,
      'webhook-signature': request.headers['webhook-signature'] as string,
    }) as { type: string; timestamp: string; tenant_uuid: string; data: Record<string, unknown> },
  }));
}

const deliveriesOf = async (as: User, team: string, endpoint: string) =>
  (await call(as, team, 'GET', `/webhooks/${endpoint}/deliveries`)).json() as {
    id: string;
    event: string;
    status: string;
    attempts: number;
    response_status: number | null;
  }[];

describe('webhook endpoints', () => {
  it('show their secret once, and list without it', async () => {
    const { owner, team } = await newTeam();
    const created = await addEndpoint(owner, team, ['item.created', 'item.created', 'member.joined']);
    expect(created).toMatchObject({ events: ['item.created', 'member.joined'], enabled: true });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const listed = (await call(owner, team, 'GET', '/webhooks')).json();
    expect(listed).toEqual([
      {
        id: created.id,
        url: created.url,
        events: ['item.created', 'member.joined'],
        enabled: true,
        created_at: expect.any(String),
        created_by_email: owner.email,
        disabled_reason: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
  });

  it('refuse a URL that is not http(s), no event and an unknown event, and change nothing', async () => {
    const { owner, team } = await newTeam();
    const endpoint = await addEndpoint(owner, team, ['item.created']);
    for (const body of [
      { url: 'ftp://example.com/hook', events: ['item.created'] },
      { url: 'not a url', events: ['item.created'] },
      { url: 'https://example.com/hook', events: [] },
      { url: 'https://example.com/hook', events: ['item.exploded'] },
    ]) {
      expect((await call(owner, team, 'POST', '/webhooks', body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    const patched = await call(owner, team, 'PATCH', `/webhooks/${endpoint.id}`, { events: ['nope'] });
    expect(patched.statusCode).toBe(422);
    expect((await call(owner, team, 'GET', '/webhooks')).json()).toHaveLength(1);
    expect((await call(owner, team, 'GET', '/webhooks')).json()[0].events).toEqual(['item.created']);
  });

  it('are at most 10 a team, however many are asked for at once', async () => {
    const { owner, team } = await newTeam();
    const attempts = await Promise.all(
      Array.from({ length: 13 }, () =>
        call(owner, team, 'POST', '/webhooks', { url: `${receiver.url}/many`, events: ['item.created'] }),
      ),
    );
    expect(attempts.map((response) => response.statusCode).sort()).toEqual([
      ...Array(10).fill(201),
      ...Array(3).fill(400),
    ]);
    expect((await call(owner, team, 'GET', '/webhooks')).json()).toHaveLength(10);
  });
});

describe('deliveries', () => {
  it('send each change an endpoint takes, signed per Standard Webhooks, with the item as the data', async () => {
    const { owner, team } = await newTeam();
    const endpoint = await addEndpoint(owner, team, ['item.created', 'item.deleted']);
    const item = (await call(owner, team, 'POST', '/items/', { name: 'Roadmap', description: 'Q3' })).json();
    await call(owner, team, 'PATCH', `/items/${item.uuid}`, { name: 'Roadmap 2' });
    await call(owner, team, 'DELETE', `/items/${item.uuid}`);
    await app.webhooks.drain();

    // Sent side by side: in no promised order.
    const sent = verified(endpoint.path, endpoint.secret).sort((a, b) =>
      a.payload.type.localeCompare(b.payload.type),
    );
    expect(sent.map(({ payload }) => payload.type)).toEqual(['item.created', 'item.deleted']);
    expect(sent[0]!.payload).toEqual({
      type: 'item.created',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      tenant_uuid: team,
      data: item,
    });
    expect(sent[1]!.payload.data).toMatchObject({ uuid: item.uuid, name: 'Roadmap 2' });
    const log = await deliveriesOf(owner, team, endpoint.id);
    expect(
      log.map(({ event, status, attempts, response_status }) => ({
        event,
        status,
        attempts,
        response_status,
      })),
    ).toEqual([
      { event: 'item.deleted', status: 'succeeded', attempts: 1, response_status: 204 },
      { event: 'item.created', status: 'succeeded', attempts: 1, response_status: 204 },
    ]);
    expect(log.map(({ id }) => id).toSorted()).toEqual(sent.map(({ id }) => id).toSorted());
  });

  it('are queued for every event by what causes it, as a change of the activity log', async () => {
    const { owner, team } = await newTeam();
    const endpoint = await addEndpoint(owner, team);
    const item = (await call(owner, team, 'POST', '/items/', { name: 'One' })).json();
    await call(owner, team, 'PATCH', `/items/${item.uuid}`, { name: 'Two' });
    await call(owner, team, 'DELETE', `/items/${item.uuid}`);
    const member = await joinTeam(app, owner, team, 'member');
    await call(owner, team, 'PATCH', '/members/role', { user_uuid: member.user_uuid, new_role: 'admin' });
    await call(owner, team, 'DELETE', '/members', { user_uuid: member.user_uuid });
    await subscribeLocally(app, owner, team);
    await app.webhooks.drain();
    // A table of every event: one that nothing sends fails here, and so does a payload the API document does not
    // describe (its schema would drop what it does not know).
    const sent = verified(endpoint.path, endpoint.secret);
    const types = new Set(sent.map(({ payload }) => payload.type));
    expect([...WEBHOOK_EVENTS].filter((event) => !types.has(event))).toEqual([]);
    for (const { payload } of sent) {
      expect(
        webhookPayloadSchema(payload.type as WebhookEvent)
          .strict()
          .parse(payload),
      ).toEqual(payload);
    }
    const joined = verified(endpoint.path, endpoint.secret).find(
      ({ payload }) => payload.type === 'member.joined',
    );
    expect(joined!.payload.tenant_uuid).toBe(team);
  });

  it('are not queued for a change that rolled back, a disabled endpoint or another team', async () => {
    const { owner, team } = await newTeam();
    const other = await newTeam('Other');
    const endpoint = await addEndpoint(owner, team, ['item.updated']);
    const off = await addEndpoint(owner, team, ['item.updated']);
    await call(owner, team, 'PATCH', `/webhooks/${off.id}`, { enabled: false });
    const item = (await call(owner, team, 'POST', '/items/', { name: 'Kept' })).json();
    // The change's entry fails (its actor is no account) after the item's row changed: the whole statement rolls back.
    const bogus = asMember(team, randomUUID());
    await expect(
      items.updateItem(app.database.db, bogus, item.uuid, { name: 'Rolled back' }),
    ).rejects.toThrow();
    await call(other.owner, other.team, 'POST', '/items/', { name: 'Theirs' });
    await call(owner, team, 'PATCH', `/items/${item.uuid}`, { name: 'Changed' });
    await app.webhooks.drain();

    expect(verified(endpoint.path, endpoint.secret).map(({ payload }) => payload.data.name)).toEqual([
      'Changed',
    ]);
    expect(to(off.path)).toEqual([]);
    expect(await deliveriesOf(owner, team, off.id)).toEqual([]);
  });

  it('are retried with the same webhook-id and doubling delays, then failed after 8 attempts', async () => {
    const { owner, team } = await newTeam();
    const endpoint = await addEndpoint(owner, team, ['item.created']);
    receiver.answerWith(() => ({ status: 500, body: 'x'.repeat(100_000) }));
    await call(owner, team, 'POST', '/items/', { name: 'Flaky' });

    const base = app.config.webhookRetryBaseMs;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await app.webhooks.drain();
      expect(to(endpoint.path), `attempt ${attempt}`).toHaveLength(attempt);
      const [delivery] = await deliveriesOf(owner, team, endpoint.id);
      expect(delivery).toMatchObject({
        attempts: attempt,
        response_status: 500,
        status: attempt < MAX_ATTEMPTS ? 'pending' : 'failed',
      });
      // Not before its delay: a round a little early sends nothing.
      clock.advance(base * 2 ** (attempt - 1) - 5000);
      await app.webhooks.drain();
      expect(to(endpoint.path)).toHaveLength(attempt);
      clock.advance(5000);
    }
    await app.webhooks.drain();
    const ids = new Set(to(endpoint.path).map((request) => request.headers['webhook-id']));
    expect(ids.size).toBe(1);
    expect(to(endpoint.path)).toHaveLength(MAX_ATTEMPTS);
  });

  it('count a receiver that never answers, and one that redirects, as failed attempts; nothing follows a redirect', async () => {
    const { owner, team } = await newTeam();
    const hanging = await addEndpoint(owner, team, ['item.created']);
    const redirecting = await addEndpoint(owner, team, ['item.created']);
    const target = `/${randomUUID()}`;
    receiver.answerWith((request) =>
      request.path === hanging.path
        ? 'hang'
        : request.path === redirecting.path
          ? { status: 302, headers: { location: `${receiver.url}${target}` } }
          : { status: 204 },
    );
    await call(owner, team, 'POST', '/items/', { name: 'Nobody home' });
    await app.webhooks.drain();

    expect((await deliveriesOf(owner, team, hanging.id))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_status: null,
    });
    expect((await deliveriesOf(owner, team, redirecting.id))[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_status: 302,
    });
    expect(to(target)).toEqual([]);
    const [row] = await app.database.db
      .select({ lastError: webhookDeliveries.lastError })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, hanging.id));
    expect(row!.lastError).toBe('no answer within 0.5 s');
  });

  it('are sent again on request, with the same webhook-id, and a test sends a ping', async () => {
    const { owner, team } = await newTeam();
    const endpoint = await addEndpoint(owner, team, ['item.created']);
    const ping = await call(owner, team, 'POST', `/webhooks/${endpoint.id}/test`);
    expect(ping.statusCode).toBe(202);
    expect(ping.json()).toMatchObject({ event: 'ping', status: 'pending', attempts: 0 });
    await app.webhooks.drain();
    const [sent] = verified(endpoint.path, endpoint.secret);
    expect(sent!.payload).toMatchObject({ type: 'ping', tenant_uuid: team, data: {} });

    const retried = await call(owner, team, 'POST', `/webhooks/${endpoint.id}/deliveries/${sent!.id}/retry`);
    expect(retried.statusCode).toBe(202);
    await app.webhooks.drain();
    expect(verified(endpoint.path, endpoint.secret).map(({ id }) => id)).toEqual([sent!.id, sent!.id]);
    expect((await deliveriesOf(owner, team, endpoint.id))[0]).toMatchObject({
      status: 'succeeded',
      attempts: 2,
    });
    const unknown = await call(
      owner,
      team,
      'POST',
      `/webhooks/${endpoint.id}/deliveries/${randomUUID()}/retry`,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('are listed newest first in keyset pages', async () => {
    const { owner, team } = await newTeam();
    const endpoint = await addEndpoint(owner, team, ['item.created']);
    for (const name of ['a', 'b', 'c']) await call(owner, team, 'POST', '/items/', { name });
    const first = await call(owner, team, 'GET', `/webhooks/${endpoint.id}/deliveries?limit=2`);
    expect(first.json()).toHaveLength(2);
    const cursor = first.headers['x-next-cursor'] as string;
    const second = await call(
      owner,
      team,
      'GET',
      `/webhooks/${endpoint.id}/deliveries?limit=2&cursor=${cursor}`,
    );
    expect(second.json()).toHaveLength(1);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    const all = [...first.json(), ...second.json()].map(({ id }: { id: string }) => id);
    expect(new Set(all).size).toBe(3);
  });

  it('wait while their endpoint is off, and end with it', async () => {
    const { owner, team } = await newTeam();
    const endpoint = await addEndpoint(owner, team, ['item.created']);
    await call(owner, team, 'POST', '/items/', { name: 'Held' });
    await call(owner, team, 'PATCH', `/webhooks/${endpoint.id}`, { enabled: false });
    await app.webhooks.drain();
    expect(to(endpoint.path)).toEqual([]);
    expect((await deliveriesOf(owner, team, endpoint.id))[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
    });
    // Held while off, sent once on again.
    await call(owner, team, 'PATCH', `/webhooks/${endpoint.id}`, { enabled: true });
    await app.webhooks.drain();
    expect(to(endpoint.path)).toHaveLength(1);

    await call(owner, team, 'POST', '/items/', { name: 'Gone' });
    expect((await call(owner, team, 'DELETE', `/webhooks/${endpoint.id}`)).statusCode).toBe(204);
    await app.webhooks.drain();
    expect(to(endpoint.path)).toHaveLength(1);
    expect((await call(owner, team, 'GET', `/webhooks/${endpoint.id}/deliveries`)).statusCode).toBe(404);
  });
});

describe('the worker', () => {
  it('keeps sending while a receiver hangs: the hanging attempt holds its place, not the queue', async () => {
    const { owner, team } = await newTeam();
    const slow = await addEndpoint(owner, team, ['item.created']);
    const fast = await addEndpoint(owner, team, ['item.updated']);
    receiver.answerWith((request) => (request.path === slow.path ? 'hang' : { status: 204 }));
    const item = (await call(owner, team, 'POST', '/items/', { name: 'Slow' })).json();
    const sender = createSender({});
    const worker = createDeliveryWorker({
      db: app.database.db,
      send: sender.send,
      log: app.log,
      clock,
      retryBaseMs: app.config.webhookRetryBaseMs,
      pollIntervalMs: 50,
      stopGraceMs: 100,
    });
    const before = receiver.received.length;
    worker.start();
    await receiver.waitFor(before + 1);
    // Queued while the first attempt hangs (for up to 10 s): sent at the next poll.
    await call(owner, team, 'PATCH', `/items/${item.uuid}`, { name: 'Fast' });
    await receiver.waitFor(before + 2);
    expect(to(fast.path)).toHaveLength(1);
    expect((await deliveriesOf(owner, team, slow.id))[0]).toMatchObject({ status: 'pending', attempts: 0 });
    await worker.stop();
    sender.close();
  });

  it('hands back the attempts still in flight after its grace: due again, their attempts not counted', async () => {
    const { owner, team } = await newTeam();
    const endpoint = await addEndpoint(owner, team, ['item.created']);
    receiver.answerWith(() => 'hang');
    await call(owner, team, 'POST', '/items/', { name: 'Interrupted' });
    const sender = createSender({});
    const worker = createDeliveryWorker({
      db: app.database.db,
      send: sender.send,
      log: app.log,
      clock,
      retryBaseMs: app.config.webhookRetryBaseMs,
      stopGraceMs: 100,
    });
    const before = receiver.received.length;
    worker.start();
    await receiver.waitFor(before + 1);
    await worker.stop();
    sender.close();
    expect((await deliveriesOf(owner, team, endpoint.id))[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
    });

    // Due at once: the next worker sends it, with the same webhook-id.
    receiver.answerWith(() => ({ status: 204 }));
    await app.webhooks.drain();
    expect((await deliveriesOf(owner, team, endpoint.id))[0]).toMatchObject({
      status: 'succeeded',
      attempts: 1,
    });
    const ids = to(endpoint.path).map((request) => request.headers['webhook-id']);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
  });
});

describe('events', () => {
  it('are the activity actions they are named after', async () => {
    const { ACTIVITY_ACTIONS } = await import('@app/contract');
    const actions: readonly string[] = ACTIVITY_ACTIONS;
    expect(WEBHOOK_EVENTS.filter((event: WebhookEvent) => !actions.includes(event))).toEqual([]);
  });
});
