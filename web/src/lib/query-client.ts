import { QueryClient } from '@tanstack/react-query';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // A 4xx answer does not change on a retry (a 404 subscription means "none", docs/spec.md section 7), and
      // the delay would only hold back the empty state.
      queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
