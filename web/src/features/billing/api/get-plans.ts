import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** GET /payments/plans: the paid plans, the same for every team (docs/contract.md section 3). */
export const getPlans = ({ signal }: { signal?: AbortSignal } = {}) => apiFetch('listPlans', { signal });

// Not under a team's key: the plans are the product's, not one team's.
export const getPlansQueryOptions = () =>
  queryOptions({ queryKey: ['payments', 'plans'], queryFn: getPlans, staleTime: 5 * 60_000 });

export const usePlans = () => useQuery(getPlansQueryOptions());
