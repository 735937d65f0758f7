// Resolves the bearer token once per request into the caller (lib/caller.ts); requireUser guards the routes that
// need a signed-in user.
import { isIP } from 'node:net';

import type { ErrorCode } from '@app/contract';
import { LOCALES, type Locale } from '@app/contract/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import Negotiator from 'negotiator';

import { AppError } from '../lib/app-error.ts';
import type { Caller, UserCaller } from '../lib/caller.ts';
import type { Client } from '../modules/auth/auth.service.ts';
import { findUser } from '../modules/auth/account-status.service.ts';
import { createSessionChecks, sessionEnded } from '../modules/auth/sessions.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the session a token names is still open: one prepared statement, run once per signed-in request. */
    isSessionOpen(userId: string, sessionId: string): Promise<boolean>;
    /** Whether a session is open and its user a super admin now: one prepared statement per super-admin request. */
    superAdminAccess(userId: string, sessionId: string): Promise<'granted' | 'refused' | 'session ended'>;
  }
}

// The caller the guards found lives on the request under a name FastifyRequest does not declare: a handler gets it
// from `route`, typed by its endpoint's policy, and only the guards here and in tenant.ts and api-keys.ts set it.
type CallerSlot = { caller: Caller | null };
export const setCaller = (request: FastifyRequest, caller: Caller) => {
  (request as unknown as CallerSlot).caller = caller;
};
export const callerOf = (request: FastifyRequest) => (request as unknown as CallerSlot).caller;

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('caller', null);
    const checks = createSessionChecks(app.database.db, app.config.superAdminEmails);
    app.decorate('isSessionOpen', checks.isSessionOpen);
    app.decorate('superAdminAccess', checks.superAdminAccess);
  },
  { name: 'authentication' },
);

export const requireUser: preHandlerAsyncHookHandler = async function (this: FastifyInstance, request) {
  const user = verifiedToken(this, request);
  // An ended session (signed out, replaced password, reclaimed address) ends its access tokens at once, not when
  // they expire: a squatter's last token must not outlive the reclaim (SECURITY.md, Account safety).
  if (!(await this.isSessionOpen(user.uuid, user.sessionId))) throw sessionEnded();
  setCaller(request, { kind: 'user', userId: user.uuid, sessionId: user.sessionId, actorId: user.actorId });
};

/** The bearer token's subject once its signature and expiry verify; its session is the caller's to check. */
export function verifiedToken(app: FastifyInstance, request: FastifyRequest) {
  const token = bearerToken(request);
  if (!token) throw new AppError('UNAUTHORIZED', 'Not authenticated', 'not_signed_in');
  const user = app.accessTokens.verify(token);
  if (!user) throw sessionEnded();
  return user;
}

/**
 * The browser and address a new session is issued to, as the sessions list shows them, and the language it prefers:
 * a new account's locale is the first supported one of its Accept-Language, else English (docs/contract.md
 * section 4, Comfort).
 */
export function requestClient(request: FastifyRequest): Client {
  const userAgent = request.headers['user-agent'];
  return {
    userAgent: userAgent ? userAgent.slice(0, 512) : null,
    // Behind a trusted proxy the address comes from X-Forwarded-For, which the client writes: kept only if it is one.
    ip: isIP(request.ip) ? request.ip : null,
    locale: (new Negotiator(request).language([...LOCALES]) as Locale | undefined) ?? LOCALES[0],
  };
}

const notWhileViewingAs = () =>
  new AppError('FORBIDDEN', 'Not available while viewing as another user', 'not_while_impersonating');

/**
 * A route's preHandler, after the scope's guard: refuses an operator viewing as the user. What changes how one signs
 * in or what leaves the account (password, email, second factors, sessions, deletion, export) is the holder's alone.
 */
export const refuseImpersonation: preHandlerAsyncHookHandler = async (request) => {
  const caller = callerOf(request);
  if (caller && 'actorId' in caller && caller.actorId !== undefined) throw notWhileViewingAs();
};

export function bearerToken(request: FastifyRequest): string | undefined {
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
  // An operator viewing as someone has the powers of that someone, never an operator's (docs/contract.md section 4).
  if (user.actorId !== undefined) throw notWhileViewingAs();
  const access = await this.superAdminAccess(user.uuid, user.sessionId);
  if (access === 'session ended') throw sessionEnded();
  if (access === 'refused')
    throw new AppError('FORBIDDEN', 'Super admin access required', 'super_admin_required');
  setCaller(request, { kind: 'operator', userId: user.uuid, sessionId: user.sessionId });
};

const refusedAs = (code: ErrorCode) => (error: unknown) => error instanceof AppError && error.code === code;

/**
 * Runs a change that asks the caller to prove they hold the account (their password, a second-factor code), counting
 * a wrong password against the account's failed sign-ins and a wrong code against its wrong codes: the limits a
 * sign-in counts against, so a stolen session cannot guess either faster here (docs/contract.md section 4).
 */
export async function asAccountHolder<T>(
  reply: FastifyReply,
  caller: UserCaller,
  run: () => Promise<T>,
): Promise<T> {
  const app = reply.server;
  const user = await findUser(app.auth.db, caller.userId);
  if (!user) throw sessionEnded();
  const codes = () =>
    app.attemptLimit('wrongCodes').attempt(reply, user.uuid, run, refusedAs('second_factor_invalid'));
  return app.attemptLimit('failedLogins').attempt(reply, user.email, codes, refusedAs('wrong_password'));
}
