import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { apiFetchPage } from '@/lib/api-client';

type GetAdminFeedbackOptions = { q?: string; cursor?: string | null; signal?: AbortSignal };

/** GET /super-admin/feedback: one page of all feedback, newest first, searched with `q` (docs/contract.md section 3). */
export const getAdminFeedback = ({ q, cursor, signal }: GetAdminFeedbackOptions = {}) =>
  apiFetchPage('adminListFeedback', { cursor, signal, query: { q } });

const getAdminFeedbackQueryOptions = (q = '') =>
  infiniteQueryOptions({
    queryKey: ['admin', 'feedback', { q }],
    queryFn: ({ pageParam, signal }) => getAdminFeedback({ q, cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** While a new search loads, the previous results stay on screen instead of a spinner. */
export const useAdminFeedback = (q: string) =>
  useInfiniteQuery({ ...getAdminFeedbackQueryOptions(q), placeholderData: keepPreviousData });
