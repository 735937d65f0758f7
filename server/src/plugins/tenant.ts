// Resolves the bearer token and X-TENANT-UUID to the caller's membership once per request (a MemberCaller,
// lib/caller.ts); requireRole and the team's rules gate by it.
import { isUuid, type Role, type TeamRules } from '@app/contract';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';

import { AppError } from '../lib/app-error.ts';
import type { MemberCaller } from '../lib/caller.ts';
import {
  createTenantAccessCheck,
  requireRecentSignIn,
  sessionEnded,
  type TenantAccess,
} from '../modules/auth/sessions.service.ts';
import { judgeTeamAccess, type RulesAccess } from '../modules/enterprise/team-rules.service.ts';
import { callerOf, setCaller, verifiedToken } from './auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Whether the caller's session is open and, if so, their role in the team (null if none), with what the team's
     * rules judge: one prepared statement, run once per tenant-scoped request.
     */
    findTenantAccess(tenantId: string, userId: string, sessionId: string): Promise<TenantAccess>;
  }
  interface FastifyRequest {
    /** A member's access as requireTenant read it: what requireTeamRules judges. */
    memberAccess?: RulesAccess;
    /** The team's rules in force, as requireTeamRules judged them: GET /tenant reports them. */
    teamRules?: TeamRules;
  }
}

const notAMember = () => new AppError('FORBIDDEN', 'You are not a member of this team', 'not_a_member');

export const tenantPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('findTenantAccess', createTenantAccessCheck(app.database.db));
    // Declared up front, so that every request has the same shape (V8 keeps its fast property access).
    app.decorateRequest('memberAccess', undefined);
    app.decorateRequest('teamRules', undefined);
  },
  { name: 'tenant', dependencies: ['authentication'] },
);

/**
 * Authenticates the caller as requireUser does (so a route needs only this) and resolves their team, in one
 * statement. The same 403 whether the team does not exist or the caller is not in it.
 */
export const requireTenant: preHandlerAsyncHookHandler = async function (this: FastifyInstance, request) {
  const user = verifiedToken(this, request);
  const header = request.headers['x-tenant-uuid'];
  // Lower-cased as the database writes uuids, so comparisons in the services hold for any spelling.
  const tenantId = isUuid(header) ? header.toLowerCase() : undefined;
  if (!tenantId) {
    // An ended session answers 401 before a bad header answers: as for any signed-in route.
    if (!(await this.isSessionOpen(user.uuid, user.sessionId))) throw sessionEnded();
    if (typeof header !== 'string' || header === '') {
      throw new AppError('BAD_REQUEST', 'X-TENANT-UUID header is required', 'tenant_header_required');
    }
    throw notAMember();
  }
  const access = await this.findTenantAccess(tenantId, user.uuid, user.sessionId);
  if (!access.sessionOpen) throw sessionEnded();
  if (!access.role) {
    throw access.deactivated
      ? new AppError('FORBIDDEN', 'Your directory has deactivated you in this team', 'member_deactivated')
      : notAMember();
  }
  request.memberAccess = {
    tenantId,
    userId: user.uuid,
    role: access.role,
    joinedThrough: access.joinedThrough,
    rules: access.rules,
    session: access.session,
  };
  setCaller(request, {
    kind: 'member',
    tenantId,
    userId: user.uuid,
    role: access.role,
    sessionId: user.sessionId,
    actorId: user.actorId,
  });
};

const RANK: Record<Role, number> = { member: 0, admin: 1, owner: 2 };

/** Allows the given role and any above it (owner > admin > member). */
export function requireRole(minimum: Exclude<Role, 'member'>): preHandlerAsyncHookHandler {
  return async (request) => {
    // Behind requireTenant, which set the member.
    if (RANK[(callerOf(request) as MemberCaller).role] < RANK[minimum]) {
      throw minimum === 'owner'
        ? new AppError('FORBIDDEN', 'Only the team owner can do this', 'owner_only')
        : new AppError('FORBIDDEN', 'Only team admins and the owner can do this', 'admin_only');
    }
  };
}

/** Behind requireTenant: the member's session signed in within the last 15 minutes (a policy's `recentSignIn`). */
export const requireRecentTeamSignIn: preHandlerAsyncHookHandler = async function (
  this: FastifyInstance,
  request,
) {
  await requireRecentSignIn({ db: this.database.db, clock: this.clock }, callerOf(request) as MemberCaller);
};

/**
 * Behind requireTenant, on every team route (guardsOf): the team's rules judge the member's session
 * (enterprise/team-rules.service.ts). A route whose policy says `teamRules: 'reported'` is not refused by them, and
 * reads them as they hold. API keys never reach this: they are not a member's session.
 */
export function requireTeamRules(refuse: boolean): preHandlerAsyncHookHandler {
  return async function (this: FastifyInstance, request) {
    const access = request.memberAccess!;
    // A team with no rule on, as most are: nothing to judge, and no promise of the judge's to wait on.
    request.teamRules =
      access.rules.requireTwoFactor || access.rules.requireSso
        ? await judgeTeamAccess(this.database.db, access, { refuse })
        : NO_RULES;
  };
}

const NO_RULES: TeamRules = Object.freeze({ require_sso: false, require_two_factor: false });
