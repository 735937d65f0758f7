import { useQuery } from '@tanstack/react-query';

import { getPlansQueryOptions } from '@/features/billing/api/get-plans';
import { useSubscription } from '@/features/billing/api/get-subscription';
import { seatPrice, type SeatPrice } from '@/features/billing/utils/seats';
import { isLive } from '@/features/billing/utils/subscription-status';

/**
 * What one more member costs the team, while its subscription is live on a per-seat plan (docs/contract.md section 4,
 * Per-seat billing); null otherwise, and while either request loads or when it failed: the price is told, never waited
 * for.
 */
export function useSeatPrice(tenantUuid: string): SeatPrice | null {
  const subscription = useSubscription(tenantUuid);
  // The plans name the currency and whether it is per seat; a team without a live subscription needs neither.
  const plans = useQuery({ ...getPlansQueryOptions(), enabled: isLive(subscription.data) });
  return seatPrice(subscription.data, plans.data);
}
