import type { UpdateItemBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

import { getItemsQueryOptions } from './get-items';

type UpdateItemInput = { tenantUuid: string; itemUuid: string; body: UpdateItemBody };

/** PATCH /items/{id}: only the fields to change (docs/spec.md section 7). */
export const updateItem = ({ tenantUuid, itemUuid, body }: UpdateItemInput) =>
  apiFetch('updateItem', { params: { id: itemUuid }, body, tenantUuid });

export function useUpdateItem(tenantUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemUuid, body }: Omit<UpdateItemInput, 'tenantUuid'>) =>
      updateItem({ tenantUuid, itemUuid, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getItemsQueryOptions(tenantUuid).queryKey }),
  });
}
