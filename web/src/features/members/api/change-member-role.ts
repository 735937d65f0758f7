import type { ChangeRoleBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { getMembersQueryOptions } from './get-members';

export const changeMemberRole = ({ tenantUuid, body }: { tenantUuid: string; body: ChangeRoleBody }) =>
  apiFetch('changeMemberRole', { body, tenantUuid });

export function useChangeMemberRole(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeRoleBody) => changeMemberRole({ tenantUuid, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getMembersQueryOptions(tenantUuid).queryKey }),
  });
}
