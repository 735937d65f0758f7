// The team's rules refused this session (docs/contract.md section 4, Enterprise identity: 403 two_factor_required or
// sso_required): every page of that team shows what to do instead of a page of failed cards
// (app/layouts/tenant-page.tsx). Kept for the team it was met in: another team, or another session, starts clean.
import { useSyncExternalStore } from 'react';

import { ApiError } from '@/lib/api-error';
import { storage } from '@/lib/storage';

export type TeamRuleRefusal = 'two_factor_required' | 'sso_required';

let refusal: { tenantUuid: string; code: TeamRuleRefusal } | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Notes a refusal by the team's rules, from any failed request (lib/query-client.ts), for the team shown. */
export function noteTeamRuleRefusal(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 403) return;
  if (error.code !== 'two_factor_required' && error.code !== 'sso_required') return;
  const tenantUuid = storage.get('selectedTenantUuid');
  if (!tenantUuid || (refusal?.tenantUuid === tenantUuid && refusal.code === error.code)) return;
  refusal = { tenantUuid, code: error.code };
  notify();
}

/** After the member met the rule (a factor set up, a sign-in through SSO), or a new session: the pages ask again. */
export function clearTeamRuleRefusal() {
  if (refusal === null) return;
  refusal = null;
  notify();
}

/** The refusal met in the team shown now, if any. */
export function useTeamRuleRefusal(): TeamRuleRefusal | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (refusal && refusal.tenantUuid === storage.get('selectedTenantUuid') ? refusal.code : null),
  );
}
