import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { tenantQueryKey } from './tenant-query-key';

/** GET /tenant: one team's details; the team is the X-TENANT-UUID header, not the path (docs/spec.md section 7). */
export const getTenant = (tenantUuid: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('getTenant', { signal, tenantUuid });

export const getTenantQueryOptions = (tenantUuid: string) =>
  queryOptions({
    queryKey: tenantQueryKey(tenantUuid, 'details'),
    queryFn: ({ signal }) => getTenant(tenantUuid, { signal }),
  });

export const useTenant = (tenantUuid: string | undefined) =>
  useQuery({ ...getTenantQueryOptions(tenantUuid ?? ''), enabled: !!tenantUuid });
