// A team's webhook endpoints and their deliveries (docs/contract.md section 4, Developer platform). Deliveries fan out
// from the activity log: every entry whose action is a webhook event queues one per subscribed endpoint, in the
// statement that logs it (activity.service.ts, queueFrom), and the worker sends them (delivery-worker.ts).
import { randomBytes } from 'node:crypto';

import {
  type CreatedWebhook,
  isUuid,
  MAX_WEBHOOK_ENDPOINTS,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@app/contract';

import type { WithSubquery } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { withTenantScope, withTenantStatement } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { daysBefore } from '../../lib/clock.ts';
import { type Page, type PageQuery, readPage } from '../../lib/pagination.ts';
import type { MemberCaller } from '../../lib/caller.ts';
import { asMaker } from '../auth/sessions.service.ts';
import type { Resolve } from '../../lib/url-safety.ts';
import { requirePublicHttps } from '../../lib/url-safety.ts';
import * as repo from './webhooks.repository.ts';

export type WebhookDeps = {
  db: Db;
  /** Production allows only public https URLs (url-safety.ts). */
  publicHttpsOnly: boolean;
  resolve: Resolve;
  /** Wakes the delivery worker, for a delivery someone is waiting on. */
  notify(): void;
};

/**
 * The part of a change's own statement that queues the deliveries its logged entry fans out to, after the entry's
 * CTE and reading only it: one per entry for each enabled endpoint of the team that takes its action
 * (webhooks.repository.ts).
 */
export function queueFrom(logged: repo.EventRows): WithSubquery<'queued'> {
  return repo.queueFrom(logged);
}

/** Settled deliveries are kept this long, then removed by the daily clean-up. */
const KEEP_DELIVERIES_DAYS = 30;

const endpointNotFound = () => new AppError('NOT_FOUND', 'Webhook endpoint not found', 'webhook_not_found');

function toWebhook(row: repo.EndpointRecord): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEvent[],
    enabled: row.enabled,
    created_at: row.createdAt,
    created_by_email: row.createdByEmail,
    disabled_reason: row.disabledReason,
  };
}

type DeliveryRow = NonNullable<Awaited<ReturnType<typeof repo.findDelivery>>>;
function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    created_at: row.createdAt,
    last_attempt_at: row.lastAttemptAt,
  };
}

const checkUrl = async (deps: WebhookDeps, url: string) => {
  if (deps.publicHttpsOnly) await requirePublicHttps(url, deps.resolve);
};

/**
 * Runs `fn` in the team's scope for a caller who makes or takes over an endpoint: refused once a credential event has
 * ended their session (asMaker), or once they are no longer an admin or the owner (a demotion that committed since the
 * route's check); a demotion or event still to come waits, and then finds the endpoint theirs.
 */
function asAnswerable<T>(deps: WebhookDeps, caller: MemberCaller, fn: (tx: Db) => Promise<T>): Promise<T> {
  return asMaker(deps.db, caller, 'webhook_endpoints', (unscoped) =>
    withTenantScope(unscoped, caller.tenantId, async (tx) => {
      const role = await repo.lockRoleOf(tx, caller.tenantId, caller.userId);
      if (role !== 'admin' && role !== 'owner') {
        throw new AppError('FORBIDDEN', 'Only team admins and the owner can do this', 'admin_only');
      }
      return fn(tx);
    }),
  );
}

export async function createWebhook(
  deps: WebhookDeps,
  caller: MemberCaller,
  { url, events }: { url: string; events: WebhookEvent[] },
): Promise<CreatedWebhook> {
  await checkUrl(deps, url);
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const endpoint = await asAnswerable(deps, caller, async (tx) => {
    // Of two creates for the last place only one is made: the second waits for the first's transaction to end, then
    // counts afresh, the first's new one too.
    await repo.lockEndpoints(tx, caller.tenantId);
    if ((await repo.countEndpoints(tx, caller.tenantId)) >= MAX_WEBHOOK_ENDPOINTS) {
      throw new AppError(
        'BAD_REQUEST',
        `A team can have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints. Remove one to add another.`,
        'webhook_limit',
        { count: MAX_WEBHOOK_ENDPOINTS },
      );
    }
    return repo.insertEndpoint(tx, {
      tenantId: caller.tenantId,
      url,
      events,
      secret,
      createdBy: caller.userId,
    });
  });
  return { ...toWebhook(endpoint), secret };
}

export async function listWebhooks(deps: WebhookDeps, caller: MemberCaller): Promise<Webhook[]> {
  const rows = await withTenantStatement(deps.db, caller.tenantId, (tx) =>
    repo.findEndpoints(tx, caller.tenantId),
  );
  return rows.map(toWebhook);
}

/**
 * Changes an endpoint. Whoever gives it another URL or switches it on from off answers for it from then on (its
 * `created_by`): an admin who pointed someone else's endpoint at their own server is, like its maker, cut off when
 * they leave. A change that leaves both as they were takes nothing over.
 */
export async function updateWebhook(
  deps: WebhookDeps,
  caller: MemberCaller,
  id: string,
  changes: { url?: string | undefined; events?: WebhookEvent[] | undefined; enabled?: boolean | undefined },
): Promise<Webhook> {
  if (!isUuid(id)) throw endpointNotFound();
  if (changes.url !== undefined) await checkUrl(deps, changes.url);
  const { url, events, enabled } = changes;
  const mayTakeOver = url !== undefined || enabled === true;
  const values = {
    ...(url !== undefined && { url }),
    ...(events !== undefined && { events }),
    ...(enabled !== undefined && { enabled }),
  };
  const update = (tx: Db) =>
    Object.keys(values).length === 0
      ? repo.findEndpoint(tx, caller.tenantId, id)
      : repo.updateEndpoint(tx, caller.tenantId, id, values, caller.userId);
  const endpoint = await (mayTakeOver
    ? asAnswerable(deps, caller, update)
    : withTenantStatement(deps.db, caller.tenantId, update));
  if (!endpoint) throw endpointNotFound();
  return toWebhook(endpoint);
}

/**
 * Retires, in the caller's transaction, the endpoints an account answers for (in one team, or in every team):
 * `disabled` with the reason shown on the Developers page, or `deleted` with their deliveries. What it retired; the
 * caller logs each with its cause (auth/credential-lifecycle.service.ts says which event does what).
 */
export async function retireEndpointsMadeBy(
  tx: Db,
  maker: { userId: string; tenantId?: string | undefined },
  outcome: 'disabled' | 'deleted',
): Promise<{ id: string; url: string; tenantId: string }[]> {
  return outcome === 'disabled'
    ? repo.disableEndpointsMadeBy(tx, maker)
    : repo.deleteEndpointsMadeBy(tx, maker);
}

/** Removes the endpoint with its deliveries, pending ones too: nothing more is sent to it. */
export async function deleteWebhook(deps: WebhookDeps, caller: MemberCaller, id: string): Promise<void> {
  if (!isUuid(id)) throw endpointNotFound();
  const deleted = await withTenantStatement(deps.db, caller.tenantId, (tx) =>
    repo.deleteEndpoint(tx, caller.tenantId, id),
  );
  if (!deleted) throw endpointNotFound();
}

/** Queues a `ping` to the endpoint, sent at once: what the Developers page's test button sends. */
export async function testWebhook(
  deps: WebhookDeps,
  caller: MemberCaller,
  id: string,
): Promise<WebhookDelivery> {
  if (!isUuid(id)) throw endpointNotFound();
  const delivery = await withTenantScope(deps.db, caller.tenantId, async (tx) => {
    const deliveryId = await repo.insertPing(tx, caller.tenantId, id);
    return deliveryId === undefined ? undefined : repo.findDelivery(tx, caller.tenantId, deliveryId);
  });
  if (!delivery) throw endpointNotFound();
  deps.notify();
  return toDelivery(delivery);
}

export async function listDeliveries(
  deps: WebhookDeps,
  caller: MemberCaller,
  id: string,
  query: PageQuery,
): Promise<Page<WebhookDelivery>> {
  if (!isUuid(id)) throw endpointNotFound();
  return withTenantScope(deps.db, caller.tenantId, async (tx) => {
    if (!(await repo.findEndpoint(tx, caller.tenantId, id))) throw endpointNotFound();
    return readPage(
      query,
      (limit, after) => repo.findDeliveries(tx, caller.tenantId, id, limit, after),
      (row) => toDelivery(row),
    );
  });
}

/** Sends a delivery again, whatever its state: due at once, with the same webhook-id. */
export async function retryDelivery(
  deps: WebhookDeps,
  caller: MemberCaller,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const notFound = () => new AppError('NOT_FOUND', 'Delivery not found', 'delivery_not_found');
  if (!isUuid(id) || !isUuid(deliveryId)) throw notFound();
  const delivery = await withTenantStatement(deps.db, caller.tenantId, (tx) =>
    repo.requeueDelivery(tx, caller.tenantId, id, deliveryId),
  );
  if (!delivery) throw notFound();
  deps.notify();
  return toDelivery(delivery);
}

/** The daily clean-up's part here: settled deliveries older than 30 days. */
export function deleteOldDeliveries(db: Db, now: Date, signal?: AbortSignal): Promise<number> {
  return repo.deleteSettledBefore(db, daysBefore(now, KEEP_DELIVERIES_DAYS), signal);
}
