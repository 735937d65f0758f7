import type { RemoveMemberBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { usageQueryKey } from '@/lib/session/tenant-query-key';

import { getMembersQueryOptions } from './get-members';

export const removeMember = ({ tenantUuid, body }: { tenantUuid: string; body: RemoveMemberBody }) =>
  apiFetch('removeMember', { body, tenantUuid });

export function useRemoveMember(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RemoveMemberBody) => removeMember({ tenantUuid, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getMembersQueryOptions(tenantUuid).queryKey }),
        queryClient.invalidateQueries({ queryKey: usageQueryKey(tenantUuid) }),
      ]),
  });
}
