import type { UpdateMeBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { getMeQueryOptions } from '@/features/auth/api/get-me';
import { apiFetch } from '@/lib/api-client';

/**
 * Changes the account's language or theme (docs/contract.md section 4, Comfort). The answer replaces the cached
 * account, and the shell shows the app as it now says (app/layouts/app-shell.tsx).
 */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMeBody) => apiFetch('updateMe', { body }),
    onSuccess: (me) => queryClient.setQueryData(getMeQueryOptions().queryKey, me),
  });
}
