// Account and session rules (docs/contract.md section 3). Framework-free: plain values in, plain data out, AppError on refusal.
import { randomUUID } from 'node:crypto';

import {
  isUuid,
  type UpdatePasswordBody,
  type AuthResponse,
  type ChangeEmailBody,
  type DeleteAccountBody,
  type EmailChanged,
  type LoginBody,
  MAX_PAGE_SIZE,
  type Me,
  type RegisterBody,
  type Role,
  type ResetConfirmBody,
  type RecoveryCodes,
  type Session,
  type SignInResponse,
  type TokenPair,
  type TwoFactorSetup,
} from '@app/contract';

import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashPassword, spendOneVerification, verifyPassword } from '../../lib/passwords.ts';
import { type Page, type PageQuery, readPage } from '../../lib/pagination.ts';
import { isSuperAdmin } from '../../lib/super-admin.ts';
import { type AccessTokens, hashToken, randomToken } from '../../lib/tokens.ts';
import {
  queueEmailChangeMails,
  queuePasswordResetMail,
  queueSecurityNotice,
  queueVerificationMail,
  type SecurityNotice,
} from '../mail/mail.service.ts';
import * as repo from './auth.repository.ts';
import { type CredentialEvent, type FactorStore, retireCredentials } from './credential-lifecycle.ts';
import type { GoogleIdTokens } from './google-id-tokens.ts';
import {
  hashRecoveryCode,
  newRecoveryCodes,
  type SecretBox,
  newTotpSecret,
  normalizeCode,
  totpStep,
} from './second-factor.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const REFRESH_TOKEN_TTL_MS = 30 * DAY_MS;
const VERIFICATION_TTL_MS = DAY_MS;
const RESET_TTL_MS = 60 * 60 * 1000;
/** How old a sign-in may be to add a way in to the account (an authenticator app, a passkey). */
const RECENT_SIGN_IN_MS = 15 * 60 * 1000;
/** How long the second step of a sign-in may take (docs/contract.md section 4). */
const SECOND_FACTOR_TTL_MS = 5 * 60 * 1000;
/** How long an operator may view the app as someone else, refreshes included (docs/contract.md section 4). */
const IMPERSONATION_TTL_MS = 30 * 60 * 1000;

export const RESET_REQUESTED_MESSAGE =
  'If an account exists for this email, a password reset link has been sent.';

/** Whether a session is open, and whether its user is a super admin now: what the auth plugin asks per request. */
export function createSessionChecks(db: Db, superAdminEmails: string[]) {
  const { openSession, superAdminFlags } = repo.prepareSessionStatements(db);
  return {
    async isSessionOpen(userId: string, sessionId: string): Promise<boolean> {
      return (await openSession.execute({ userId, sessionId })).length > 0;
    },
    async superAdminAccess(
      userId: string,
      sessionId: string,
    ): Promise<'granted' | 'refused' | 'session ended'> {
      const [user] = await superAdminFlags.execute({ userId, sessionId });
      if (!user) return 'session ended';
      return isSuperAdmin(user, superAdminEmails) ? 'granted' : 'refused';
    },
  };
}

/** The browser and address a session is issued to (GET /auth/sessions shows them). */
export type Client = { userAgent: string | null; ip: string | null };

/**
 * The tenant plugin's check, once per tenant-scoped request: the session is open, and the caller's role if any
 * (memberships are the members module's; this one statement reads them beside the session).
 */
export function createTenantAccessCheck(db: Db) {
  const access = repo.prepareTenantAccess(db);
  return async (
    tenantId: string,
    userId: string,
    sessionId: string,
  ): Promise<{ sessionOpen: false } | { sessionOpen: true; role: Role | null }> => {
    const [row] = await access.execute({ tenantId, userId, sessionId });
    return row ? { sessionOpen: true, role: row.role } : { sessionOpen: false };
  };
}

export type AuthDeps = {
  db: Db;
  clock: Clock;
  accessTokens: AccessTokens;
  appUrl: string;
  superAdminEmails: string[];
  /** Null when GOOGLE_CLIENT_ID is not set: Google sign-in does not exist then. */
  google: GoogleIdTokens | null;
  /** Called after a transaction that queued mail has committed, so the worker sends it now. */
  mailQueued: () => void;
  /** Seals and opens the TOTP secrets stored on accounts. */
  totpSecrets: SecretBox;
  /** The account's factors kept by other modules (passkeys), removed when the account is reclaimed. */
  factorStores: FactorStore[];
};

/** Applies a credential event (credential-lifecycle.ts) in the caller's transaction. */
function credentialEvent(
  deps: AuthDeps,
  tx: Db,
  userId: string,
  event: CredentialEvent,
  caller?: { sessionId: string },
) {
  return retireCredentials(
    tx,
    { factorStores: deps.factorStores, now: deps.clock.now() },
    userId,
    event,
    caller,
  );
}

const invalidCredentials = () => new AppError('UNAUTHORIZED', 'Invalid email or password');
const invalidRefresh = () => new AppError('UNAUTHORIZED', 'Invalid or expired refresh token');

export async function register(
  deps: AuthDeps,
  { email, password }: RegisterBody,
  client: Client,
): Promise<AuthResponse> {
  const passwordHash = await hashPassword(password);
  const session = await deps.db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, { email, passwordHash, isVerified: false });
    if (!user) throw new AppError('CONFLICT', 'Email already registered');
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
  if (!deps.google) throw new AppError('NOT_FOUND', 'Google sign-in is not enabled');
  const { email, issuedAt } = await deps.google.verify(credential);
  // Google vouches for the address; two-factor, if on, still asks for its code.
  return deps.db.transaction(async (tx) => {
    const user = await claimProvenAccount(deps, tx, email, { issuedAt });
    // A token Google issued before the account was last re-secured (a reset, a reclaim, …) is a replay.
    if (!user) throw new AppError('UNAUTHORIZED', 'Invalid Google credential');
    return signIn(deps, tx, user, client);
  });
}

/**
 * When a proof of a mailbox was made: an invitation mailed while the address's account had `stamp` (0, a new
 * account's, when it had none), or an ID token issued at `issuedAt`.
 */
export type MailboxProof = { stamp: number } | { issuedAt: Date };

/** Whether `proof` was made since the account's last credential event (credential-lifecycle.ts). */
function provenSinceLastEvent(user: UserRow, proof: MailboxProof): boolean {
  if ('stamp' in proof) return proof.stamp === user.securityStamp;
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
 * event: a link or token from before a reset opens nothing after it, as every link does.
 */
export async function claimProvenAccount(
  deps: AuthDeps,
  tx: Db,
  email: string,
  proof: MailboxProof,
): Promise<UserRow | undefined> {
  const user =
    (await repo.insertUser(tx, { email, passwordHash: null, isVerified: true })) ??
    (await repo.findUserByEmail(tx, email))!;
  if (user.isVerified) return provenSinceLastEvent(user, proof) ? user : undefined;
  await repo.markVerified(tx, user.uuid);
  await credentialEvent(deps, tx, user.uuid, 'address reclaimed');
  return (await repo.findUserById(tx, user.uuid))!;
}

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  return repo.findUserById(db, userId);
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
    if (!user) throw new AppError('BAD_REQUEST', 'Invalid or expired verification link');
    await repo.markVerified(tx, user.uuid);
    if (deps.superAdminEmails.includes(user.email)) {
      // Verifying makes a listed address a super admin. The click proves the mailbox, not that whoever chose the
      // password owns it: the account is reclaimed, and the owner chooses a password of their own.
      await credentialEvent(deps, tx, user.uuid, 'address reclaimed');
      return issueSession(deps, tx, (await repo.findUserById(tx, user.uuid))!, client);
    }
    return issueSession(deps, tx, { ...user, isVerified: true }, client);
  });
}

export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<string> {
  const user = await repo.findUserByEmail(deps.db, email);
  if (user) {
    await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      await repo.retireOneTimeTokens(tx, user.uuid, 'reset_password', now);
      const token = await createOneTimeToken(
        tx,
        user,
        'reset_password',
        new Date(now.getTime() + RESET_TTL_MS),
      );
      await queuePasswordResetMail(tx, { to: user.email, appUrl: deps.appUrl, token });
    });
    deps.mailQueued();
  }
  // The same answer either way, so the form does not reveal who has an account.
  return RESET_REQUESTED_MESSAGE;
}

export async function confirmPasswordReset(deps: AuthDeps, { token, new_password }: ResetConfirmBody) {
  const invalidLink = () => new AppError('BAD_REQUEST', 'Invalid or expired reset link');
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
    await credentialEvent(deps, tx, userId, 'password reset');
  });
  return 'Your password has been reset. You can now sign in.';
}

/**
 * Rotates a refresh token. A token that was already rotated is being replayed (stolen, or spent twice): the
 * whole family is revoked, so whoever holds its newest token must sign in again.
 */
export async function refresh(deps: AuthDeps, token: string, client: Client): Promise<TokenPair> {
  const outcome = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await repo.findRefreshToken(tx, hashToken(token));
    if (!row || row.revokedAt || row.expiresAt <= now) return { refused: true } as const;
    // Until this transaction ends, no ending of this user's sessions can miss the token issued below.
    await repo.lockSessions(tx, row.userId);
    // An operator's view as this user lasts while they are still an operator in good standing: checked before the
    // token is spent, under a share lock of the operator that their suspension waits for.
    if (row.impersonatorId && !(await mayImpersonate(deps, tx, row.impersonatorId))) {
      await repo.revokeRefreshFamily(tx, row.userId, row.familyId, now);
      return { refused: true } as const;
    }
    if (row.replacedAt || !(await repo.spendRefreshToken(tx, row.id, now))) {
      await repo.revokeRefreshFamily(tx, row.userId, row.familyId, now);
      return { refused: true } as const;
    }
    const user = await repo.findUserById(tx, row.userId);
    if (!user) return { refused: true } as const;
    const { access_token, refresh_token } = await issueSession(deps, tx, user, client, {
      id: row.familyId,
      startedAt: row.sessionStartedAt,
      ...(row.impersonatorId && { impersonatorId: row.impersonatorId, endsAt: row.expiresAt }),
    });
    return { refused: false, pair: { access_token, refresh_token } } as const;
  });
  // Thrown after the commit, so a revocation above is kept.
  if (outcome.refused) throw invalidRefresh();
  return outcome.pair;
}

/** Ends the session the token belongs to; unknown tokens are ignored (logging out twice is fine). */
export async function logout(deps: AuthDeps, token: string): Promise<void> {
  const row = await repo.findRefreshToken(deps.db, hashToken(token));
  if (!row) return;
  await deps.db.transaction(async (tx) => {
    await repo.revokeRefreshFamily(tx, row.userId, row.familyId, deps.clock.now());
  });
}

/**
 * Changes the password and signs out every other session: whoever knew the old one is out (docs/contract.md
 * section 4). A first password (none to show) asks for a recent sign-in instead, as adding a second factor does.
 */
export async function updatePassword(
  deps: AuthDeps,
  caller: { userId: string; sessionId: string },
  { old_password, new_password, code }: UpdatePasswordBody,
): Promise<string> {
  const user = await requireExistingUser(deps.db, caller.userId);
  if (!user.passwordHash) await requireRecentSignIn(deps, caller);
  await confirmAccountHolder(deps, user, { password: old_password, code });
  const passwordHash = await hashPassword(new_password);
  await deps.db.transaction(async (tx) => {
    await lockAsProven(tx, user, caller);
    await repo.setPasswordHash(tx, user.uuid, passwordHash);
    await credentialEvent(deps, tx, user.uuid, 'password changed', caller);
    await queueSecurityNotice(tx, { to: user.email, appUrl: deps.appUrl, notice: 'password changed' });
  });
  deps.mailQueued();
  return 'Password updated successfully';
}

/** What a wrong current password answers: the refusal the account's failed sign-ins count (auth.routes.ts). */
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
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
    if (!password) throw new AppError('BAD_REQUEST', 'Current password is required');
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('BAD_REQUEST', WRONG_CURRENT_PASSWORD);
    }
  }
  if (user.totpEnabled) {
    if (code === undefined) throw new AppError('BAD_REQUEST', CODE_REQUIRED);
    if (!(await verifySecondFactor(deps, deps.db, user.uuid, code))) throw invalidCode();
  }
}

/** The user's open sessions, most recently used first; `sessionId` is the caller's own. */
export async function listSessions(
  deps: AuthDeps,
  { userId, sessionId }: { userId: string; sessionId: string },
  query: PageQuery,
): Promise<Page<Session>> {
  return readPage(
    query,
    (limit, after) => repo.findSessions(deps.db, userId, deps.clock.now(), limit, after),
    (row) => ({
      id: row.uuid,
      created_at: row.createdAt,
      last_used_at: row.lastUsedAt,
      user_agent: row.userAgent,
      ip: row.ip,
      current: row.uuid === sessionId,
    }),
  );
}

/** Ends one of the user's own sessions: its refresh token fails from now on, and so do its access tokens. */
export async function endSession(deps: AuthDeps, userId: string, id: string): Promise<void> {
  const ended =
    isUuid(id) &&
    (await deps.db.transaction((tx) => repo.revokeSession(tx, userId, id.toLowerCase(), deps.clock.now())));
  if (!ended) throw new AppError('NOT_FOUND', 'Session not found');
}

/**
 * Ends every session of the user but the caller's own, and with them every pending link. It asks for a recent
 * sign-in: a stolen session kept alive by refreshing could otherwise kill each reset link the owner asks for, and
 * keep the account.
 */
export async function endOtherSessions(
  deps: AuthDeps,
  caller: { userId: string; sessionId: string },
): Promise<void> {
  await requireRecentSignIn(deps, caller);
  await deps.db.transaction((tx) => credentialEvent(deps, tx, caller.userId, 'other sessions ended', caller));
}

export async function getMe(deps: AuthDeps, userId: string): Promise<Me> {
  const user = await requireExistingUser(deps.db, userId);
  return {
    uuid: user.uuid,
    email: user.email,
    is_verified: user.isVerified,
    is_super_admin: isSuperAdmin(user, deps.superAdminEmails),
    has_password: user.passwordHash !== null,
    created_at: user.createdAt.toISOString(),
    two_factor_enabled: user.totpEnabled,
  };
}

/** Lifts any suspension of the account with this email (`npm run cli -- unsuspend`), in the caller's transaction. */
export async function liftSuspension(tx: Db, email: string) {
  const user = await repo.findUserByEmail(tx, email);
  if (!user) throw new AppError('NOT_FOUND', `No account with the email ${email}`);
  return { uuid: user.uuid, ...(await repo.setSuspended(tx, user.uuid, null))! };
}

/** Refuses an unverified account: a super admin's address must be proven theirs (docs/contract.md section 4). */
export async function promoteSuperAdmin(db: Db, email: string): Promise<void> {
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw new AppError('NOT_FOUND', `No account with the email ${email}`);
  if (!user.isVerified) {
    throw new AppError(
      'BAD_REQUEST',
      `${email} has not verified its email yet: verify it first, then promote it`,
    );
  }
  await repo.setSuperAdmin(db, email);
}

async function requireExistingUser(db: Db, userId: string) {
  const user = await repo.findUserById(db, userId);
  // A valid token for an account that no longer exists.
  if (!user) throw new AppError('UNAUTHORIZED', 'Not authenticated');
  return user;
}

const ACCOUNT_SUSPENDED = 'Account suspended';
const accountSuspended = () => new AppError('FORBIDDEN', ACCOUNT_SUSPENDED);

/**
 * Signs a user in: a new refresh-token family and an access token. Runs inside the caller's transaction. Every way
 * in (password, Google, passkey, second step, invitation, refresh) ends here, so a suspended account is refused here,
 * under the lock its suspension takes: a sign-in in flight cannot slip a session past it.
 */
export async function issueSession(
  deps: AuthDeps,
  tx: Db,
  user: UserRow,
  client: Client,
  /**
   * The session a refresh continues, or an operator's view as the user; none opens a new one. `endsAt` is a fixed
   * end the session's tokens never outlive, however often it is refreshed.
   */
  session?: { id: string; startedAt: Date; endsAt?: Date; impersonatorId?: string },
): Promise<AuthResponse> {
  const account = await repo.lockSessions(tx, user.uuid);
  if (account.suspended) throw accountSuspended();
  // A new sign-in was proven against `user` as read before this lock (a password checked, a link spent): a credential
  // event committed since retired that proof, so it opens nothing.
  if (!session && account.stamp !== user.securityStamp) throw invalidSecondStep();
  const refreshToken = randomToken();
  const familyId = session?.id ?? randomUUID();
  const now = deps.clock.now();
  const impersonatorId = session?.impersonatorId;
  await repo.insertRefreshToken(tx, {
    userId: user.uuid,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: session?.endsAt ?? new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    impersonatorId: impersonatorId ?? null,
    // On the app's clock, as the expiry: the sessions list orders and shows them.
    createdAt: now,
    sessionStartedAt: session?.startedAt ?? now,
    ...client,
  });
  const accessToken = deps.accessTokens.sign(
    {
      uuid: user.uuid,
      email: user.email,
      isSuperAdmin: !impersonatorId && isSuperAdmin(user, deps.superAdminEmails),
      sessionId: familyId,
      actorId: impersonatorId,
    },
    { notAfter: session?.endsAt },
  );
  return { access_token: accessToken, refresh_token: refreshToken, email: user.email };
}

async function sendVerification(deps: AuthDeps, tx: Db, user: UserRow) {
  const expiresAt = new Date(deps.clock.now().getTime() + VERIFICATION_TTL_MS);
  const token = await createOneTimeToken(tx, user, 'verify_email', expiresAt);
  await queueVerificationMail(tx, { to: user.email, appUrl: deps.appUrl, token });
}

/** A link or step for `user`, under the stamp of the row it was earned against. */
async function createOneTimeToken(tx: Db, user: UserRow, purpose: repo.OneTimePurpose, expiresAt: Date) {
  const token = randomToken();
  await repo.insertOneTimeToken(tx, {
    userId: user.uuid,
    stamp: user.securityStamp,
    purpose,
    tokenHash: hashToken(token),
    expiresAt,
  });
  return token;
}

/**
 * Signs a user in after their first factor (password, Google, an invitation's link): at once, or, with two-factor
 * on, by the second step only: no token is issued until a code is shown.
 */
export async function signIn(deps: AuthDeps, tx: Db, user: UserRow, client: Client): Promise<SignInResponse> {
  if (user.suspendedAt) throw accountSuspended();
  if (!user.totpEnabled) return issueSession(deps, tx, user, client);
  const expiresAt = new Date(deps.clock.now().getTime() + SECOND_FACTOR_TTL_MS);
  return {
    mfa_required: true,
    mfa_token: await createOneTimeToken(tx, user, 'second_factor', expiresAt),
  };
}

const invalidSecondStep = () => new AppError('UNAUTHORIZED', 'Your sign-in has expired. Sign in again.');
/** The refusal of a wrong code: the one answer the wrongCodes attempt limit counts. */
export const INVALID_CODE = 'Invalid code';
const invalidCode = () => new AppError('BAD_REQUEST', INVALID_CODE);

/** The user a second step belongs to, while it is live: the attempt limit is counted against them. */
export async function secondStepUser(deps: AuthDeps, mfaToken: string): Promise<string> {
  const userId = await repo.findLiveOneTimeToken(
    deps.db,
    'second_factor',
    hashToken(mfaToken),
    deps.clock.now(),
  );
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
    const spentBy = await repo.consumeOneTimeToken(
      tx,
      'second_factor',
      hashToken(mfaToken),
      deps.clock.now(),
    );
    const user = spentBy && (await repo.findUserById(tx, spentBy));
    if (!user) throw invalidSecondStep();
    if (!(await verifySecondFactor(deps, tx, user.uuid, code))) throw invalidCode();
    return issueSession(deps, tx, user, client);
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
  const user = await repo.findUserById(db, userId);
  const secret = user?.totpEnabled && user.totpSecret && deps.totpSecrets.open(user.totpSecret);
  if (!secret) return false;
  const normalized = normalizeCode(code);
  const step = totpStep(secret, normalized, deps.clock.now());
  if (step !== null) return repo.acceptTotpStep(db, userId, step);
  return repo.spendRecoveryCode(db, userId, hashRecoveryCode(normalized), deps.clock.now());
}

/**
 * Adding a way in to the account (an authenticator app, a passkey, a first password) and signing out the other
 * sessions ask for a sign-in of the last 15 minutes: a session kept alive by refreshing, stolen or left open, cannot
 * plant its own way in, or keep killing the owner's reset links, and so keep the account after the owner resets the
 * password. A refresh continues a session; it does not make its sign-in recent.
 */
export async function requireRecentSignIn(
  deps: AuthDeps,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<void> {
  const startedAt = await repo.findSessionStart(deps.db, userId, sessionId);
  if (!startedAt || deps.clock.now().getTime() - startedAt.getTime() > RECENT_SIGN_IN_MS) {
    throw new AppError('FORBIDDEN', SIGN_IN_AGAIN);
  }
}

/**
 * Takes the account's session lock for a change proven against `user` (its password or a code, checked before this
 * transaction) from the caller's session: refused if a credential event moved the stamp since, or ended the session.
 */
async function lockAsProven(tx: Db, user: UserRow, caller: { sessionId: string }) {
  if ((await repo.lockSessions(tx, user.uuid)).stamp !== user.securityStamp) throw sessionEnded();
  if (!(await repo.findSessionStart(tx, user.uuid, caller.sessionId))) throw sessionEnded();
}

const sessionEnded = () => new AppError('UNAUTHORIZED', 'Invalid or expired token');

/** Refuses, in the caller's transaction and under the account's session lock, a session that has ended. */
export async function requireOpenSession(
  tx: Db,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<void> {
  await repo.lockSessions(tx, userId);
  if (!(await repo.findSessionStart(tx, userId, sessionId))) throw sessionEnded();
}

/** Mails the account a notice of a change to its ways in, in the caller's transaction; the caller wakes the mail. */
export async function noticeToAccount(deps: AuthDeps, tx: Db, userId: string, notice: SecurityNotice) {
  const user = await repo.findUserById(tx, userId);
  if (user) await queueSecurityNotice(tx, { to: user.email, appUrl: deps.appUrl, notice });
}

export const SIGN_IN_AGAIN =
  'For your security, sign in again to continue: this needs a sign-in from the last 15 minutes.';

/** A new TOTP secret to scan; two-factor stays off until a code of it is shown (enableTwoFactor). */
export async function setUpTwoFactor(
  deps: AuthDeps,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<TwoFactorSetup> {
  const user = await requireExistingUser(deps.db, userId);
  // An unverified account may be a squatter's: a second factor would lock the mailbox's owner out of it.
  if (!user.isVerified) {
    throw new AppError('BAD_REQUEST', 'Verify your email before turning on two-factor authentication');
  }
  await requireRecentSignIn(deps, { userId, sessionId });
  const { secret, otpauthUrl } = newTotpSecret(user.email);
  if (!(await repo.setTotpSecret(deps.db, userId, deps.totpSecrets.seal(secret)))) throw twoFactorAlreadyOn();
  return { secret, otpauth_url: otpauthUrl };
}

const twoFactorAlreadyOn = () => new AppError('BAD_REQUEST', 'Two-factor authentication is already on');

/** Turns two-factor on once a code of the secret from setup is shown; answers the recovery codes, once. */
export async function enableTwoFactor(
  deps: AuthDeps,
  caller: { userId: string; sessionId: string },
  code: string,
): Promise<RecoveryCodes> {
  const { userId } = caller;
  const user = await requireExistingUser(deps.db, userId);
  if (user.totpEnabled) throw twoFactorAlreadyOn();
  const secret = user.totpSecret && deps.totpSecrets.open(user.totpSecret);
  if (!secret) throw new AppError('BAD_REQUEST', 'Start the two-factor setup first');
  const step = totpStep(secret, normalizeCode(code), deps.clock.now());
  if (step === null) throw invalidCode();
  const codes = newRecoveryCodes();
  const enabled = await deps.db.transaction(async (tx) => {
    await lockAsProven(tx, user, caller);
    if (!(await repo.enableTotp(tx, userId, user.totpSecret!, step))) return false;
    await repo.replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
    // Links issued before would sign in without the second factor (a verification link does).
    await credentialEvent(deps, tx, userId, 'two-factor turned on');
    await queueSecurityNotice(tx, { to: user.email, appUrl: deps.appUrl, notice: 'two-factor on' });
    return true;
  });
  // Turned on meanwhile, or set up again with another secret in another tab.
  if (!enabled) throw new AppError('BAD_REQUEST', 'The two-factor setup changed. Start again.');
  deps.mailQueued();
  return { recovery_codes: codes };
}

/** Turns two-factor off, with a code of it (TOTP or recovery): a stolen session alone cannot. */
export async function disableTwoFactor(deps: AuthDeps, userId: string, code: string): Promise<void> {
  const user = await requireExistingUser(deps.db, userId);
  if (!user.totpEnabled) throw new AppError('BAD_REQUEST', 'Two-factor authentication is not on');
  if (!(await verifySecondFactor(deps, deps.db, userId, code))) throw invalidCode();
  await deps.db.transaction(async (tx) => {
    await repo.disableTotp(tx, userId);
    await credentialEvent(deps, tx, userId, 'two-factor turned off');
    await queueSecurityNotice(tx, { to: user.email, appUrl: deps.appUrl, notice: 'two-factor off' });
  });
  deps.mailQueued();
}

const CHANGE_EMAIL_TTL_MS = DAY_MS;

/**
 * Mails a link to the new address and a notice to the old one (docs/contract.md section 4): the password proves the
 * requester holds the account, the link that they hold the new mailbox. A newer request retires older links.
 */
export async function requestEmailChange(
  deps: AuthDeps,
  caller: { userId: string; sessionId: string },
  { new_email, password, code }: ChangeEmailBody,
): Promise<string> {
  const { userId } = caller;
  const user = await requireExistingUser(deps.db, userId);
  if (!user.passwordHash) throw new AppError('BAD_REQUEST', 'Set a password before changing your email');
  if (new_email === user.email) throw new AppError('BAD_REQUEST', 'This is already your email address');
  await confirmAccountHolder(deps, user, { password, code });
  if (await repo.findUserByEmail(deps.db, new_email))
    throw new AppError('CONFLICT', 'Email already registered');
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
    if (!change?.newEmail) throw new AppError('BAD_REQUEST', 'Invalid or expired link');
    const { userId, newEmail } = change;
    // Registered since the request: the throw rolls the transaction back, so nothing changes.
    if (!(await repo.setEmail(tx, userId, newEmail)))
      throw new AppError('CONFLICT', 'Email already registered');
    await repo.markVerified(tx, userId);
    if (deps.superAdminEmails.includes(newEmail)) {
      // The new address makes the account a super admin; the click proves the mailbox, not that its owner chose the
      // password or planted its factors (as verifyEmail): reclaimed, the owner chooses a password of their own.
      await credentialEvent(deps, tx, userId, 'email changed to a listed address');
    } else {
      // Links mailed to the old address no longer reach the account; the caller's session stays if it is theirs.
      await credentialEvent(deps, tx, userId, 'email changed', caller?.uuid === userId ? caller : undefined);
    }
    return newEmail;
  });
  return { message: `Your email is now ${email}.`, email };
}

/**
 * Checks that the caller holds the account before it is deleted: its password and, with two-factor on, a code (as
 * any account change); an account with neither (Google, invited) types its email out instead.
 */
export async function confirmAccountOwner(
  deps: AuthDeps,
  userId: string,
  { password, confirm_email, code }: DeleteAccountBody,
): Promise<void> {
  const user = await requireExistingUser(deps.db, userId);
  if (!user.passwordHash && !user.totpEnabled && confirm_email !== user.email) {
    throw new AppError('BAD_REQUEST', 'Type your email address to confirm');
  }
  await confirmAccountHolder(deps, user, { password, code });
}

/** Deletes the account in the caller's transaction; its sessions, tokens, codes and passkeys cascade. */
export async function deleteUser(tx: Db, userId: string): Promise<void> {
  await repo.deleteUser(tx, userId);
}

/** Every open session of the user, as GET /auth/sessions shows them, page after page. */
export async function listAllSessions(
  deps: AuthDeps,
  caller: { userId: string; sessionId: string },
): Promise<Session[]> {
  const sessions: Session[] = [];
  let cursor: string | undefined;
  do {
    const page = await listSessions(deps, caller, { limit: MAX_PAGE_SIZE, cursor });
    sessions.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return sessions;
}

/**
 * Suspends an account (its sessions end now, and the operator views it opened) or restores it, in the caller's
 * transaction. Its email and whether anything changed; undefined for no such account. An operator listed in
 * SUPER_ADMIN_EMAILS is refused (docs/contract.md section 4): the console cannot lock out whom the configuration names.
 */
export async function setSuspension(deps: AuthDeps, tx: Db, userId: string, suspended: boolean) {
  const now = deps.clock.now();
  const user = suspended ? await repo.findUserById(tx, userId) : undefined;
  if (user?.isVerified && deps.superAdminEmails.includes(user.email)) {
    throw new AppError('FORBIDDEN', 'A super admin listed in SUPER_ADMIN_EMAILS cannot be suspended');
  }
  const outcome = await repo.setSuspended(tx, userId, suspended ? now : null);
  if (outcome?.changed && suspended) {
    // Its sessions end, and the views it opened as an operator with them.
    await credentialEvent(deps, tx, userId, 'suspended');
  }
  return outcome;
}

/**
 * An operator may view the app as others while a super admin and not suspended. Read under a share lock, which the
 * operator's suspension waits for: a view opened or refreshed meanwhile is committed before it revokes their views.
 */
async function mayImpersonate(deps: AuthDeps, tx: Db, operatorId: string) {
  const operator = await repo.findUserForShare(tx, operatorId);
  return !!operator && !operator.suspendedAt && isSuperAdmin(operator, deps.superAdminEmails);
}

/**
 * A session in which operator `operatorId` views the app as `userId` (docs/contract.md section 4, Operators): its
 * tokens name the operator in `act` and none outlives 30 minutes from now. Never as a super admin, whose view would
 * reach the operators' own tools. Runs in the caller's transaction; the user's email is in the response.
 */
export async function impersonate(
  deps: AuthDeps,
  tx: Db,
  { operatorId, userId }: { operatorId: string; userId: string },
  client: Client,
): Promise<AuthResponse> {
  const user = isUuid(userId) ? await repo.findUserById(tx, userId) : undefined;
  if (!user) throw new AppError('NOT_FOUND', 'User not found');
  if (isSuperAdmin(user, deps.superAdminEmails)) {
    throw new AppError('FORBIDDEN', 'A super admin cannot be impersonated');
  }
  if (!(await mayImpersonate(deps, tx, operatorId))) {
    throw new AppError('FORBIDDEN', 'Super admin access required');
  }
  const now = deps.clock.now();
  return issueSession(deps, tx, user, client, {
    id: randomUUID(),
    startedAt: now,
    endsAt: new Date(now.getTime() + IMPERSONATION_TTL_MS),
    impersonatorId: operatorId,
  });
}

/** Ends an operator's view as a user: that session, in the caller's transaction. Whether it was still open. */
export async function endImpersonation(
  deps: AuthDeps,
  tx: Db,
  { userId, sessionId }: { userId: string; sessionId: string },
): Promise<boolean> {
  return repo.revokeSession(tx, userId, sessionId, deps.clock.now());
}
