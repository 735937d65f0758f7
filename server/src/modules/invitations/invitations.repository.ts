import type { Role } from '@app/contract';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { invitations } from '../../db/schema/invitations.ts';
import { tenants } from '../../db/schema/tenants.ts';

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
  await db.insert(invitations).values(values);
}

/** Spends a live invitation in one statement: the invitation and its team, or undefined. */
export async function acceptInvitation(db: Db, tokenHash: string, now: Date) {
  const [invitation] = await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning();
  if (!invitation) return undefined;
  const [tenant] = await db.select().from(tenants).where(eq(tenants.uuid, invitation.tenantId));
  return tenant && { invitation, tenant };
}

export async function recordAcceptedBy(db: Db, id: string, userId: string) {
  await db.update(invitations).set({ acceptedBy: userId }).where(eq(invitations.id, id));
}

/** Marks the password of an accepted, unexpired invitation as set; the account it was accepted by, or undefined. */
export async function claimPasswordSetting(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(invitations)
    .set({ passwordSetAt: now })
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNotNull(invitations.acceptedAt),
        isNull(invitations.passwordSetAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({ userId: invitations.acceptedBy });
  return row?.userId ?? undefined;
}
