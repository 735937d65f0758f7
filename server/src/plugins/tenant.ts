// Resolves X-TENANT-UUID to the caller's membership once per request (request.tenantCtx); requireRole gates by it.
import type { Role } from '@app/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';

import { memberships } from '../db/schema/memberships.ts';
import { AppError } from '../lib/app-error.ts';

export type TenantContext = { tenantId: string; userId: string; role: Role };

declare module 'fastify' {
  interface FastifyInstance {
    /** The caller's role in a team, or nothing: one prepared statement, run once per tenant-scoped request. */
    findMembershipRole(tenantId: string, userId: string): Promise<Role | undefined>;
  }
  interface FastifyRequest {
    /** Set by requireTenant: the verified team and the caller's role in it. */
    tenantCtx: TenantContext;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notAMember = () => new AppError('FORBIDDEN', 'You are not a member of this team');

export const tenantPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('tenantCtx', null as unknown as TenantContext);
    // Prepared once: every tenant-scoped request runs it, so PostgreSQL parses and plans it once per connection.
    const membership = app.database.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(
        and(
          eq(memberships.tenantId, sql.placeholder('tenantId')),
          eq(memberships.userId, sql.placeholder('userId')),
        ),
      )
      .prepare('tenant_membership');
    app.decorate('findMembershipRole', async (tenantId: string, userId: string) => {
      const [row] = await membership.execute({ tenantId, userId });
      return row?.role;
    });
  },
  { name: 'tenant', dependencies: ['auth'] },
);

/** Runs after requireUser. The same 403 whether the team does not exist or the caller is not in it. */
export const requireTenant: preHandlerAsyncHookHandler = async function (this: FastifyInstance, request) {
  const header = request.headers['x-tenant-uuid'];
  if (typeof header !== 'string' || header === '') {
    throw new AppError('BAD_REQUEST', 'X-TENANT-UUID header is required');
  }
  if (!UUID.test(header)) throw notAMember();
  // Lower-cased as the database writes uuids, so comparisons in the services hold for any spelling.
  const tenantId = header.toLowerCase();
  const role = await this.findMembershipRole(tenantId, request.user.uuid);
  if (!role) throw notAMember();
  request.tenantCtx = { tenantId, userId: request.user.uuid, role };
};

const RANK: Record<Role, number> = { member: 0, admin: 1, owner: 2 };

/** Allows the given role and any above it (owner > admin > member). */
export function requireRole(minimum: Exclude<Role, 'member'>): preHandlerAsyncHookHandler {
  return async (request) => {
    if (RANK[request.tenantCtx.role] < RANK[minimum]) {
      throw new AppError(
        'FORBIDDEN',
        minimum === 'owner'
          ? 'Only the team owner can do this'
          : 'Only team admins and the owner can do this',
      );
    }
  };
}
