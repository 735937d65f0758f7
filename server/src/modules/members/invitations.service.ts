// Invitations (docs/contract.md sections 3 and 4): a mailed, single-use link valid 7 days while its sender still manages the
// team; accepting adds the invited email's account to the team (creating it verified, without a password) and signs
// that account in. Admins and the owner see the pending ones, revoke them and resend them.
import type {
  AssignableRole,
  InvitationAcceptance,
  InvitationAcceptanceSecondStep,
  PendingInvitation,
} from '@app/contract';

import type { Db } from '../../db/client.ts';
import { withTenantScope } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { type Page, type PageQuery, readPage } from '../../lib/pagination.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import type { MemberCaller } from '../../lib/caller.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { findUser, findUserWithEmail } from '../auth/account-status.service.ts';
import type { AuthDeps, Client } from '../auth/auth.service.ts';
import { claimProvenAccount, setInitialPassword } from '../auth/credentials.service.ts';
import { signIn } from '../auth/second-factors.service.ts';
import { requireOpenSession } from '../auth/sessions.service.ts';
import { requireRoomFor } from '../billing/billing.service.ts';
import { queueInvitationMail } from '../mail/mail.service.ts';
import { getTeamName } from '../tenants/tenants.service.ts';
import * as repo from './invitations.repository.ts';
import * as members from './members.repository.ts';
import * as seats from './membership-writes.ts';
import { countSeats } from './members.service.ts';

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const invalidInvitation = () =>
  new AppError('BAD_REQUEST', 'Invalid or expired invitation', 'invitation_invalid');
const invitationNotFound = () => new AppError('NOT_FOUND', 'Invitation not found', 'invitation_not_found');

/** A new link for an invitation: the token to mail and what the database keeps of it. */
function newLink(deps: AuthDeps) {
  const token = randomToken();
  return {
    token,
    tokenHash: hashToken(token),
    expiresAt: new Date(deps.clock.now().getTime() + INVITATION_TTL_MS),
  };
}

/**
 * Queues the invitation mail from the team's name and the sender's address, in the caller's transaction: in the
 * language of the invitee's account, or, for someone without one yet, in the inviter's.
 */
async function mailInvitation(deps: AuthDeps, tx: Db, caller: MemberCaller, to: string, token: string) {
  const teamName = await getTeamName(tx, caller.tenantId);
  const inviter = (await findUser(tx, caller.userId))!;
  const locale = (await findUserWithEmail(tx, to))?.locale ?? inviter.locale;
  await queueInvitationMail(tx, {
    to,
    locale,
    appUrl: deps.appUrl,
    token,
    teamName,
    inviterEmail: inviter.email,
  });
}

export async function invite(
  deps: AuthDeps,
  caller: MemberCaller,
  { email, role }: { email: string; role: AssignableRole },
): Promise<string> {
  await deps.db.transaction(async (tx) => {
    // An invitation is a credential its sender's events retire (auth/credential-lifecycle.service.ts): one sent while
    // the account is reclaimed waits here and finds its session ended, or is sent first and then retired with it.
    await requireOpenSession(tx, caller);
    if (await members.isMemberByEmail(tx, caller.tenantId, email)) {
      throw new AppError('CONFLICT', 'User is already a member of this team', 'already_member');
    }
    // An invitation holds a seat: of two for the last seat only one is sent.
    await requireRoomFor(tx, caller.tenantId, 'members', () =>
      countSeats(tx, caller.tenantId, deps.clock.now()),
    );
    const { token, tokenHash, expiresAt } = newLink(deps);
    await repo.insertInvitation(tx, {
      tenantId: caller.tenantId,
      email,
      role,
      tokenHash,
      invitedBy: caller.userId,
      expiresAt,
    });
    await mailInvitation(deps, tx, caller, email, token);
    await recordActivity(tx, {
      tenantId: caller.tenantId,
      actorId: caller.userId,
      action: 'member.invited',
      details: { email, role },
    });
  });
  deps.mailQueued();
  return `Invitation sent to ${email}`;
}

export async function listPending(
  deps: AuthDeps,
  caller: MemberCaller,
  query: PageQuery,
): Promise<Page<PendingInvitation>> {
  return readPage(
    query,
    (limit, before) =>
      withTenantScope(deps.db, caller.tenantId, (tx) =>
        repo.findPending(tx, caller.tenantId, deps.clock.now(), limit, before),
      ),
    (row) => ({
      uuid: row.uuid,
      email: row.email,
      // Invitations are only ever written as admin or member.
      role: row.role as AssignableRole,
      invited_by_email: row.invitedByEmail,
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt.toISOString(),
    }),
  );
}

export async function revoke(deps: AuthDeps, caller: MemberCaller, invitationId: string): Promise<void> {
  await withTenantScope(deps.db, caller.tenantId, async (tx) => {
    const revoked = await repo.revokeInvitation(tx, caller.tenantId, invitationId, deps.clock.now());
    if (!revoked) throw invitationNotFound();
    await recordActivity(tx, {
      tenantId: caller.tenantId,
      actorId: caller.userId,
      action: 'invitation.revoked',
      details: { email: revoked.email },
    });
  });
}

/** Mails a fresh link with a fresh 7 days, sent in the caller's name; the old link stops working at once. */
export async function resend(deps: AuthDeps, caller: MemberCaller, invitationId: string): Promise<void> {
  // Not under the tenant role: the mail goes to the outbox, which is not a team's table.
  await deps.db.transaction(async (tx) => {
    // Resent, the invitation is the resender's (`invited_by`): under their session lock, as a new one is.
    await requireOpenSession(tx, caller);
    const { token, tokenHash, expiresAt } = newLink(deps);
    const renewed = await repo.renewInvitation(tx, caller.tenantId, invitationId, deps.clock.now(), {
      tokenHash,
      expiresAt,
      invitedBy: caller.userId,
    });
    if (!renewed) throw invitationNotFound();
    await mailInvitation(deps, tx, caller, renewed.email, token);
  });
  deps.mailQueued();
}

export async function accept(
  deps: AuthDeps,
  token: string,
  client: Client,
): Promise<InvitationAcceptance | InvitationAcceptanceSecondStep> {
  return deps.db.transaction(async (tx) => {
    const accepted = await repo.acceptInvitation(tx, hashToken(token), deps.clock.now());
    if (!accepted) throw invalidInvitation();
    const { invitation, tenant } = accepted;
    // The link reached this mailbox, which proves it is theirs, as of when it was mailed.
    const user = await claimProvenAccount(
      deps,
      tx,
      invitation.email,
      { accountId: invitation.inviteeId, stamp: invitation.inviteeStamp },
      client.locale,
    );
    if (!user) throw invalidInvitation();
    // An invitation is an admin's word: it undoes an earlier removal.
    await members.clearRemoval(tx, tenant.uuid, user.uuid);
    if (!(await members.isMemberByEmail(tx, tenant.uuid, user.email))) {
      await seats.insertMembership(
        tx,
        { tenantId: tenant.uuid, userId: user.uuid, role: invitation.role },
        deps.clock.now(),
      );
      await recordActivity(tx, {
        tenantId: tenant.uuid,
        actorId: user.uuid,
        action: 'member.joined',
        details: { user: user.uuid, email: user.email, role: invitation.role },
      });
    }
    await repo.recordAcceptedBy(tx, invitation.id, user.uuid, user.securityStamp);
    const session = await signIn(deps, tx, user, client);
    if ('mfa_required' in session) return { ...session, tenant_name: tenant.name, tenant_uuid: tenant.uuid };
    return {
      access_token: session.access_token,
      refresh_token: session.refresh_token,
      email: user.email,
      tenant_name: tenant.name,
      tenant_uuid: tenant.uuid,
      user_uuid: user.uuid,
      has_password: user.passwordHash !== null,
    };
  });
}

/** Once per invitation, for the account that accepted it and only while it has no password. */
export async function setPassword(deps: AuthDeps, token: string, password: string): Promise<string> {
  const tokenHash = hashToken(token);
  // The token is checked before the costly hash, so guessing tokens costs the server no hashing.
  const settable = await repo.findPasswordSettable(deps.db, tokenHash, deps.clock.now());
  const user = settable && (await findUser(deps.db, settable.userId));
  // Dead once the account has a password or its stamp has moved (a reset, a reclaim, signing others out, …).
  if (!user || user.passwordHash !== null || user.securityStamp !== settable.stamp) throw invalidInvitation();
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const claimed = await repo.claimPasswordSetting(tx, tokenHash, deps.clock.now());
    if (!claimed || !(await setInitialPassword(tx, claimed, passwordHash))) throw invalidInvitation();
  });
  return 'Password set successfully';
}
