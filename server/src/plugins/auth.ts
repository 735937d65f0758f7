// Resolves the bearer token once per request into request.user; requireUser guards the routes that need one.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';

import { refreshTokens } from '../db/schema/refresh-tokens.ts';
import { users } from '../db/schema/users.ts';
import { AppError } from '../lib/app-error.ts';
import { isSuperAdmin } from '../lib/super-admin.ts';
import type { AccessTokenSubject } from '../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the session a token names is still open: one prepared statement, run once per signed-in request. */
    isSessionOpen(userId: string, sessionId: string): Promise<boolean>;
    /** Whether a session is open and its user a super admin now: one prepared statement per super-admin request. */
    superAdminAccess(userId: string, sessionId: string): Promise<'granted' | 'refused' | 'session ended'>;
  }
  interface FastifyRequest {
    /** Set by requireUser; routes behind it can rely on it. */
    user: AccessTokenSubject;
  }
}

/**
 * A refresh token of the open session `sessionId` of user `userId` (placeholders). A session is open until it is
 * ended (signed out, revoked, a reused refresh token). Its refresh tokens' 30-day expiry is not checked here: an
 * access token lives minutes, and its own expiry is checked with its signature.
 */
export const openSessionRow = and(
  eq(refreshTokens.familyId, sql.placeholder('sessionId')),
  eq(refreshTokens.userId, sql.placeholder('userId')),
  isNull(refreshTokens.revokedAt),
);

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null as unknown as AccessTokenSubject);
    // Prepared once, as the tenant plugin's membership check: PostgreSQL parses and plans it once per connection.
    // The flags of a user whose session `sessionId` is open: no row, the session has ended.
    const superAdminFlags = app.database.db
      .select({ email: users.email, isVerified: users.isVerified, isSuperAdmin: users.isSuperAdmin })
      .from(users)
      .innerJoin(refreshTokens, openSessionRow)
      .where(eq(users.uuid, sql.placeholder('userId')))
      .limit(1)
      .prepare('super_admin_flags');
    const openSession = app.database.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(openSessionRow)
      .limit(1)
      .prepare('open_session');
    app.decorate('isSessionOpen', async (userId: string, sessionId: string) => {
      const rows = await openSession.execute({ userId, sessionId });
      return rows.length > 0;
    });
    app.decorate('superAdminAccess', async (userId: string, sessionId: string) => {
      const [user] = await superAdminFlags.execute({ userId, sessionId });
      if (!user) return 'session ended';
      return isSuperAdmin(user, app.config.superAdminEmails) ? 'granted' : 'refused';
    });
  },
  { name: 'authentication' },
);

export const requireUser: preHandlerAsyncHookHandler = async function (this: FastifyInstance, request) {
  const user = verifiedToken(this, request);
  // An ended session (signed out, replaced password, reclaimed address) ends its access tokens at once, not when
  // they expire: a squatter's last token must not outlive the reclaim (SECURITY.md, Account safety).
  if (!(await this.isSessionOpen(user.uuid, user.sessionId))) throw sessionEnded();
  request.user = user;
};

/** The bearer token's subject once its signature and expiry verify; its session is the caller's to check. */
export function verifiedToken(app: FastifyInstance, request: FastifyRequest) {
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHORIZED', 'Not authenticated');
  const user = app.accessTokens.verify(token);
  if (!user) throw sessionEnded();
  return user;
}

export const sessionEnded = () => new AppError('UNAUTHORIZED', 'Invalid or expired token');

function bearerToken(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Authenticates the caller as requireUser does (so a route needs only this) and checks, in the same statement, that
 * they are a super admin. Decided from the database flag or SUPER_ADMIN_EMAILS now, not from the token's claim: a
 * revoked promotion or a removed email takes effect at once.
 */
export const requireSuperAdmin: preHandlerAsyncHookHandler = async function (this: FastifyInstance, request) {
  const user = verifiedToken(this, request);
  const access = await this.superAdminAccess(user.uuid, user.sessionId);
  if (access === 'session ended') throw sessionEnded();
  if (access === 'refused') throw new AppError('FORBIDDEN', 'Super admin access required');
  request.user = user;
};
