import { and, count, eq, exists, inArray, ne, or, sql } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { teamDomains } from '../../db/schema/domains.ts';
import { memberships } from '../../db/schema/memberships.ts';
import { passkeys } from '../../db/schema/passkeys.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { users } from '../../db/schema/users.ts';

/** The part after the last `@` of the member's address equals a domain the team verified. */
export const onVerifiedDomain = (tenantId: string) =>
  exists(
    sql`(select 1 from ${teamDomains} where ${teamDomains.tenantId} = ${tenantId}
      and ${teamDomains.verifiedAt} is not null
      and ${teamDomains.domain} = lower(substring(${users.email} from '[^@]*$')))`,
  );

/**
 * Single sign-on holds a member (the owner never): they joined through it or SCIM, or their address is on one of
 * the team's verified domains, whatever they joined by.
 */
const heldBySso = (tenantId: string) =>
  and(
    ne(memberships.role, 'owner'),
    or(inArray(memberships.joinedThrough, ['sso', 'scim']), onVerifiedDomain(tenantId)),
  );

export async function isHeldBySso(db: Db, tenantId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.uuid, memberships.userId))
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId), heldBySso(tenantId)));
  return row !== undefined;
}

/** Whom the rules reach: members whose account has no second factor (TOTP or a passkey), and members SSO holds. */
export async function countReach(db: Db, tenantId: string) {
  const hasPasskey = exists(
    db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, users.uuid)),
  );
  const [row] = await db
    .select({
      withoutSecondFactor: count(sql`case when not ${users.totpEnabled} and not ${hasPasskey} then 1 end`),
      heldBySso: count(sql`case when ${heldBySso(tenantId)} then 1 end`),
    })
    .from(memberships)
    .innerJoin(users, eq(users.uuid, memberships.userId))
    .where(eq(memberships.tenantId, tenantId));
  return { withoutSecondFactor: row?.withoutSecondFactor ?? 0, heldBySso: row?.heldBySso ?? 0 };
}

export async function findRules(db: Db, tenantId: string) {
  const [row] = await db
    .select({ require_sso: tenants.requireSso, require_two_factor: tenants.requireTwoFactor })
    .from(tenants)
    .where(eq(tenants.uuid, tenantId));
  return row ?? { require_sso: false, require_two_factor: false };
}
