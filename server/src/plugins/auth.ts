// Resolves the bearer token once per request into request.user; requireUser guards the routes that need one.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';

import { users } from '../db/schema/users.ts';
import { AppError } from '../lib/app-error.ts';
import { isSuperAdmin } from '../lib/super-admin.ts';
import type { AccessTokenSubject } from '../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
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
      .select({ email: users.email, isSuperAdmin: users.isSuperAdmin })
      .from(users)
      .where(eq(users.uuid, sql.placeholder('userId')))
      .prepare('super_admin_flags');
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
  if (!user) throw new AppError('UNAUTHORIZED', 'Invalid or expired token');
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
