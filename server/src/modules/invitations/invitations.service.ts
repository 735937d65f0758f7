// Invitations (CONTRACT section 3): a mailed, single-use link valid 7 days; accepting adds the invited email's
// account to the team (creating it verified, without a password) and signs that account in.
import type { AssignableRole, InvitationAcceptance } from '@app/contract';

import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import type { TenantContext } from '../../plugins/tenant.ts';
import * as users from '../auth/auth.repository.ts';
import { type AuthDeps, issueSession } from '../auth/auth.service.ts';
import { enqueueMail } from '../mail/mail.repository.ts';
import { invitationMail } from '../mail/mail.templates.ts';
import { isMemberByEmail } from '../members/members.repository.ts';
import { getTenantForMember, insertMembership, logActivity } from '../tenants/tenants.repository.ts';
import * as repo from './invitations.repository.ts';

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const invalidInvitation = () => new AppError('BAD_REQUEST', 'Invalid or expired invitation');

export async function invite(
  deps: AuthDeps,
  ctx: TenantContext,
  { email, role }: { email: string; role: AssignableRole },
): Promise<string> {
  await deps.db.transaction(async (tx) => {
    if (await isMemberByEmail(tx, ctx.tenantId, email)) {
      throw new AppError('CONFLICT', 'User is already a member of this team');
    }
    const tenant = await getTenantForMember(tx, ctx.tenantId, ctx.userId);
    const inviter = await users.findUserById(tx, ctx.userId);
    const token = randomToken();
    await repo.insertInvitation(tx, {
      tenantId: ctx.tenantId,
      email,
      role,
      tokenHash: hashToken(token),
      invitedBy: ctx.userId,
      expiresAt: new Date(deps.clock.now().getTime() + INVITATION_TTL_MS),
    });
    await enqueueMail(
      tx,
      invitationMail({
        to: email,
        appUrl: deps.appUrl,
        token,
        teamName: tenant!.name,
        inviterEmail: inviter!.email,
      }),
    );
    await logActivity(tx, {
      tenantId: ctx.tenantId,
      actorId: ctx.userId,
      action: 'member.invited',
      details: { email, role },
    });
  });
  deps.mailQueued();
  return `Invitation sent to ${email}`;
}

export async function accept(deps: AuthDeps, token: string): Promise<InvitationAcceptance> {
  return deps.db.transaction(async (tx) => {
    const accepted = await repo.acceptInvitation(tx, hashToken(token), deps.clock.now());
    if (!accepted) throw invalidInvitation();
    const { invitation, tenant } = accepted;
    let user =
      (await users.insertUser(tx, { email: invitation.email, passwordHash: null, isVerified: true })) ??
      (await users.findUserByEmail(tx, invitation.email))!;
    // The link reached this mailbox, which proves it is theirs.
    if (!user.isVerified) {
      await users.markVerified(tx, user.uuid);
      user = { ...user, isVerified: true };
    }
    if (!(await isMemberByEmail(tx, tenant.uuid, user.email))) {
      await insertMembership(tx, { tenantId: tenant.uuid, userId: user.uuid, role: invitation.role });
    }
    await repo.recordAcceptedBy(tx, invitation.id, user.uuid);
    const session = await issueSession(deps, tx, user);
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
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const userId = await repo.claimPasswordSetting(tx, hashToken(token), deps.clock.now());
    const user = userId && (await users.findUserById(tx, userId));
    if (!user || user.passwordHash !== null) throw invalidInvitation();
    await users.setPasswordHash(tx, user.uuid, passwordHash);
  });
  return 'Password set successfully';
}
