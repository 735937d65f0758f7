/** The server's public settings (GET /api/config): read by signed-out pages (Google sign-in) and the shell. */
import { queryOptions, useQuery } from '@tanstack/react-query';

import { publicFetch } from '@/lib/api-client';

export const getPublicConfig = ({ signal }: { signal?: AbortSignal } = {}) =>
  publicFetch('getPublicConfig', { signal });

const getPublicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: getPublicConfig,
    // It changes only with a server restart.
    staleTime: Infinity,
  });

export const usePublicConfig = () => useQuery(getPublicConfigQueryOptions());
