import type { Role } from '@app/contract';
import { and, desc, eq, gt, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { pgTime } from '../../db/iso-time.ts';
import { invitations } from '../../db/schema/invitations.ts';
import { memberships } from '../../db/schema/memberships.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { users } from '../../db/schema/users.ts';

export async function insertInvitation(
  db: Db,
  values: {
    tenantId: string;
    email: string;
    role: Role;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
) {
  await db.insert(invitations).values({ ...values, ...invitee(values.email) });
}

/**
 * The invited address's account as the link is mailed, and its security stamp (0, a new account's, when there is
 * none): the link signs into that verified account only while the stamp has not moved (credentials.service.ts,
 * claimProvenAccount).
 */
const invitee = (email: SQL | string) => ({
  inviteeId: sql<string | null>`(select ${users.uuid} from ${users} where ${users.email} = ${email})`,
  inviteeStamp: sql<number>`coalesce((select ${users.securityStamp} from ${users} where ${users.email} = ${email}), 0)`,
});

/** Not accepted, not revoked, not expired. */
const isLive = (now: Date) =>
  and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt), gt(invitations.expiresAt, now));

/** The inviter is still an admin or the owner of the team: a link outlives no one's authority to send it. */
const inviterStillManages = sql`exists (select 1 from ${memberships} where ${memberships.tenantId} = ${invitations.tenantId}
  and ${memberships.userId} = ${invitations.invitedBy} and ${memberships.role} in ('owner', 'admin'))`;

/** Spends a live invitation in one statement: the invitation and its team, or undefined. */
export async function acceptInvitation(db: Db, tokenHash: string, now: Date) {
  const [invitation] = await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.tokenHash, tokenHash), isLive(now), inviterStillManages))
    .returning();
  if (!invitation) return undefined;
  const [tenant] = await db.select().from(tenants).where(eq(tenants.uuid, invitation.tenantId));
  return tenant && { invitation, tenant };
}

/** Records who accepted, and their security stamp then: the set-password link dies when it moves. */
export async function recordAcceptedBy(db: Db, id: string, userId: string, stamp: number) {
  await db
    .update(invitations)
    .set({ acceptedBy: userId, acceptedStamp: stamp })
    .where(eq(invitations.id, id));
}

const passwordSettable = (tokenHash: string, now: Date) =>
  and(
    eq(invitations.tokenHash, tokenHash),
    isNotNull(invitations.acceptedAt),
    isNull(invitations.passwordSetAt),
    gt(invitations.expiresAt, now),
  );

/** The account that accepted this invitation, while its password may still be set through it; else undefined. */
export async function findPasswordSettable(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ userId: invitations.acceptedBy, stamp: invitations.acceptedStamp })
    .from(invitations)
    .where(passwordSettable(tokenHash, now));
  return row?.userId && row.stamp !== null ? { userId: row.userId, stamp: row.stamp } : undefined;
}

/** Marks the password of an accepted, unexpired invitation as set; the account it was accepted by, or undefined. */
export async function claimPasswordSetting(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(invitations)
    .set({ passwordSetAt: now })
    .where(passwordSettable(tokenHash, now))
    .returning({ userId: invitations.acceptedBy, stamp: invitations.acceptedStamp });
  return row?.userId && row.stamp !== null ? { userId: row.userId, stamp: row.stamp } : undefined;
}

const pendingColumns = {
  uuid: invitations.id,
  email: invitations.email,
  role: invitations.role,
  invitedByEmail: users.email,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
  /** The exact sort key for the cursor (see lib/pagination.ts). */
  sortAt: pgTime(invitations.createdAt),
};

/** A team's live invitations from senders who still manage it, newest first, after a cursor's key: invitations_tenant_pending_idx. */
export function findPending(
  db: Db,
  tenantId: string,
  now: Date,
  limit: number,
  before?: readonly [string, string],
) {
  return db
    .select(pendingColumns)
    .from(invitations)
    .leftJoin(users, eq(users.uuid, invitations.invitedBy))
    .where(
      and(
        eq(invitations.tenantId, tenantId),
        isLive(now),
        inviterStillManages,
        before &&
          sql`(${invitations.createdAt}, ${invitations.id}) < (${before[0]}::timestamptz, ${before[1]}::uuid)`,
      ),
    )
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(limit);
}

/** How many seats the team's pending invitations hold: one each, as the Team page lists them (no sort: its index). */
export async function countPending(db: Db, tenantId: string, now: Date) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(invitations)
    .where(and(eq(invitations.tenantId, tenantId), isLive(now), inviterStillManages));
  return row?.count ?? 0;
}

/** The pending invitations (not accepted, not revoked) `userId` sent, in one team or in all. */
const pendingSentBy = ({ userId, tenantId }: { userId: string; tenantId?: string | undefined }) =>
  and(
    eq(invitations.invitedBy, userId),
    tenantId === undefined ? undefined : eq(invitations.tenantId, tenantId),
    isNull(invitations.acceptedAt),
    isNull(invitations.revokedAt),
  );
const retiredColumns = { id: invitations.id, email: invitations.email, tenantId: invitations.tenantId };

/** Ends the pending invitations an account sent, so none comes back if it manages the team again later. */
export async function revokeSentBy(db: Db, sender: { userId: string; tenantId?: string | undefined }) {
  return db
    .update(invitations)
    .set({ revokedAt: sql`now()` })
    .where(pendingSentBy(sender))
    .returning(retiredColumns);
}

/** Deletes the pending invitations an account sent. */
export async function deleteSentBy(db: Db, sender: { userId: string; tenantId?: string | undefined }) {
  return db.delete(invitations).where(pendingSentBy(sender)).returning(retiredColumns);
}

/** Ends a live invitation of the team; whether there was one. */
export async function revokeInvitation(db: Db, tenantId: string, id: string, now: Date) {
  const revoked = await db
    .update(invitations)
    .set({ revokedAt: now })
    .where(and(eq(invitations.id, id), eq(invitations.tenantId, tenantId), isLive(now)))
    .returning({ email: invitations.email });
  return revoked[0];
}

/** Gives a live invitation a new token and a new expiry, sent by `invitedBy`: the old link stops working. */
export async function renewInvitation(
  db: Db,
  tenantId: string,
  id: string,
  now: Date,
  values: { tokenHash: string; expiresAt: Date; invitedBy: string },
) {
  const [renewed] = await db
    .update(invitations)
    .set({ ...values, ...invitee(sql`${invitations.email}`) })
    .where(and(eq(invitations.id, id), eq(invitations.tenantId, tenantId), isLive(now)))
    .returning({ email: invitations.email, role: invitations.role });
  return renewed;
}
