// What a team uses of its plan (docs/contract.md section 4): the seats members count, the items items count, against
// the limits billing reads. The counts are the same the limits are checked with (billing's requireRoomFor).
import type { TenantUsage } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { withTenantScope } from '../../db/tenant-scope.ts';
import type { TenantContext } from '../../plugins/tenant.ts';
import { planLimits } from '../billing/billing.service.ts';
import { countItems } from '../items/items.service.ts';
import { countSeats } from '../members/members.service.ts';

export async function getUsage(db: Db, ctx: TenantContext, now: Date): Promise<TenantUsage> {
  return withTenantScope(db, ctx.tenantId, async (tx) => {
    const limits = await planLimits(tx, ctx.tenantId);
    return {
      plan_id: limits.planId,
      members: { used: await countSeats(tx, ctx.tenantId, now), limit: limits.members },
      items: { used: await countItems(tx, ctx.tenantId), limit: limits.items },
    };
  });
}
