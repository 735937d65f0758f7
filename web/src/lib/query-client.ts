import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

import { noteTeamRuleRefusal } from '@/lib/session/team-rule-refusal';

export function createQueryClient() {
  return new QueryClient({
    // A refusal by the team's rules is the page's to explain, whichever call met it first.
    queryCache: new QueryCache({ onError: noteTeamRuleRefusal }),
    mutationCache: new MutationCache({ onError: noteTeamRuleRefusal }),
    defaultOptions: {
      // A 4xx answer does not change on a retry (a 404 subscription means "none", docs/spec.md section 7), and
      // the delay would only hold back the empty state.
      queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
