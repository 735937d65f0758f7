import { MAX_PAGE_SIZE } from '@app/contract/constants';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiFetch, apiFetchPage } from '@/lib/api-client';

/** GET /auth/sessions: the account's open sessions, most recently used first (docs/contract.md section 4). */
export const getSessions = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiFetchPage('listSessions', { query: { limit: MAX_PAGE_SIZE }, signal });

// One page of the largest size: nobody reads past a hundred devices, and "Sign out all other sessions" ends the rest.
export const getSessionsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'sessions'], queryFn: getSessions });

export const useSessions = () => useQuery(getSessionsQueryOptions());

/** DELETE /auth/sessions/{id}: that session's tokens stop working at once. */
export const endSession = (id: string) => apiFetch('revokeSession', { params: { id } });

/** POST /auth/sessions/revoke-others: every session but this one. */
export const endOtherSessions = () => apiFetch('revokeOtherSessions');

function useSessionsMutation<T>(mutationFn: (input: T) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: getSessionsQueryOptions().queryKey }),
  });
}

export const useEndSession = () => useSessionsMutation(endSession);
export const useEndOtherSessions = () => useSessionsMutation(endOtherSessions);
