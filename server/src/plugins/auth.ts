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
    /** Whether a user is a super admin now: one prepared statement, run once per super-admin request. */
    isSuperAdmin(userId: string): Promise<boolean>;
  }
  interface FastifyRequest {
    /** Set by requireUser; routes behind it can rely on it. */
    user: AccessTokenSubject;
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null as unknown as AccessTokenSubject);
    // Prepared once, as the tenant plugin's membership check: PostgreSQL parses and plans it once per connection.
    const superAdminFlags = app.database.db
      .select({ email: users.email, isVerified: users.isVerified, isSuperAdmin: users.isSuperAdmin })
      .from(users)
      .where(eq(users.uuid, sql.placeholder('userId')))
      .prepare('super_admin_flags');
    // A session is open until it is ended (signed out, revoked, a reused refresh token). Its refresh tokens' 30-day
    // expiry is not checked here: an access token lives minutes, and its own expiry is checked with its signature.
    const openSession = app.database.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.familyId, sql.placeholder('sessionId')),
          eq(refreshTokens.userId, sql.placeholder('userId')),
          isNull(refreshTokens.revokedAt),
        ),
      )
      .limit(1)
      .prepare('open_session');
    app.decorate('isSessionOpen', async (userId: string, sessionId: string) => {
      const rows = await openSession.execute({ userId, sessionId });
      return rows.length > 0;
    });
    app.decorate('isSuperAdmin', async (userId: string) => {
      const [user] = await superAdminFlags.execute({ userId });
      return Boolean(user && isSuperAdmin(user, app.config.superAdminEmails));
    });
  },
  { name: 'auth' },
);

export const requireUser: preHandlerAsyncHookHandler = async function (this: FastifyInstance, request) {
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHORIZED', 'Not authenticated');
  const user = await this.accessTokens.verify(token);
  // An ended session (signed out, replaced password, reclaimed address) ends its access tokens at once, not when
  // they expire: a squatter's last token must not outlive the reclaim (SECURITY.md, Account safety).
  if (!user || !(await this.isSessionOpen(user.uuid, user.sessionId))) {
    throw new AppError('UNAUTHORIZED', 'Invalid or expired token');
  }
  request.user = user;
};

function bearerToken(request: FastifyRequest): string | undefined {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Runs after requireUser. Decided from the database flag or SUPER_ADMIN_EMAILS now, not from the token's claim:
 * a revoked promotion or a removed email takes effect at once.
 */
export const requireSuperAdmin: preHandlerAsyncHookHandler = async function (this: FastifyInstance, request) {
  if (!(await this.isSuperAdmin(request.user.uuid))) {
    throw new AppError('FORBIDDEN', 'Super admin access required');
  }
};
