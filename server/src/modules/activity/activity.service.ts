// A team's activity log: every module records its changes here, in the transaction that makes the change; admins and
// the owner read it as a list and as a CSV export (docs/contract.md section 4, Team activity).
import {
  ACTIVITY_CSV_COLUMNS,
  type ActivityAction,
  type ActivityEntry,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '@app/contract';

import type { SQLWrapper, WithSubquery } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { preparedPerHandle } from '../../db/prepared.ts';
import { withTenantStatement } from '../../db/tenant-scope.ts';
import { type Page, type PageQuery, readPage } from '../../lib/pagination.ts';
import type { TeamCaller } from '../../lib/caller.ts';
import { queueFrom } from '../webhooks/webhooks.service.ts';
import * as repo from './activity.repository.ts';
import { csvRow } from './csv.ts';
import { daysBefore } from '../../lib/clock.ts';

const isWebhookEvent = (action: string): action is WebhookEvent =>
  (WEBHOOK_EVENTS as readonly string[]).includes(action);

/**
 * The actions a team's directory logs (SCIM), each announced to the team's webhooks as the event of the same change
 * made by hand: a member provisioned or let back joins, one deactivated or deprovisioned is removed.
 */
const ANNOUNCED_AS = {
  'member.provisioned': 'member.joined',
  'member.reactivated': 'member.joined',
  'member.deactivated': 'member.removed',
  'member.deprovisioned': 'member.removed',
} as const satisfies Partial<Record<ActivityAction, WebhookEvent>>;

/** Whether an entry of `action` is announced to the team's webhooks: as itself, or as ANNOUNCED_AS says. */
const isAnnounced = (action: string) => isWebhookEvent(action) || Object.hasOwn(ANNOUNCED_AS, action);

/**
 * The actor of a change the team's directory made through SCIM (no member made it): the log names it `SCIM`. An
 * account's id is a uuid, so this never names one.
 */
export const SCIM_ACTOR = 'SCIM';

/**
 * The statement of an event's entry made by statements of its own: `logged` and the deliveries it fans out to
 * (webhooks' `queueFrom`), prepared once per handle.
 */
const insertEvent = preparedPerHandle((db) => {
  const logged = repo.loggedOf(db, ANNOUNCED_AS);
  return repo.withLogged(db, logged, [queueFrom(logged)]).prepare('insert_activity_event');
});

/**
 * Records one change of a team; `tx` is the transaction of the change itself, so both commit or neither. An entry
 * whose action is a webhook event is the event: the one statement that logs it also queues its deliveries, which fan
 * out from the logged entry (docs/decisions/024 and 029), so no change can be logged and not announced, or announced
 * and rolled back. Its payload's data is the entry's details. A change the team's directory made has the actor
 * SCIM_ACTOR: no account, and the log names it.
 */
export async function recordActivity(
  tx: Db,
  { actorId, details = {}, ...entry }: repo.NewEntry,
): Promise<void> {
  const stored =
    actorId === SCIM_ACTOR
      ? { ...entry, actorId: null, details: { ...details, actor: SCIM_ACTOR } }
      : { ...entry, actorId, details };
  if (!isAnnounced(entry.action)) return repo.insertActivity(tx, stored);
  await insertEvent(tx).execute(stored);
}

/**
 * The parts of another module's statement that log its change, after the change's CTE `source` and each reading the
 * one before: an entry per row of `source` (`entry`, then `logged`: activity.repository.ts's loggedFrom), and, for a
 * webhook event, the deliveries that fan out from the logged entry (webhooks' `queueFrom`), with `data` as their
 * payload's. The caller's statement is then `WITH <its change>, <these> SELECT … FROM <its change>`: the change,
 * its entry and its deliveries are one statement and one round trip, and a change of no row logs and queues nothing.
 * This and recordActivity are all that knows the log's columns: the caller's module keeps to its own tables.
 */
export function loggedFrom(
  source: SQLWrapper,
  entry: {
    tenantId: SQLWrapper;
    actorId: SQLWrapper;
    actorKeyId: SQLWrapper;
    action: ActivityAction;
    details: Record<string, SQLWrapper>;
    data: Record<string, SQLWrapper>;
  },
): WithSubquery[] {
  const [values, logged] = repo.loggedFrom(source, entry);
  return isWebhookEvent(entry.action) ? [values, logged, queueFrom(logged)] : [values, logged];
}

/** What a user did, in every team and oldest first: the entries of their account's export. */
export async function listByActor(db: Db, actorId: string) {
  return repo.findByActor(db, actorId);
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** What an entry acted on, in a few words, from the details its module recorded. */
function targetOf(action: string, details: Record<string, unknown>): string {
  switch (action) {
    case 'member.role_changed':
      return details.email ? `${text(details.email)} (${text(details.from)} → ${text(details.to)})` : '';
    case 'subscription.changed': {
      const state = [
        text(details.status),
        details.cancel_at_period_end && details.status !== 'canceled' ? 'cancels at period end' : '',
      ]
        .filter(Boolean)
        .join(', ');
      return `${text(details.plan)} (${state})`;
    }
    default: {
      const what = text(details.name) || text(details.email) || text(details.url);
      // A credential retired by an event (auth/credential-lifecycle.service.ts) says which.
      return details.cause ? `${what} (${text(details.cause)})` : what;
    }
  }
}

function toEntry(row: repo.ActivityRecord): ActivityEntry {
  return {
    uuid: row.uuid,
    actor_email: row.actorEmail,
    action: row.action,
    target: targetOf(row.action, row.details),
    created_at: row.createdAt,
  };
}

type ActivityQuery = PageQuery & { action?: ActivityAction | undefined };

export async function listActivity(
  db: Db,
  caller: TeamCaller,
  query: ActivityQuery,
): Promise<Page<ActivityEntry>> {
  return readPage(
    query,
    (limit, after) =>
      withTenantStatement(db, caller.tenantId, (tx) =>
        repo.findActivity(tx, caller.tenantId, query.action, limit, after),
      ),
    toEntry,
  );
}

/** Rows the export reads at a time: memory stays flat however long the log is. */
const EXPORT_PAGE = 500;

/** The whole log (of one action, if given) as CSV, newest first, read page by page as the response is sent. */
export async function* exportActivity(
  db: Db,
  caller: TeamCaller,
  action: ActivityAction | undefined,
): AsyncGenerator<string> {
  yield csvRow(ACTIVITY_CSV_COLUMNS);
  let after: [string, string] | undefined;
  do {
    const rows = await withTenantStatement(db, caller.tenantId, (tx) =>
      repo.findActivity(tx, caller.tenantId, action, EXPORT_PAGE, after),
    );
    yield rows
      .map((row) => {
        const entry = toEntry(row);
        return csvRow([entry.created_at, entry.actor_email, entry.action, entry.target]);
      })
      .join('');
    const last = rows[EXPORT_PAGE - 1];
    after = last && [last.sortAt, last.uuid];
  } while (after);
}

/** The daily clean-up's part here: entries older than `retentionDays` (ACTIVITY_RETENTION_DAYS; 0 keeps all). */
export async function trimActivity(
  db: Db,
  now: Date,
  retentionDays: number,
  signal?: AbortSignal,
): Promise<number> {
  if (retentionDays === 0) return 0;
  return repo.deleteActivityBefore(db, daysBefore(now, retentionDays), signal);
}
