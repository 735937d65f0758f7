import { LOCALES, THEMES } from '@app/contract/constants';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    uuid: uuid('uuid')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    // Stored trimmed and lower-cased, so the unique constraint is case-insensitive (docs/contract.md section 3).
    email: text('email').notNull().unique(),
    // Null for invited and Google users until they set one.
    passwordHash: text('password_hash'),
    isVerified: boolean('is_verified').notNull().default(false),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The TOTP secret (RFC 6238, base32): written by setup, in force once `totpEnabled`; null when never set up or
     * turned off. `totpLastStep` is the time step of the last code accepted, so a code is never accepted twice.
     */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Set by an operator (docs/contract.md section 4, Operators): no session is issued while it is. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    /**
     * The account's credential generation (docs/decisions/019): every link and sign-in step records the stamp it was
     * issued under and is refused once it has moved. Each credential event moves it (auth/credential-lifecycle.service.ts).
     */
    securityStamp: integer('security_stamp').notNull().default(0),
    /** When the stamp last moved: a proof that carries its own time (a Google ID token's iat) is refused if older. */
    securityStampAt: timestamp('security_stamp_at', { withTimezone: true }),
    /** docs/contract.md section 4, Comfort: the language of the app and of the account's mail, and its colours. */
    locale: text('locale', { enum: LOCALES }).notNull().default('en'),
    theme: text('theme', { enum: THEMES }).notNull().default('system'),
  },
  (table) => [
    check('users_locale_check', sql`${table.locale} in ('en', 'de')`),
    check('users_theme_check', sql`${table.theme} in ('system', 'light', 'dark')`),
    // The operators' list of accounts pages through it newest first (read backwards).
    index('users_created_idx').on(table.createdAt, table.uuid),
  ],
);

export type UserRow = typeof users.$inferSelect;
