// Second factors (docs/contract.md section 4): the second step of a sign-in, and turning an authenticator app on and
// off. Passkeys are a module of their own (modules/passkeys).
import {
  type AuthResponse,
  type RecoveryCodes,
  type SignInResponse,
  type TwoFactorSetup,
} from '@app/contract';

import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import type { UserCaller } from '../../lib/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken } from '../../lib/tokens.ts';
import { queueSecurityNotice } from '../mail/mail.service.ts';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  newTotpSecret,
  normalizeCode,
  totpStep,
} from './second-factor.ts';
import {
  createOneTimeToken,
  findLiveOneTimeToken,
  findUserById,
  spendOneTimeToken,
} from './credentials.repository.ts';
import * as repo from './second-factors.repository.ts';
import {
  accountSuspended,
  issueSession,
  invalidSecondStep,
  passFirstFactor,
  type SessionOrigin,
  requireRecentSignIn,
  lockAsProven,
} from './sessions.service.ts';
import { requireExistingUser } from './account-status.service.ts';
import type { AuthDeps, Client } from './auth.service.ts';
import { retireCredentials } from './credential-lifecycle.service.ts';

/** How long the second step of a sign-in may take (docs/contract.md section 4). */
const SECOND_FACTOR_TTL_MS = 5 * 60 * 1000;

/**
 * Signs a user in after their first factor (password, Google, an invitation's link, a team's single sign-on): at
 * once, or, with two-factor on, by the second step only: no token is issued until a code is shown. The step carries
 * the sign-in's origin to the session it opens.
 */
export async function signIn(
  deps: AuthDeps,
  tx: Db,
  user: UserRow,
  client: Client,
  origin?: SessionOrigin,
): Promise<SignInResponse> {
  if (user.suspendedAt) throw accountSuspended();
  if (!user.totpEnabled) return issueSession(deps, tx, user, client, undefined, origin);
  const expiresAt = new Date(deps.clock.now().getTime() + SECOND_FACTOR_TTL_MS);
  return {
    mfa_required: true,
    mfa_token: await createOneTimeToken(tx, user, 'second_factor', expiresAt, origin?.ssoTenantId),
  };
}

const INVALID_CODE = 'Invalid code';

export const invalidCode = () => new AppError('BAD_REQUEST', INVALID_CODE, 'second_factor_invalid');

/** The user a second step belongs to, while it is live: the attempt limit is counted against them. */
export async function secondStepUser(deps: AuthDeps, mfaToken: string): Promise<string> {
  const userId = await findLiveOneTimeToken(deps.db, 'second_factor', hashToken(mfaToken), deps.clock.now());
  if (!userId) throw invalidSecondStep();
  return userId;
}

/** The second step: a valid code spends the step's token (single use) and signs the user in. */
export async function completeSecondStep(
  deps: AuthDeps,
  { mfaToken, code }: { mfaToken: string; code: string },
  client: Client,
): Promise<AuthResponse> {
  await secondStepUser(deps, mfaToken);
  // The step is spent first, in the transaction that spends the code: of two requests racing on one step, the
  // second waits for the first, then finds the step spent and spends no code; a wrong code rolls the step back.
  return deps.db.transaction(async (tx) => {
    const step = await spendOneTimeToken(tx, 'second_factor', hashToken(mfaToken), deps.clock.now());
    const user = step && (await findUserById(tx, step.userId));
    if (!user) throw invalidSecondStep();
    if (!(await verifySecondFactor(deps, tx, user.uuid, code))) throw invalidCode();
    return issueSession(deps, tx, user, client, undefined, {
      ssoTenantId: step.ssoTenantId,
      secondFactor: true,
    });
  });
}

/**
 * Checks a second-factor code and spends it: a TOTP code of a time step after the last one accepted, or an unused
 * recovery code. False for anything else, and always while two-factor is off.
 */
export async function verifySecondFactor(
  deps: AuthDeps,
  db: Db,
  userId: string,
  code: string,
): Promise<boolean> {
  const user = await findUserById(db, userId);
  const secret = user?.totpEnabled && user.totpSecret && deps.totpSecrets.open(user.totpSecret);
  if (!secret) return false;
  const normalized = normalizeCode(code);
  const step = totpStep(secret, normalized, deps.clock.now());
  if (step !== null) return repo.acceptTotpStep(db, userId, step);
  return repo.spendRecoveryCode(db, userId, hashRecoveryCode(normalized), deps.clock.now());
}

/** A new TOTP secret to scan; two-factor stays off until a code of it is shown (enableTwoFactor). */
export async function setUpTwoFactor(
  deps: AuthDeps,
  { userId, sessionId }: UserCaller,
): Promise<TwoFactorSetup> {
  const user = await requireExistingUser(deps.db, userId);
  // An unverified account may be a squatter's: a second factor would lock the mailbox's owner out of it.
  if (!user.isVerified) {
    throw new AppError(
      'BAD_REQUEST',
      'Verify your email before turning on two-factor authentication',
      'two_factor_needs_verified_email',
    );
  }
  await requireRecentSignIn(deps, { userId, sessionId });
  const { secret, otpauthUrl } = newTotpSecret(user.email);
  if (!(await repo.setTotpSecret(deps.db, userId, deps.totpSecrets.seal(secret)))) throw twoFactorAlreadyOn();
  return { secret, otpauth_url: otpauthUrl };
}

const twoFactorAlreadyOn = () =>
  new AppError('BAD_REQUEST', 'Two-factor authentication is already on', 'two_factor_already_on');

/** Turns two-factor on once a code of the secret from setup is shown; answers the recovery codes, once. */
export async function enableTwoFactor(
  deps: AuthDeps,
  caller: UserCaller,
  code: string,
): Promise<RecoveryCodes> {
  const { userId } = caller;
  const user = await requireExistingUser(deps.db, userId);
  if (user.totpEnabled) throw twoFactorAlreadyOn();
  const secret = user.totpSecret && deps.totpSecrets.open(user.totpSecret);
  if (!secret)
    throw new AppError('BAD_REQUEST', 'Start the two-factor setup first', 'two_factor_setup_missing');
  const step = totpStep(secret, normalizeCode(code), deps.clock.now());
  if (step === null) throw invalidCode();
  const codes = newRecoveryCodes();
  const enabled = await deps.db.transaction(async (tx) => {
    await lockAsProven(tx, user, caller);
    // Before TOTP is on: whether it is the account's first second factor.
    await passFirstFactor(deps, tx, caller);
    if (!(await repo.enableTotp(tx, userId, user.totpSecret!, step))) return false;
    await repo.replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
    // Links issued before would sign in without the second factor (a verification link does).
    await retireCredentials(deps, tx, userId, 'two-factor turned on');
    await queueSecurityNotice(tx, {
      to: user.email,
      locale: user.locale,
      appUrl: deps.appUrl,
      notice: 'two-factor on',
    });
    return true;
  });
  // Turned on meanwhile, or set up again with another secret in another tab.
  if (!enabled)
    throw new AppError(
      'BAD_REQUEST',
      'The two-factor setup changed. Start again.',
      'two_factor_setup_changed',
    );
  deps.mailQueued();
  return { recovery_codes: codes };
}

/** Turns two-factor off, with a code of it (TOTP or recovery): a stolen session alone cannot. */
export async function disableTwoFactor(deps: AuthDeps, caller: UserCaller, code: string): Promise<void> {
  const { userId } = caller;
  const user = await requireExistingUser(deps.db, userId);
  if (!user.totpEnabled)
    throw new AppError('BAD_REQUEST', 'Two-factor authentication is not on', 'two_factor_not_on');
  if (!(await verifySecondFactor(deps, deps.db, userId, code))) throw invalidCode();
  await deps.db.transaction(async (tx) => {
    await lockAsProven(tx, user, caller);
    await repo.disableTotp(tx, userId);
    await retireCredentials(deps, tx, userId, 'two-factor turned off');
    await queueSecurityNotice(tx, {
      to: user.email,
      locale: user.locale,
      appUrl: deps.appUrl,
      notice: 'two-factor off',
    });
  });
  deps.mailQueued();
}
