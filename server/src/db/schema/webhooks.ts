import { sql } from 'drizzle-orm';
import { WEBHOOK_DISABLED_REASONS } from '@app/contract/constants';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { tenants } from './tenants.ts';
import { users } from './users.ts';

/** Where a team's changes are sent (docs/contract.md section 4, Developer platform), and which of them. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.uuid, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The signing secret (`whsec_…`): kept as it is, since every delivery is signed with it. */
    secret: text('secret').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The account that answers for where the endpoint sends the team's data: its maker, or the admin who last gave
     * it a URL or switched it back on. It is switched off when that account stops being an admin or the owner.
     */
    createdBy: uuid('created_by').references(() => users.uuid, { onDelete: 'set null' }),
    /** Why the app switched it off (WEBHOOK_DISABLED_REASONS); null when on, or switched off by hand. */
    disabledReason: text('disabled_reason', { enum: WEBHOOK_DISABLED_REASONS }),
  },
  (table) => [
    // Every change a team makes that is a webhook event looks up the team's endpoints.
    index('webhook_endpoints_tenant_idx').on(table.tenantId),
    // A credential event retires the endpoints an account answers for (auth/credential-lifecycle.service.ts).
    index('webhook_endpoints_created_by_idx').on(table.createdBy),
    check('webhook_endpoints_disabled_reason_check', sql`${table.disabledReason} in ('maker_left')`),
  ],
);

/**
 * One event for one endpoint: queued in the change's own transaction (an outbox), sent by the worker until it
 * succeeds or runs out of attempts. Its id is the `webhook-id` of every attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The endpoint's team, so row-level security confines a team's scope to its own deliveries. */
    tenantId: uuid('tenant_id').notNull(),
    event: text('event').notNull(),
    /** The body of every attempt: {type, timestamp, tenant_uuid, data}. */
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  },
  (table) => [
    // An endpoint's log, newest first, in keyset pages.
    index('webhook_deliveries_endpoint_newest_idx').on(
      table.endpointId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The worker's query: pending deliveries that are due.
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.status} = 'pending'`),
  ],
);
