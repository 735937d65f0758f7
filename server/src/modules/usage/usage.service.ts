// What a team uses of its plan (docs/contract.md section 4): the seats members count, the items items count, against
// the limits billing reads. The counts are the same the limits are checked with (billing's requireRoomFor).
import type { TenantUsage } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { withTenantScope } from '../../db/tenant-scope.ts';
import type { MemberCaller } from '../../lib/caller.ts';
import { planLimits } from '../billing/billing.service.ts';
import { countItems } from '../items/items.service.ts';
import { countSeats } from '../members/members.service.ts';

export async function getUsage(db: Db, caller: MemberCaller, now: Date): Promise<TenantUsage> {
  return withTenantScope(db, caller.tenantId, async (tx) => {
    const limits = await planLimits(tx, caller.tenantId);
    return {
      plan_id: limits.planId,
      members: { used: await countSeats(tx, caller.tenantId, now), limit: limits.members },
      items: { used: await countItems(tx, caller.tenantId), limit: limits.items },
    };
  });
}
