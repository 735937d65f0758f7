// The team's security rules (docs/contract.md section 4, Enterprise identity): require_two_factor and require_sso.
// Judged here for every team route by one guard (plugins/tenant.ts requireTeamRules, which guardsOf installs from the
// route's declared policy), from the access the route's membership check already read: nothing more is asked while
// a team has no rule on.
import type { Role, TeamRules, TeamSecurity } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberCaller } from '../../lib/caller.ts';
import { hasEnterpriseIdentity } from '../billing/billing.service.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { lockTeam, setTeamRules, turnOffRequireSso } from '../tenants/tenants.service.ts';
import { signInChange, type SignInChangeDeps } from './sign-in-change.ts';
import * as ssoRepo from './sso.repository.ts';
import * as repo from './team-rules.repository.ts';

/** A member's access as the membership check read it: the team's rules, how they joined, how the session began. */
export type RulesAccess = {
  tenantId: string;
  userId: string;
  role: Role;
  joinedThrough: 'sso' | 'scim' | null;
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
 * Whether require_sso still stands (the plan, a provider, a verified domain). When it does not, it is turned off and
 * logged, so that it does not come back by itself: a lapsed plan or a removed provider never locks the team out.
 */
async function requireSsoStands(db: Db, tenantId: string): Promise<boolean> {
  if (await ssoReady(db, tenantId)) return true;
  if (await turnOffRequireSso(db, tenantId)) {
    await recordActivity(db, {
      tenantId,
      actorId: null,
      action: 'security.updated',
      details: { name: 'require_sso: off (its provider, domain or plan is gone)' },
    });
  }
  return false;
}

/**
 * The guard's judgement of a member's session: refused (403) when the team requires a second factor the session did
 * not pass, or single sign-on it did not come through (for members SSO holds, never the owner). With `refuse` false
 * (GET /tenant) the rules in force, which the route reports. Nothing is asked of the database unless a rule is on,
 * and require_sso is looked into only for a session it would refuse.
 */
export async function judgeTeamAccess(
  db: Db,
  access: RulesAccess,
  { refuse }: { refuse: boolean },
): Promise<TeamRules> {
  const { tenantId, userId, rules, session } = access;
  if (refuse && rules.requireTwoFactor && !session.secondFactor) throw twoFactorRequired();
  let requireSso = rules.requireSso;
  if (requireSso && !refuse) requireSso = await requireSsoStands(db, tenantId);
  else if (
    requireSso &&
    access.role !== 'owner' &&
    session.ssoTenantId !== tenantId &&
    (access.joinedThrough !== null || (await repo.isHeldBySso(db, tenantId, userId))) &&
    (await requireSsoStands(db, tenantId))
  ) {
    throw ssoRequired();
  }
  return { require_sso: requireSso, require_two_factor: rules.requireTwoFactor };
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
    {
      action: 'security.updated',
      target,
      // The rules are on every plan; require_sso stands on the Business plan among the rest (400 without it).
      needsPlan: false,
      // Under the team's lock, which removing the provider or a domain takes too: it stands as it is turned on.
      check: async (tx) => {
        await lockTeam(tx, tenantId);
        if (body.require_sso && !(await ssoReady(tx, tenantId))) {
          throw new AppError(
            'BAD_REQUEST',
            'Set up single sign-on and verify a domain first',
            'sso_not_ready',
          );
        }
      },
    },
    (scoped) => setTeamRules(scoped, tenantId, changes),
  );
  return getTeamSecurity(deps.db, caller, await repo.findRules(deps.db, tenantId));
}
