import type { Tenant } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetchPage, type Page } from '@/lib/api-client';

/**
 * GET /tenants: the signed-in user's teams with their role in each (docs/spec.md section 7). The switcher needs them all,
 * so every page is read; a page holds 100 teams, so nearly everyone's list is one request.
 */
export async function getTenants({ signal }: { signal?: AbortSignal } = {}): Promise<Tenant[]> {
  const tenants: Tenant[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<Tenant> = await apiFetchPage('listTenants', { cursor, signal });
    tenants.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return tenants;
}

// Not under ['tenants', …]: the list is the user's, not one team's, and invalidating it must not
// invalidate every team's data.
export const getTenantsQueryOptions = () =>
  queryOptions({ queryKey: ['session', 'tenants'], queryFn: getTenants });

export const useTenants = () => useQuery(getTenantsQueryOptions());
