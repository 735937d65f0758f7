import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiFetch } from '@/lib/api-client';

export const getMe = ({ signal }: { signal?: AbortSignal } = {}) => apiFetch('getMe', { signal });

export const getMeQueryOptions = () => queryOptions({ queryKey: ['auth', 'me'], queryFn: getMe });

export const useMe = () => useQuery(getMeQueryOptions());
