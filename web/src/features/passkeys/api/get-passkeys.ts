import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

/** GET /auth/passkeys: the account's passkeys, newest first (docs/contract.md section 4). */
export const getPasskeys = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetch('listPasskeys', { signal });

export const getPasskeysQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'passkeys'], queryFn: getPasskeys });

export const usePasskeys = () => useQuery(getPasskeysQueryOptions());
