import type { Me, UpdateMeBody } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { getMeQueryOptions, useMe } from '@/features/auth/api/get-me';
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

type Preference = keyof UpdateMeBody;

/**
 * One preference of the account as Settings shows it: what the account holds, or, from the click on, the value being
 * saved (a controlled radio would otherwise spring back until the request starts). Once the save settles the account
 * says again, so a failed save falls back to what it still holds. Undefined until the account is loaded.
 */
export function usePreference<K extends Preference>(preference: K) {
  const me = useMe();
  const update = useUpdateMe();
  const [chosen, setChosen] = useState<Me[K]>();
  const choose = (value: Me[K]) => {
    setChosen(value);
    update.mutate({ [preference]: value } as UpdateMeBody, { onSettled: () => setChosen(undefined) });
  };
  return { value: chosen ?? me.data?.[preference], choose, update };
}
