import { and, asc, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { isoTime } from '../../db/iso-time.ts';
import { teamDomains } from '../../db/schema/domains.ts';
import { ssoAttempts, ssoConnections, ssoIdentities } from '../../db/schema/sso.ts';
import { tenants } from '../../db/schema/tenants.ts';

export type ConnectionRow = typeof ssoConnections.$inferSelect;
export type AttemptRow = typeof ssoAttempts.$inferSelect;

export async function findConnection(db: Db, tenantId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.tenantId, tenantId));
  return row;
}

export async function saveConnection(
  db: Db,
  values: Pick<
    ConnectionRow,
    'tenantId' | 'issuer' | 'clientId' | 'clientSecret' | 'createdBy' | 'updatedAt'
  >,
): Promise<ConnectionRow> {
  const { issuer, clientId, clientSecret, createdBy, updatedAt } = values;
  const [row] = await db
    .insert(ssoConnections)
    .values(values)
    .onConflictDoUpdate({
      target: ssoConnections.tenantId,
      set: { issuer, clientId, clientSecret, createdBy, updatedAt },
    })
    .returning();
  return row!;
}

export async function deleteConnection(db: Db, tenantId: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.delete(ssoConnections).where(eq(ssoConnections.tenantId, tenantId)).returning();
  return row;
}

/** Whether the team has verified `domain`. */
export async function isVerifiedDomainOf(db: Db, tenantId: string, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teamDomains.id })
    .from(teamDomains)
    .where(
      and(
        eq(teamDomains.tenantId, tenantId),
        eq(teamDomains.domain, domain),
        isNotNull(teamDomains.verifiedAt),
      ),
    );
  return row !== undefined;
}

export async function hasVerifiedDomain(db: Db, tenantId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teamDomains.id })
    .from(teamDomains)
    .where(and(eq(teamDomains.tenantId, tenantId), isNotNull(teamDomains.verifiedAt)))
    .limit(1);
  return row !== undefined;
}

/** The provider of the team that verified `domain`, if it has one: as the app's role, across teams. */
export async function findConnectionForDomain(db: Db, domain: string): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select({ connection: ssoConnections })
    .from(teamDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.tenantId, teamDomains.tenantId))
    .where(and(eq(teamDomains.domain, domain), isNotNull(teamDomains.verifiedAt)));
  return row?.connection;
}

export async function insertAttempt(
  db: Db,
  values: Pick<
    AttemptRow,
    'handleHash' | 'state' | 'nonce' | 'codeVerifier' | 'tenantId' | 'issuer' | 'clientId' | 'expiresAt'
  >,
): Promise<void> {
  await db.insert(ssoAttempts).values(values);
}

/**
 * The attempt of this browser (its cookie's handle) and this state, marked called back in the same statement: a
 * state answers once, before it expires, and only to the browser that began it.
 */
export async function spendAttempt(
  db: Db,
  { handleHash, state, now }: { handleHash: string; state: string; now: Date },
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .update(ssoAttempts)
    .set({ calledBackAt: now })
    .where(
      and(
        eq(ssoAttempts.handleHash, handleHash),
        eq(ssoAttempts.state, state),
        isNull(ssoAttempts.calledBackAt),
        gt(ssoAttempts.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function recordOutcome(
  db: Db,
  id: string,
  values: Pick<AttemptRow, 'codeHash' | 'userId' | 'subject' | 'outcome' | 'codeExpiresAt'>,
): Promise<void> {
  await db.update(ssoAttempts).set(values).where(eq(ssoAttempts.id, id));
}

/** The attempt a one-time code belongs to, while it is live (unspent, in time) and in the browser that began it. */
export async function findLiveCode(
  db: Db,
  { codeHash, handleHash, now }: { codeHash: string; handleHash: string; now: Date },
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoAttempts)
    .where(
      and(
        eq(ssoAttempts.codeHash, codeHash),
        eq(ssoAttempts.handleHash, handleHash),
        isNull(ssoAttempts.spentAt),
        gt(ssoAttempts.codeExpiresAt, now),
      ),
    );
  return row;
}

/** Spends a live code; false when another request spent it first. */
export async function spendCode(db: Db, id: string, now: Date): Promise<boolean> {
  const spent = await db
    .update(ssoAttempts)
    .set({ spentAt: now })
    .where(and(eq(ssoAttempts.id, id), isNull(ssoAttempts.spentAt), gt(ssoAttempts.codeExpiresAt, now)))
    .returning({ id: ssoAttempts.id });
  return spent.length > 0;
}

export async function findIdentity(db: Db, issuer: string, subject: string) {
  const [row] = await db
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, issuer), eq(ssoIdentities.subject, subject)));
  return row;
}

/** The identities linked to the account, oldest first, with the name of the team whose sign-in linked each. */
export async function findIdentitiesOf(db: Db, userId: string) {
  return db
    .select({ issuer: ssoIdentities.issuer, team: tenants.name, linkedAt: isoTime(ssoIdentities.createdAt) })
    .from(ssoIdentities)
    .leftJoin(tenants, eq(tenants.uuid, ssoIdentities.tenantId))
    .where(eq(ssoIdentities.userId, userId))
    .orderBy(asc(ssoIdentities.createdAt));
}

/** Links `(issuer, subject)` to the account; false when it is linked already (to whomever). */
export async function insertIdentity(
  db: Db,
  values: { issuer: string; subject: string; userId: string; tenantId: string },
): Promise<boolean> {
  const inserted = await db
    .insert(ssoIdentities)
    .values(values)
    .onConflictDoNothing()
    .returning({ userId: ssoIdentities.userId });
  return inserted.length > 0;
}

/** The daily clean-up: attempts that expired before `before`, whatever came of them (a code lives 10 minutes). */
export async function deleteOldAttempts(db: Db, before: Date): Promise<number> {
  const deleted = await db
    .delete(ssoAttempts)
    .where(lt(ssoAttempts.expiresAt, before))
    .returning({ id: ssoAttempts.id });
  return deleted.length;
}
