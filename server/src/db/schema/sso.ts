import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { tenants } from './tenants.ts';
import { users } from './users.ts';

/** A team's OpenID Connect provider (docs/contract.md section 4, Enterprise identity): one a team. */
export const ssoConnections = pgTable('sso_connections', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.uuid, { onDelete: 'cascade' }),
  /** Exactly as the provider's discovery document names itself. */
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** Sealed (lib/secret-box.ts, SSO_ENCRYPTION_KEY): never answered, never logged. */
  clientSecret: text('client_secret').notNull(),
  /** The admin who saved it last. */
  createdBy: uuid('created_by').references(() => users.uuid, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One sign-in through a team's provider, from POST /auth/sso/start to the exchange (docs/decisions/034). The browser
 * holds a random handle to it in a cookie (its hash here), so the callback and the exchange run only in the browser
 * that began it. It pins the issuer and client it began with; a team that changes its provider meanwhile ends it.
 */
export const ssoAttempts = pgTable(
  'sso_attempts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    handleHash: text('handle_hash').notNull(),
    state: text('state').notNull().unique(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.uuid, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** 10 minutes after the start: the callback must come before. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the provider's answer came back: a state answers once. */
    calledBackAt: timestamp('called_back_at', { withTimezone: true }),
    // Set by a callback that succeeded: the one-time code /sso/complete exchanges, and whom it signs in or links.
    codeHash: text('code_hash').unique(),
    userId: uuid('user_id').references(() => users.uuid, { onDelete: 'cascade' }),
    subject: text('subject'),
    /** 'sign_in', or 'link' when an existing account must sign in as usual to link this identity. */
    outcome: text('outcome', { enum: ['sign_in', 'link'] }),
    /** 60 seconds to exchange it; 10 minutes to link it. */
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sso_attempts_expires_idx').on(table.expiresAt),
    index('sso_attempts_user_idx').on(table.userId),
  ],
);

/**
 * Which account a provider's person is: by the ID token's `(iss, sub)`, never by its email (docs/decisions/034). Made
 * on a first sign-in that created or reclaimed the account, or when the account's holder linked it.
 */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    /** The team whose sign-in made the link. */
    tenantId: uuid('tenant_id').references(() => tenants.uuid, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.issuer, table.subject] }),
    index('sso_identities_user_idx').on(table.userId),
  ],
);
