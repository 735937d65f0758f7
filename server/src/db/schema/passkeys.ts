import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

import { users } from './users.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A user's WebAuthn credentials: the public key and signature counter the authenticator registered. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.uuid, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_user_idx').on(table.userId, table.createdAt)],
);

export const webauthnCeremony = pgEnum('webauthn_ceremony', ['register', 'login']);

/**
 * The challenge of one WebAuthn ceremony, single use and short-lived: deleted when its response is verified, so a
 * captured response cannot be replayed. A sign-in's challenge has no user (the passkey names them).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    challenge: text('challenge').notNull().unique(),
    ceremony: webauthnCeremony('ceremony').notNull(),
    userId: uuid('user_id').references(() => users.uuid, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('webauthn_challenges_expiry_idx').on(table.expiresAt)],
);
