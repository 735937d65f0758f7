// One change of how a team signs in (its domains, its single sign-on, later its rules and SCIM token), made the same
// way whatever it changes: docs/contract.md section 4, Enterprise identity.
import type { Db } from '../../db/client.ts';
import { withTenantScope } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberCaller } from '../../lib/caller.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { requireEnterpriseIdentity } from '../billing/billing.service.ts';
import { queueTeamSignInNotice, type TeamSignInChange } from '../mail/mail.service.ts';
import { lockTeam } from '../tenants/tenants.service.ts';
import { findEmail, findOwner } from './domains.repository.ts';

export type SignInChangeDeps = {
  db: Db;
  appUrl: string;
  /** Called after a transaction that queued mail has committed, so the worker sends it now. */
  mailQueued: () => void;
};

/**
 * One change in one transaction: refused without the Business plan unless `needsPlan` is false (first, so a team
 * without it learns nothing else), then by `check` (asked as the app's role, across teams); the owner's notice queued; then `change` in the
 * team's scope under its lock, with its activity entry naming `target`. A refusal anywhere rolls the notice back with
 * the rest.
 */
export async function signInChange<T>(
  deps: SignInChangeDeps,
  caller: MemberCaller,
  {
    action,
    target,
    check,
    needsPlan = true,
  }: { action: TeamSignInChange; target: string; check?: (tx: Db) => Promise<void>; needsPlan?: boolean },
  change: (scoped: Db) => Promise<T>,
): Promise<T> {
  const changed = await deps.db.transaction(async (tx) => {
    if (needsPlan) await requireEnterpriseIdentity(tx, caller.tenantId);
    await check?.(tx);
    const owner = await findOwner(tx, caller.tenantId);
    if (!owner) throw new AppError('NOT_FOUND', 'Team not found', 'team_not_found');
    await queueTeamSignInNotice(tx, {
      to: owner.email,
      locale: owner.locale,
      appUrl: deps.appUrl,
      team: owner.team,
      actor: (await findEmail(tx, caller.userId)) ?? '',
      change: action,
      target,
    });
    return withTenantScope(tx, caller.tenantId, async (scoped) => {
      await lockTeam(scoped, caller.tenantId);
      const result = await change(scoped);
      await recordActivity(scoped, {
        tenantId: caller.tenantId,
        actorId: caller.userId,
        action,
        details: { name: target },
      });
      return result;
    });
  });
  deps.mailQueued();
  return changed;
}
