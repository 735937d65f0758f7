// Every write of who is in a team and holds a seat: a member added, removed, deactivated or let back. Each tells
// billing in the same transaction (seatsChanged), so a per-seat subscription's quantity follows the team whichever way
// in or out was taken (docs/contract.md section 4, Per-seat billing). No other file inserts, deletes or deactivates a
// membership (server/test/seat-writes.test.ts reads the sources to hold that); a role change moves no seat.
import type { Role } from '@app/contract';
import { and, eq, ne } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { memberships } from '../../db/schema/memberships.ts';
import { seatsChanged } from '../billing/seats/seats.service.ts';

export async function insertMembership(
  db: Db,
  values: {
    tenantId: string;
    userId: string;
    role: Role;
    joinedThrough?: 'sso' | 'scim';
    joinedAt?: Date;
    deactivatedAt?: Date | null;
  },
  now: Date,
) {
  await db.insert(memberships).values(values);
  await seatsChanged(db, values.tenantId, now);
}

/** Removes a membership while it still has the role the caller saw; whether it did. */
export async function deleteMembership(db: Db, tenantId: string, userId: string, role: Role, now: Date) {
  const deleted = await db
    .delete(memberships)
    .where(
      and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId), eq(memberships.role, role)),
    )
    .returning({ userId: memberships.userId });
  if (deleted.length > 0) await seatsChanged(db, tenantId, now);
  return deleted.length > 0;
}

/** Removes a member who is not the owner; whether they were one. */
export async function deleteNonOwnerMembership(db: Db, tenantId: string, userId: string, now: Date) {
  const deleted = await db
    .delete(memberships)
    .where(
      and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId), ne(memberships.role, 'owner')),
    )
    .returning({ userId: memberships.userId });
  if (deleted.length > 0) await seatsChanged(db, tenantId, now);
  return deleted.length > 0;
}

/**
 * Deactivates a member (`at`) or lets them back (null), either way as a member (a promotion while shut out does not
 * come back with them); never the owner. Whether a row changed.
 */
export async function setDeactivated(db: Db, tenantId: string, userId: string, at: Date | null, now: Date) {
  const updated = await db
    .update(memberships)
    .set({ deactivatedAt: at, role: 'member' })
    .where(
      and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId), ne(memberships.role, 'owner')),
    )
    .returning({ userId: memberships.userId });
  if (updated.length > 0) await seatsChanged(db, tenantId, now);
  return updated.length > 0;
}
