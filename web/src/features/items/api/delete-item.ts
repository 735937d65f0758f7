import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';
import { usageQueryKey } from '@/lib/session/tenant-query-key';

import { getItemsQueryOptions } from './get-items';

export const deleteItem = ({ tenantUuid, itemUuid }: { tenantUuid: string; itemUuid: string }) =>
  apiFetch('deleteItem', { params: { id: itemUuid }, tenantUuid });

export function useDeleteItem(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (itemUuid: string) => deleteItem({ tenantUuid, itemUuid }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: getItemsQueryOptions(tenantUuid).queryKey }),
        queryClient.invalidateQueries({ queryKey: usageQueryKey(tenantUuid) }),
      ]),
  });
}
