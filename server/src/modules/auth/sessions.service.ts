// Sessions (docs/contract.md sections 3 and 4): issuing one, refreshing and ending it, the recent sign-in that adding a
// way in asks for, and an operator's view as another account. Every way in ends at issueSession.
import { randomUUID } from 'node:crypto';
import {
  isUuid,
  type AuthResponse,
  MAX_PAGE_SIZE,
  type Role,
  type Session,
  type TokenPair,
} from '@app/contract';

import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import type { InSession, UserCaller } from '../../lib/caller.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Page, type PageQuery, readPage } from '../../lib/pagination.ts';
import { isSuperAdmin } from '../../lib/super-admin.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { requireExistingUser } from './account-status.service.ts';
import { deleteExpiredOneTimeTokens, findUserById } from './credentials.repository.ts';
import * as repo from './sessions.repository.ts';
import type { AuthDeps, Client } from './auth.service.ts';
import { retireCredentials } from './credential-lifecycle.service.ts';

const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** How old a sign-in may be to add a way in to the account (requireRecentSignIn). */
const RECENT_SIGN_IN_MS = 15 * 60 * 1000;
/** How long an operator may view the app as someone else, refreshes included (docs/contract.md section 4). */
const IMPERSONATION_TTL_MS = 30 * 60 * 1000;
/** How long a session begun through a team's single sign-on lasts, refreshes included: then the provider again. */
const SSO_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * How a session began, beyond a first factor: through that team's single sign-on, and whether it passed a second
 * factor (the TOTP step, a passkey). The team rules judge the session by them.
 */
export type SessionOrigin = { ssoTenantId?: string | null; secondFactor?: boolean };

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

/**
 * The tenant plugin's check, once per tenant-scoped request: the session is open, and the caller's role if any
 * (memberships are the members module's; this one statement reads them beside the session).
 */
export function createTenantAccessCheck(db: Db) {
  const access = repo.prepareTenantAccess(db);
  return async (tenantId: string, userId: string, sessionId: string): Promise<TenantAccess> => {
    const [row] = await access.execute({ tenantId, userId, sessionId });
    if (!row) return { sessionOpen: false };
    const { role, joinedThrough, deactivated, requireTwoFactor, requireSso, secondFactor, ssoTenantId } = row;
    if (!role) return { sessionOpen: true, role: null };
    if (deactivated) return { sessionOpen: true, role: null, deactivated: true };
    return {
      sessionOpen: true,
      role,
      joinedThrough,
      rules: { requireTwoFactor: requireTwoFactor ?? false, requireSso: requireSso ?? false },
      session: { secondFactor, ssoTenantId },
    };
  };
}

/**
 * A caller's access to a team: their session open or not, their role (null: not a member), how they joined, the
 * team's rules and how the session began (what the rules judge).
 */
export type TenantAccess =
  | { sessionOpen: false }
  /** Not a member, or (`deactivated`) one the team's directory shut out. */
  | { sessionOpen: true; role: null; deactivated?: true }
  | {
      sessionOpen: true;
      role: Role;
      joinedThrough: 'sso' | 'scim' | null;
      rules: { requireTwoFactor: boolean; requireSso: boolean };
      session: { secondFactor: boolean; ssoTenantId: string | null };
    };

export const accountSuspended = () => new AppError('FORBIDDEN', 'Account suspended', 'account_suspended');

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
  origin?: SessionOrigin,
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
  const endsAt =
    session?.endsAt ??
    (origin?.ssoTenantId && !session ? new Date(now.getTime() + SSO_SESSION_TTL_MS) : undefined);
  await repo.insertRefreshToken(tx, {
    userId: user.uuid,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: endsAt ?? new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    impersonatorId: impersonatorId ?? null,
    ssoTenantId: origin?.ssoTenantId ?? null,
    secondFactor: origin?.secondFactor ?? false,
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
    { notAfter: endsAt },
  );
  return { access_token: accessToken, refresh_token: refreshToken, email: user.email };
}

export const invalidSecondStep = () =>
  new AppError('UNAUTHORIZED', 'Your sign-in has expired. Sign in again.', 'sign_in_expired');
/** The refusal of a wrong code: the one answer the wrongCodes attempt limit counts. */

const invalidRefresh = () =>
  new AppError('UNAUTHORIZED', 'Invalid or expired refresh token', 'refresh_token_invalid');

/**
 * Rotates a refresh token. A token that was already rotated is being replayed (stolen, or spent twice): the
 * whole family is revoked, so whoever holds its newest token must sign in again.
 */
export async function refresh(deps: AuthDeps, token: string, client: Client): Promise<TokenPair> {
  const outcome = await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const found = await repo.findRefreshToken(tx, hashToken(token));
    if (!found) return { refused: true } as const;
    // Until this transaction ends, no ending of this user's sessions can miss the token issued below; and the token
    // is read again under it, so that what a change made meanwhile (a second factor passed) is carried forward.
    await repo.lockSessions(tx, found.userId);
    const row = (await repo.findRefreshToken(tx, hashToken(token)))!;
    if (row.revokedAt || row.expiresAt <= now) return { refused: true } as const;
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
    const user = await findUserById(tx, row.userId);
    if (!user) return { refused: true } as const;
    // An operator's view and a session through single sign-on end when their first token did.
    const { access_token, refresh_token } = await issueSession(
      deps,
      tx,
      user,
      client,
      {
        id: row.familyId,
        startedAt: row.sessionStartedAt,
        ...((row.impersonatorId || row.ssoTenantId) && { endsAt: row.expiresAt }),
        ...(row.impersonatorId && { impersonatorId: row.impersonatorId }),
      },
      { ssoTenantId: row.ssoTenantId, secondFactor: row.secondFactor },
    );
    return { refused: false, pair: { access_token, refresh_token } } as const;
  });
  // Thrown after the commit, so a revocation above is kept.
  if (outcome.refused) throw invalidRefresh();
  return outcome.pair;
}

/** Whether the account holds a second factor: TOTP on, or a factor another module keeps (a passkey). */
export async function hasSecondFactor(deps: AuthDeps, tx: Db, user: UserRow): Promise<boolean> {
  if (user.totpEnabled) return true;
  for (const store of deps.factorStores) if (await store.has(tx, user.uuid)) return true;
  return false;
}

/**
 * Call before the account's first second factor is saved (a TOTP code shown, a passkey made), in that transaction:
 * the caller's session passes it from then on, so a member a team sent to set one up gets back in without a new
 * sign-in. Only the first: once the account has a factor, a session that did not pass one (a password alone) does
 * not earn it by adding another.
 */
export async function passFirstFactor(deps: AuthDeps, tx: Db, caller: InSession): Promise<void> {
  const user = await findUserById(tx, caller.userId);
  if (user && !(await hasSecondFactor(deps, tx, user))) {
    await repo.markSecondFactor(tx, caller.userId, caller.sessionId);
  }
}

/** Ends the session the token belongs to; unknown tokens are ignored (logging out twice is fine). */
export async function logout(deps: AuthDeps, token: string): Promise<void> {
  const row = await repo.findRefreshToken(deps.db, hashToken(token));
  if (!row) return;
  await deps.db.transaction(async (tx) => {
    await repo.revokeRefreshFamily(tx, row.userId, row.familyId, deps.clock.now());
  });
}

/** The user's open sessions, most recently used first; `sessionId` is the caller's own. */
export async function listSessions(
  deps: AuthDeps,
  { userId, sessionId }: UserCaller,
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
      sso_team: row.ssoTeam,
    }),
  );
}

/** Every open session of the user, as GET /auth/sessions shows them, page after page. */
export async function listAllSessions(deps: AuthDeps, caller: UserCaller): Promise<Session[]> {
  const sessions: Session[] = [];
  let cursor: string | undefined;
  do {
    const page = await listSessions(deps, caller, { limit: MAX_PAGE_SIZE, cursor });
    sessions.push(...page.rows);
    cursor = page.nextCursor;
  } while (cursor);
  return sessions;
}

/** Ends one of the user's own sessions: its refresh token fails from now on, and so do its access tokens. */
export async function endSession(deps: AuthDeps, { userId }: UserCaller, id: string): Promise<void> {
  const ended =
    isUuid(id) &&
    (await deps.db.transaction((tx) => repo.revokeSession(tx, userId, id.toLowerCase(), deps.clock.now())));
  if (!ended) throw new AppError('NOT_FOUND', 'Session not found', 'session_not_found');
}

/**
 * Ends every session of the user but the caller's own, and with them every pending link. It asks for a recent
 * sign-in: a stolen session kept alive by refreshing could otherwise kill each reset link the owner asks for, and
 * keep the account.
 */
export async function endOtherSessions(deps: AuthDeps, caller: UserCaller): Promise<void> {
  const user = await requireExistingUser(deps.db, caller.userId);
  await requireRecentSignIn(deps, caller);
  await deps.db.transaction(async (tx) => {
    // An event committed since the check above (the owner's reset) ends this request too.
    await lockAsProven(tx, user, caller);
    await retireCredentials(deps, tx, caller.userId, 'other sessions ended', caller);
  });
}

export const SIGN_IN_AGAIN =
  'For your security, sign in again to continue: this needs a sign-in from the last 15 minutes.';

/**
 * Adding a way in to the account (an authenticator app, a passkey, a first password) and signing out the other
 * sessions ask for a sign-in of the last 15 minutes: a session kept alive by refreshing, stolen or left open, cannot
 * plant its own way in, or keep killing the owner's reset links, and so keep the account after the owner resets the
 * password. A refresh continues a session; it does not make its sign-in recent.
 */
export async function requireRecentSignIn(
  deps: Pick<AuthDeps, 'db' | 'clock'>,
  { userId, sessionId }: InSession,
): Promise<void> {
  const startedAt = await repo.findSessionStart(deps.db, userId, sessionId);
  if (!startedAt || deps.clock.now().getTime() - startedAt.getTime() > RECENT_SIGN_IN_MS) {
    throw new AppError('FORBIDDEN', SIGN_IN_AGAIN, 'recent_sign_in_required');
  }
}

/** The account row as read when a change was proven against it (a password, a code): lockAsProven holds it to it. */
export type ProvenAccount = UserRow;

/**
 * Takes the account's session lock for a change proven against `user` (its password or a code, checked before this
 * transaction) from the caller's session: refused if a credential event moved the stamp since, or ended the session.
 */
export async function lockAsProven(tx: Db, user: ProvenAccount, caller: { sessionId: string }) {
  if ((await repo.lockSessions(tx, user.uuid)).stamp !== user.securityStamp) throw sessionEnded();
  if (!(await repo.findSessionStart(tx, user.uuid, caller.sessionId))) throw sessionEnded();
}

/** A token whose session has ended, or whose account is gone. */
export const sessionEnded = () => new AppError('UNAUTHORIZED', 'Invalid or expired token', 'session_ended');

/** Refuses, in the caller's transaction and under the account's session lock, a session that has ended. */
export async function requireOpenSession(tx: Db, { userId, sessionId }: InSession): Promise<void> {
  await repo.lockSessions(tx, userId);
  if (!(await repo.findSessionStart(tx, userId, sessionId))) throw sessionEnded();
}

/** What `asMaker` makes, as its refusal of an unverified address names it. */
const WHAT_IS_MADE = {
  api_keys: 'API keys',
  webhook_endpoints: 'webhook endpoints',
  scim_token: 'a SCIM token',
} as const;

/**
 * Runs `fn` in a transaction that first takes the account's session lock, to make an API key, a webhook endpoint or a
 * SCIM token, which the account's credential events retire (credential-lifecycle.service.ts): a making that waits here
 * for an event finds its session ended, and an event that waits for a making finds what it made. Only a verified address
 * makes them: a squatter's unverified account must have nothing to leave behind. The lock is taken before `fn`
 * enters its team's scope, whose role may not lock accounts.
 */
export function asMaker<T>(
  db: Db,
  { userId, sessionId }: InSession,
  what: keyof typeof WHAT_IS_MADE,
  fn: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { verified } = await repo.lockSessions(tx, userId);
    if (!(await repo.findSessionStart(tx, userId, sessionId))) throw sessionEnded();
    if (!verified) {
      const detail = `Verify your email address to create ${WHAT_IS_MADE[what]}`;
      throw new AppError('FORBIDDEN', detail, 'email_unverified', { reason: what });
    }
    return fn(tx);
  });
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
  const user = isUuid(userId) ? await findUserById(tx, userId) : undefined;
  if (!user) throw new AppError('NOT_FOUND', 'User not found', 'user_not_found');
  if (isSuperAdmin(user, deps.superAdminEmails)) {
    throw new AppError('FORBIDDEN', 'A super admin cannot be impersonated', 'super_admin_not_impersonable');
  }
  if (!(await mayImpersonate(deps, tx, operatorId))) {
    throw new AppError('FORBIDDEN', 'Super admin access required', 'super_admin_required');
  }
  const now = deps.clock.now();
  return issueSession(
    deps,
    tx,
    user,
    client,
    {
      id: randomUUID(),
      startedAt: now,
      endsAt: new Date(now.getTime() + IMPERSONATION_TTL_MS),
      impersonatorId: operatorId,
    },
    // A team that requires a second factor refuses the view where it would refuse the member: without one.
    { secondFactor: await hasSecondFactor(deps, tx, user) },
  );
}

/** Ends an operator's view as a user: that session, in the caller's transaction. Whether it was still open. */
export async function endImpersonation(
  deps: AuthDeps,
  tx: Db,
  { userId, sessionId }: InSession,
): Promise<boolean> {
  return repo.revokeSession(tx, userId, sessionId, deps.clock.now());
}

/** The daily clean-up's part here: what has expired of sessions and mailed links (docs/contract.md section 5). */
export async function deleteExpiredCredentials(db: Db, now: Date, signal?: AbortSignal) {
  return {
    refreshTokens: await repo.deleteExpiredRefreshTokens(db, now, signal),
    oneTimeTokens: await deleteExpiredOneTimeTokens(db, now, signal),
  };
}
