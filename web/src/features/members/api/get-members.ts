import type { Member } from '@app/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { tenantQueryKey } from '@/lib/session/tenant-query-key';

export const getMembers = (tenantUuid: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiFetch<Member[]>('/members', { signal, tenantUuid });

export const getMembersQueryOptions = (tenantUuid: string) =>
  queryOptions({
    queryKey: tenantQueryKey(tenantUuid, 'members'),
    queryFn: ({ signal }) => getMembers(tenantUuid, { signal }),
  });

export const useMembers = (tenantUuid: string) => useQuery(getMembersQueryOptions(tenantUuid));
