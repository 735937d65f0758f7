import { useMutation, useQueryClient } from '@tanstack/react-query';

import { getPasskeysQueryOptions } from '@/features/passkeys/api/get-passkeys';
import { apiFetch } from '@/lib/api-client';

/** DELETE /auth/passkeys/{id}: the passkey can no longer sign in. */
export const deletePasskey = (id: string) => apiFetch('deletePasskey', { params: { id } });

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getPasskeysQueryOptions().queryKey }),
  });
}
