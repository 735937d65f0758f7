import type { CreateItemBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { usageQueryKey } from '@/lib/session/tenant-query-key';

import { getItemsQueryOptions } from './get-items';

export const createItem = ({ tenantUuid, body }: { tenantUuid: string; body: CreateItemBody }) =>
  apiFetch('createItem', { body, tenantUuid });

export function useCreateItem(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateItemBody) => createItem({ tenantUuid, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getItemsQueryOptions(tenantUuid).queryKey }),
        queryClient.invalidateQueries({ queryKey: usageQueryKey(tenantUuid) }),
      ]),
  });
}
