// The team's rules refused this session (docs/contract.md section 4, Enterprise identity: 403 two_factor_required or
// sso_required): every team page shows what to do instead of a page of failed cards (app/layouts/tenant-page.tsx).
import { useSyncExternalStore } from 'react';

import { ApiError } from '@/lib/api-error';

export type TeamRuleRefusal = 'two_factor_required' | 'sso_required';

let refusal: TeamRuleRefusal | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Notes a refusal by the team's rules, from any failed request (lib/query-client.ts). */
export function noteTeamRuleRefusal(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 403) return;
  if (error.code !== 'two_factor_required' && error.code !== 'sso_required') return;
  if (refusal === error.code) return;
  refusal = error.code;
  notify();
}

/** After the member met the rule (a factor set up, a sign-in through SSO): the pages ask again. */
export function clearTeamRuleRefusal() {
  if (refusal === null) return;
  refusal = null;
  notify();
}

export function useTeamRuleRefusal(): TeamRuleRefusal | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => refusal,
  );
}
