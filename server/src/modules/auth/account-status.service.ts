// The account as a whole: what GET /auth/me shows, suspension, promotion to super admin, deletion and the notices
// mailed about its ways in.
import type { Me, UpdateMeBody } from '@app/contract';

import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import type { UserCaller } from '../../lib/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { isSuperAdmin } from '../../lib/super-admin.ts';
import { queueSecurityNotice, type SecurityNotice } from '../mail/mail.service.ts';
import { findUserByEmail, findUserById } from './credentials.repository.ts';
import * as repo from './account-status.repository.ts';
import type { AuthDeps } from './auth.service.ts';
import { retireCredentials } from './credential-lifecycle.service.ts';

export async function getMe(deps: AuthDeps, { userId }: UserCaller): Promise<Me> {
  const user = await requireExistingUser(deps.db, userId);
  return {
    uuid: user.uuid,
    email: user.email,
    is_verified: user.isVerified,
    is_super_admin: isSuperAdmin(user, deps.superAdminEmails),
    has_password: user.passwordHash !== null,
    created_at: user.createdAt.toISOString(),
    two_factor_enabled: user.totpEnabled,
    locale: user.locale,
    theme: user.theme,
  };
}

/** PATCH /auth/me: the account's language or theme, or both; the account as it now is. */
export async function updateMe(deps: AuthDeps, caller: UserCaller, body: UpdateMeBody): Promise<Me> {
  await repo.setPreferences(deps.db, caller.userId, body);
  return getMe(deps, caller);
}

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  return findUserById(db, userId);
}

export async function findUserWithEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(db, email);
}

export async function requireExistingUser(db: Db, userId: string) {
  const user = await findUserById(db, userId);
  // A valid token for an account that no longer exists.
  if (!user) throw new AppError('UNAUTHORIZED', 'Not authenticated', 'not_signed_in');
  return user;
}

/**
 * Lifts any suspension of the account with this email (`npm run cli -- unsuspend`), in the caller's transaction. The
 * CLI's refusals here and below are plain errors, which it prints: the API never answers them.
 */
export async function liftSuspension(tx: Db, email: string) {
  const user = await findUserByEmail(tx, email);
  if (!user) throw new Error(`No account with the email ${email}`);
  return { uuid: user.uuid, ...(await repo.setSuspended(tx, user.uuid, null))! };
}

/** Refuses an unverified account: a super admin's address must be proven theirs (docs/contract.md section 4). */
export async function promoteSuperAdmin(db: Db, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`No account with the email ${email}`);
  if (!user.isVerified)
    throw new Error(`${email} has not verified its email yet: verify it first, then promote it`);
  await repo.setSuperAdmin(db, email);
}

/**
 * Suspends an account (its sessions end now, and the operator views it opened) or restores it, in the caller's
 * transaction. Its email and whether anything changed; undefined for no such account. An operator listed in
 * SUPER_ADMIN_EMAILS is refused (docs/contract.md section 4): the console cannot lock out whom the configuration names.
 */
export async function setSuspension(deps: AuthDeps, tx: Db, userId: string, suspended: boolean) {
  const now = deps.clock.now();
  const user = suspended ? await findUserById(tx, userId) : undefined;
  if (user?.isVerified && deps.superAdminEmails.includes(user.email)) {
    throw new AppError(
      'FORBIDDEN',
      'A super admin listed in SUPER_ADMIN_EMAILS cannot be suspended',
      'super_admin_not_suspendable',
    );
  }
  const outcome = await repo.setSuspended(tx, userId, suspended ? now : null);
  if (outcome?.changed && suspended) {
    // Its sessions end, and the views it opened as an operator with them.
    await retireCredentials(deps, tx, userId, 'suspended');
  }
  return outcome;
}

/** Deletes the account in the caller's transaction; its sessions, tokens, codes and passkeys cascade. */
export async function deleteUser(tx: Db, userId: string): Promise<void> {
  await repo.deleteUser(tx, userId);
}

/** Mails the account a notice of a change to its ways in, in the caller's transaction; the caller wakes the mail. */
export async function noticeToAccount(deps: AuthDeps, tx: Db, userId: string, notice: SecurityNotice) {
  const user = await findUserById(tx, userId);
  if (user)
    await queueSecurityNotice(tx, { to: user.email, locale: user.locale, appUrl: deps.appUrl, notice });
}
