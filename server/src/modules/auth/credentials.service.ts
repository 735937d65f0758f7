// Credentials (docs/contract.md sections 3 and 4): registering and signing in with a password or Google, the mailed
// links (verification, reset, email change), and changing the password or the email. What each change retires is
// credential-lifecycle.service.ts's to say.
import {
  type UpdatePasswordBody,
  type AuthResponse,
  type ChangeEmailBody,
  type DeleteAccountBody,
  type EmailChanged,
  type LoginBody,
  type RegisterBody,
  type ResetConfirmBody,
  type Locale,
  type SignInResponse,
} from '@app/contract';

import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import type { UserCaller } from '../../lib/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword, spendOneVerification, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import {
  queueEmailChangeMails,
  queuePasswordResetMail,
  queueSecurityNotice,
  queueVerificationMail,
} from '../mail/mail.service.ts';
import * as repo from './credentials.repository.ts';
import { issueSession, requireRecentSignIn, lockAsProven } from './sessions.service.ts';
import { signIn, invalidCode, verifySecondFactor } from './second-factors.service.ts';
import { requireExistingUser } from './account-status.service.ts';
import type { AuthDeps, Client } from './auth.service.ts';
import { retireCredentials } from './credential-lifecycle.service.ts';
import { DAY_MS } from '../../lib/clock.ts';

const VERIFICATION_TTL_MS = DAY_MS;
const RESET_TTL_MS = 60 * 60 * 1000;
const CHANGE_EMAIL_TTL_MS = DAY_MS;

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this email, a password reset link has been sent.';

const invalidCredentials = () =>
  new AppError('UNAUTHORIZED', 'Invalid email or password', 'invalid_credentials');

export async function register(
  deps: AuthDeps,
  { email, password }: RegisterBody,
  client: Client,
): Promise<AuthResponse> {
  const passwordHash = await hashPassword(password);
  const session = await deps.db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      email,
      passwordHash,
      isVerified: false,
      locale: client.locale,
      now: deps.clock.now(),
    });
    if (!user) throw new AppError('CONFLICT', 'Email already registered', 'email_taken');
    await sendVerification(deps, tx, user);
    return issueSession(deps, tx, user, client);
  });
  deps.mailQueued();
  return session;
}

export async function login(
  deps: AuthDeps,
  { email, password }: LoginBody,
  client: Client,
): Promise<SignInResponse> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (!user?.passwordHash) {
    await spendOneVerification(password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw invalidCredentials();
  return deps.db.transaction((tx) => signIn(deps, tx, user, client));
}

export async function googleLogin(
  deps: AuthDeps,
  credential: string,
  client: Client,
): Promise<SignInResponse> {
  if (!deps.google)
    throw new AppError('NOT_FOUND', 'Google sign-in is not enabled', 'google_sign_in_disabled');
  const { email, issuedAt } = await deps.google.verify(credential);
  // Google vouches for the address; two-factor, if on, still asks for its code.
  return deps.db.transaction(async (tx) => {
    const user = await claimProvenAccount(deps, tx, email, { issuedAt }, client.locale);
    // A token Google issued before the account was last re-secured (a reset, a reclaim, …) is a replay.
    if (!user) throw new AppError('UNAUTHORIZED', 'Invalid Google credential', 'google_credential_invalid');
    return signIn(deps, tx, user, client);
  });
}

/**
 * When a proof of a mailbox was made: an invitation mailed while the address's account `accountId` (null when
 * there was none) had `stamp` (0 then), or an ID token issued at `issuedAt`.
 */
export type MailboxProof = { accountId: string | null; stamp: number } | { issuedAt: Date };

/** Whether `proof` was made since the account's last credential event (credential-lifecycle.service.ts). */
function provenSinceLastEvent(user: UserRow, proof: MailboxProof): boolean {
  // An invitation mailed to another account at this address (deleted since, and made again) is not for this one.
  if ('stamp' in proof) {
    return (proof.accountId === null || proof.accountId === user.uuid) && proof.stamp === user.securityStamp;
  }
  // An ID token's iat has whole seconds: one issued in the second of the event counts as after it.
  return (
    !user.securityStampAt ||
    proof.issuedAt.getTime() >= Math.floor(user.securityStampAt.getTime() / 1000) * 1000
  );
}

/**
 * The verified account of an address whose mailbox was proven (Google's word, an invitation's link), made if there
 * is none. Whoever registered the address unverified may not own the mailbox: the account is reclaimed, so the
 * mailbox's owner alone holds it. Undefined when the proof is older than the verified account's last credential
 * event: a link or token from before a reset opens nothing after it, as every link does. A new account speaks
 * `locale`, the browser's.
 */
export async function claimProvenAccount(
  deps: AuthDeps,
  tx: Db,
  email: string,
  proof: MailboxProof,
  locale: Locale,
): Promise<UserRow | undefined> {
  const { user, verifiedBefore } = await claimMailbox(deps, tx, email, locale);
  return !verifiedBefore || provenSinceLastEvent(user, proof) ? user : undefined;
}

/**
 * The account a team's single sign-on vouches for, at an address on one of the team's verified domains, when no
 * account is linked to the provider's identity yet: made, or reclaimed from whoever registered it unverified, as
 * claimProvenAccount does. A verified account is not taken: its holder must sign in as usual and link the identity
 * (`linkRequired`), so a team's provider never gets past someone's password or second factor.
 */
export async function accountForSsoIdentity(
  deps: AuthDeps,
  tx: Db,
  email: string,
  locale: Locale,
): Promise<{ user: UserRow; linkRequired: boolean }> {
  const { user, verifiedBefore } = await claimMailbox(deps, tx, email, locale);
  return { user, linkRequired: verifiedBefore };
}

/**
 * The account a team's directory provisions (SCIM), at an address on one of the team's verified domains: made verified
 * without a password, reclaimed from whoever registered it unverified (as an invitation reclaims it), or, verified,
 * taken as it is: SCIM never changes an account (docs/contract.md section 4). `made`: it is the directory's making
 * (new, or reclaimed), with no way in of anyone's.
 */
export async function accountForDirectory(
  deps: AuthDeps,
  tx: Db,
  email: string,
): Promise<{ user: UserRow; made: boolean }> {
  const { user, verifiedBefore } = await claimMailbox(deps, tx, email, 'en');
  return { user, made: !verifiedBefore };
}

/** The address's account, made verified when there is none, verified when it was not (reclaimed). */
async function claimMailbox(
  deps: AuthDeps,
  tx: Db,
  email: string,
  locale: Locale,
): Promise<{ user: UserRow; verifiedBefore: boolean }> {
  const made = await repo.insertUser(tx, {
    email,
    passwordHash: null,
    isVerified: true,
    locale,
    now: deps.clock.now(),
  });
  if (made) return { user: made, verifiedBefore: false };
  const user = (await repo.findUserByEmail(tx, email))!;
  if (user.isVerified) return { user, verifiedBefore: true };
  // No one has proven an unverified account theirs: any live proof of the mailbox reclaims it, whatever its age. An
  // age check here would let whoever registered the address keep its owner out by moving the stamp.
  await repo.markVerified(tx, user.uuid);
  await retireCredentials(deps, tx, user.uuid, 'address reclaimed');
  return { user: (await repo.findUserById(tx, user.uuid))!, verifiedBefore: false };
}

/**
 * Gives a passwordless account its password (an invited account's first one), through a link issued under
 * `stamp`: false, and nothing changes, once the account's stamp has moved since.
 */
export async function setInitialPassword(
  tx: Db,
  { userId, stamp }: { userId: string; stamp: number },
  passwordHash: string,
): Promise<boolean> {
  return repo.setPasswordHashUnder(tx, userId, stamp, passwordHash);
}

export async function verifyEmail(deps: AuthDeps, token: string, client: Client): Promise<AuthResponse> {
  return deps.db.transaction(async (tx) => {
    const userId = await repo.consumeOneTimeToken(tx, 'verify_email', hashToken(token), deps.clock.now());
    const user = userId && (await repo.findUserById(tx, userId));
    if (!user)
      throw new AppError('BAD_REQUEST', 'Invalid or expired verification link', 'verification_link_invalid');
    await repo.markVerified(tx, user.uuid);
    if (deps.superAdminEmails.includes(user.email)) {
      // Verifying makes a listed address a super admin. The click proves the mailbox, not that whoever chose the
      // password owns it: the account is reclaimed, and the owner chooses a password of their own.
      await retireCredentials(deps, tx, user.uuid, 'address reclaimed');
      return issueSession(deps, tx, (await repo.findUserById(tx, user.uuid))!, client);
    }
    return issueSession(deps, tx, { ...user, isVerified: true }, client);
  });
}

/**
 * Mails the signed-in account a new verification link (the Developers page offers it: keys and endpoints need a
 * verified address). The links mailed before stay valid until they expire.
 */
export async function resendVerification(deps: AuthDeps, { userId }: UserCaller): Promise<string> {
  await deps.db.transaction(async (tx) => {
    const user = await requireExistingUser(tx, userId);
    if (user.isVerified)
      throw new AppError('BAD_REQUEST', 'Your email is already verified', 'email_already_verified');
    await sendVerification(deps, tx, user);
  });
  deps.mailQueued();
  return 'Verification email sent';
}

async function sendVerification(deps: AuthDeps, tx: Db, user: UserRow) {
  const expiresAt = new Date(deps.clock.now().getTime() + VERIFICATION_TTL_MS);
  const token = await repo.createOneTimeToken(tx, user, 'verify_email', expiresAt);
  await queueVerificationMail(tx, { to: user.email, locale: user.locale, appUrl: deps.appUrl, token });
}

export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<string> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (user) {
    await deps.db.transaction(async (tx) => {
      // Older links stay live: a stranger asking again must not kill the one the owner is about to open. The reset
      // that spends one moves the stamp, which retires the rest.
      const now = deps.clock.now();
      const token = await repo.createOneTimeToken(
        tx,
        user,
        'reset_password',
        new Date(now.getTime() + RESET_TTL_MS),
      );
      await queuePasswordResetMail(tx, { to: user.email, locale: user.locale, appUrl: deps.appUrl, token });
    });
    deps.mailQueued();
  }
  // The same answer either way, so the form does not reveal who has an account.
  return RESET_REQUESTED_MESSAGE;
}

export async function confirmPasswordReset(deps: AuthDeps, { token, new_password }: ResetConfirmBody) {
  const invalidLink = () =>
    new AppError('BAD_REQUEST', 'Invalid or expired reset link', 'reset_link_invalid');
  // The token is checked before the costly hash, so guessing tokens costs the server no hashing.
  if (!(await repo.findLiveOneTimeToken(deps.db, 'reset_password', hashToken(token), deps.clock.now()))) {
    throw invalidLink();
  }
  const passwordHash = await hashPassword(new_password);
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const userId = await repo.consumeOneTimeToken(tx, 'reset_password', hashToken(token), now);
    if (!userId) throw invalidLink();
    await repo.setPasswordHash(tx, userId, passwordHash);
    // The link proved the mailbox is theirs; and whoever held the old password is signed out everywhere.
    await repo.markVerified(tx, userId);
    await retireCredentials(deps, tx, userId, 'password reset');
  });
  return 'Your password has been reset. You can now sign in.';
}

/**
 * Changes the password and signs out every other session: whoever knew the old one is out (docs/contract.md
 * section 4). A first password (none to show) asks for a recent sign-in instead, as adding a second factor does.
 */
export async function updatePassword(
  deps: AuthDeps,
  caller: UserCaller,
  { old_password, new_password, code }: UpdatePasswordBody,
): Promise<string> {
  const user = await requireExistingUser(deps.db, caller.userId);
  if (!user.passwordHash) await requireRecentSignIn(deps, caller);
  await confirmAccountHolder(deps, user, { password: old_password, code });
  const passwordHash = await hashPassword(new_password);
  await deps.db.transaction(async (tx) => {
    await lockAsProven(tx, user, caller);
    await repo.setPasswordHash(tx, user.uuid, passwordHash);
    await retireCredentials(deps, tx, user.uuid, 'password changed', caller);
    await queueSecurityNotice(tx, {
      to: user.email,
      locale: user.locale,
      appUrl: deps.appUrl,
      notice: 'password changed',
    });
  });
  deps.mailQueued();
  return 'Password updated successfully';
}

/** What a wrong current password answers: the refusal the account's failed sign-ins count (auth.routes.ts). */
const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';

export const CODE_REQUIRED = 'Enter a code from your authenticator app to confirm';

/**
 * Checks that the caller holds the account before it changes (docs/contract.md section 4): its current password if
 * it has one, then, while two-factor is on, a second-factor code, which is spent. The password is checked first, so
 * a wrong one spends no recovery code.
 */
async function confirmAccountHolder(
  deps: AuthDeps,
  user: UserRow,
  { password, code }: { password?: string | null | undefined; code?: string | undefined },
): Promise<void> {
  if (user.passwordHash) {
    if (!password)
      throw new AppError('BAD_REQUEST', 'Current password is required', 'current_password_required');
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD, 'wrong_password');
    }
  }
  if (user.totpEnabled) {
    if (code === undefined) throw new AppError('BAD_REQUEST', CODE_REQUIRED, 'second_factor_required');
    if (!(await verifySecondFactor(deps, deps.db, user.uuid, code))) throw invalidCode();
  }
}

/**
 * Mails a link to the new address and a notice to the old one (docs/contract.md section 4): the password proves the
 * requester holds the account, the link that they hold the new mailbox. A newer request retires older links.
 */
export async function requestEmailChange(
  deps: AuthDeps,
  caller: UserCaller,
  { new_email, password, code }: ChangeEmailBody,
): Promise<string> {
  const { userId } = caller;
  const user = await requireExistingUser(deps.db, userId);
  if (!user.passwordHash)
    throw new AppError('BAD_REQUEST', 'Set a password before changing your email', 'password_not_set');
  if (new_email === user.email)
    throw new AppError('BAD_REQUEST', 'This is already your email address', 'same_email');
  await confirmAccountHolder(deps, user, { password, code });
  if (await repo.findUserByEmail(deps.db, new_email))
    throw new AppError('CONFLICT', 'Email already registered', 'email_taken');
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    await repo.retireOneTimeTokens(tx, userId, 'change_email', now);
    const token = randomToken();
    await lockAsProven(tx, user, caller);
    await repo.insertOneTimeToken(tx, {
      userId,
      stamp: user.securityStamp,
      purpose: 'change_email',
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + CHANGE_EMAIL_TTL_MS),
      newEmail: new_email,
    });
    await queueEmailChangeMails(tx, {
      oldEmail: user.email,
      newEmail: new_email,
      locale: user.locale,
      appUrl: deps.appUrl,
      token,
    });
  });
  deps.mailQueued();
  return `We sent a confirmation link to ${new_email}. Open it to finish the change.`;
}

/**
 * Spends an email-change link: the account moves to the new address, verified, and every other session ends. The
 * link may be opened in any browser; `caller` is the bearer of an access token on the call, whose session stays if
 * it is the same user's.
 */
export async function confirmEmailChange(
  deps: AuthDeps,
  token: string,
  caller: { uuid: string; sessionId: string } | null,
): Promise<EmailChanged> {
  const email = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const change = await repo.consumeEmailChangeToken(tx, hashToken(token), now);
    if (!change?.newEmail)
      throw new AppError('BAD_REQUEST', 'Invalid or expired link', 'email_change_link_invalid');
    const { userId, newEmail } = change;
    // Registered since the request: the throw rolls the transaction back, so nothing changes.
    if (!(await repo.setEmail(tx, userId, newEmail)))
      throw new AppError('CONFLICT', 'Email already registered', 'email_taken');
    await repo.markVerified(tx, userId);
    if (deps.superAdminEmails.includes(newEmail)) {
      // The new address makes the account a super admin; the click proves the mailbox, not that its owner chose the
      // password or planted its factors (as verifyEmail): reclaimed, the owner chooses a password of their own.
      await retireCredentials(deps, tx, userId, 'email changed to a listed address');
    } else {
      // Links mailed to the old address no longer reach the account; the caller's session stays if it is theirs.
      await retireCredentials(
        deps,
        tx,
        userId,
        'email changed',
        caller?.uuid === userId ? caller : undefined,
      );
    }
    return newEmail;
  });
  return { message: `Your email is now ${email}.`, email };
}

/**
 * Checks that the caller holds the account before it is deleted: its password and, with two-factor on, a code (as
 * any account change); an account with neither (Google, invited) types its email out instead. Answers the account
 * as it was proven against.
 */
export async function confirmHolderForDeletion(
  deps: AuthDeps,
  userId: string,
  { password, confirm_email, code }: DeleteAccountBody,
): Promise<UserRow> {
  const user = await requireExistingUser(deps.db, userId);
  if (!user.passwordHash && !user.totpEnabled && confirm_email !== user.email) {
    throw new AppError('BAD_REQUEST', 'Type your email address to confirm', 'deletion_not_confirmed');
  }
  await confirmAccountHolder(deps, user, { password, code });
  // What was proven: the deletion commits only under lockAsProven against it.
  return user;
}
