// The team's security rules (docs/contract.md section 4, Enterprise identity): require_two_factor and require_sso.
// Judged here for every team route by one guard (plugins/tenant.ts requireTeamRules, which guardsOf installs from the
// route's declared policy), from the access the route's membership check already read: nothing more is asked while
// a team has no rule on.
import type { Role, TeamRules, TeamSecurity } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberCaller } from '../../lib/caller.ts';
import { hasEnterpriseIdentity } from '../billing/billing.service.ts';
import { setTeamRules } from '../tenants/tenants.service.ts';
import { signInChange, type SignInChangeDeps } from './sign-in-change.ts';
import * as ssoRepo from './sso.repository.ts';
import * as repo from './team-rules.repository.ts';

/** A member's access as the membership check read it: the team's rules, and how the session began. */
export type RulesAccess = {
  tenantId: string;
  userId: string;
  role: Role;
  rules: { requireTwoFactor: boolean; requireSso: boolean };
  session: { secondFactor: boolean; ssoTenantId: string | null };
};

export const twoFactorRequired = () =>
  new AppError('FORBIDDEN', 'This team requires two-factor authentication', 'two_factor_required');
export const ssoRequired = () =>
  new AppError('FORBIDDEN', 'This team requires single sign-on', 'sso_required');

/** What require_sso stands on: the Business plan, a provider, and a verified domain. */
async function ssoReady(db: Db, tenantId: string): Promise<boolean> {
  return (
    (await hasEnterpriseIdentity(db, tenantId)) &&
    (await ssoRepo.findConnection(db, tenantId)) !== undefined &&
    (await ssoRepo.hasVerifiedDomain(db, tenantId))
  );
}

/**
 * The rules in force. require_sso stops when what it stands on goes (the plan lapsed, the provider or the last
 * verified domain removed), and is turned off then, so that it does not come back by itself: a broken or removed
 * provider never locks the team out.
 */
async function rulesInForce(db: Db, tenantId: string, rules: RulesAccess['rules']) {
  if (!rules.requireSso || (await ssoReady(db, tenantId))) return rules;
  await setTeamRules(db, tenantId, { requireSso: false });
  return { ...rules, requireSso: false };
}

/**
 * The guard's judgement of a member's session: refused (403) when the team requires a second factor the session did
 * not pass, or single sign-on it did not come through (for members SSO holds, the owner never); with `refuse` false
 * (GET /tenant), only the rules in force, which the route reports.
 */
export async function judgeTeamAccess(
  db: Db,
  access: RulesAccess,
  { refuse }: { refuse: boolean },
): Promise<TeamRules> {
  const rules = await rulesInForce(db, access.tenantId, access.rules);
  if (refuse) {
    if (rules.requireTwoFactor && !access.session.secondFactor) throw twoFactorRequired();
    if (
      rules.requireSso &&
      access.role !== 'owner' &&
      access.session.ssoTenantId !== access.tenantId &&
      (await repo.isHeldBySso(db, access.tenantId, access.userId))
    ) {
      throw ssoRequired();
    }
  }
  return { require_sso: rules.requireSso, require_two_factor: rules.requireTwoFactor };
}

export async function getTeamSecurity(db: Db, caller: MemberCaller, rules: TeamRules): Promise<TeamSecurity> {
  const reach = await repo.countReach(db, caller.tenantId);
  return {
    ...rules,
    sso_ready: await ssoReady(db, caller.tenantId),
    members_without_second_factor: reach.withoutSecondFactor,
    members_held_by_sso: reach.heldBySso,
  };
}

/**
 * Turns the rules on or off. Turning one on must not lock out the one who does it: require_two_factor from a session
 * that passed a second factor, require_sso once it stands (plan, provider, verified domain) and from a session that
 * came through it (or the owner's, whom it never holds). Owner mailed, logged, recent sign-in (its policy).
 */
export async function updateTeamSecurity(
  deps: SignInChangeDeps,
  caller: MemberCaller,
  session: RulesAccess['session'],
  body: { require_sso?: boolean; require_two_factor?: boolean },
): Promise<TeamSecurity> {
  const { tenantId } = caller;
  if (body.require_two_factor && !session.secondFactor) {
    throw new AppError(
      'BAD_REQUEST',
      'Sign in with a second factor yourself (an authenticator app or a passkey) before the team requires one',
      'second_factor_first',
    );
  }
  if (body.require_sso) {
    if (!(await ssoReady(deps.db, tenantId))) {
      throw new AppError('BAD_REQUEST', 'Set up single sign-on and verify a domain first', 'sso_not_ready');
    }
    if (caller.role !== 'owner' && session.ssoTenantId !== tenantId) {
      throw new AppError(
        'BAD_REQUEST',
        "Sign in through the team's single sign-on first, so that you know it works",
        'sso_session_first',
      );
    }
  }
  const changes = {
    ...(body.require_sso !== undefined && { requireSso: body.require_sso }),
    ...(body.require_two_factor !== undefined && { requireTwoFactor: body.require_two_factor }),
  };
  const target = Object.entries(body)
    .map(([rule, on]) => `${rule}: ${on ? 'on' : 'off'}`)
    .join(', ');
  await signInChange(
    deps,
    caller,
    // Two-factor is on every plan, and require_sso may always be turned off.
    { action: 'security.updated', target, needsPlan: body.require_sso === true },
    (scoped) => setTeamRules(scoped, tenantId, changes),
  );
  return getTeamSecurity(deps.db, caller, await repo.findRules(deps.db, tenantId));
}
