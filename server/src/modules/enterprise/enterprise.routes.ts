import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { createGuardedFetch } from '../../lib/guarded-fetch.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { systemResolve } from '../../lib/url-safety.ts';
import { requestClient } from '../../plugins/auth.ts';
import { SIGN_IN_LIMIT } from '../../plugins/rate-limits.ts';
import { route, routeScope } from '../../plugins/route-scope.ts';
import * as domains from './domains.service.ts';
import * as scimToken from './scim-token.service.ts';
import * as sso from './sso.service.ts';
import * as teamRules from './team-rules.service.ts';

/** What the provider's fetches may take and read (docs/contract.md section 4, Enterprise identity). */
const PROVIDER_TIMEOUT_MS = 5000;
const PROVIDER_MAX_BYTES = 64 * 1024;

/**
 * The browser's handle to its single sign-on attempt: sent only to /api/auth/sso/*, never readable by a script, and
 * sent on the provider's top-level redirect back (Lax). It outlives the attempt by the 10 minutes a link may take.
 */
const SSO_COOKIE = 'tessera_sso';
const SSO_COOKIE_MAX_AGE_S = 20 * 60;

export const enterpriseRoutes: FastifyPluginAsyncZod = async (app) => {
  routeScope(app, { tags: ['Enterprise identity'] });
  await app.register(cookie);
  const { config } = app;
  const deps: domains.DomainsDeps = {
    db: app.database.db,
    clock: app.clock,
    appUrl: config.appUrl,
    lookupTxt: domains.domainLookup(config.dnsServers),
    mailQueued: () => app.mail.notify(),
  };
  const ssoDeps: sso.SsoDeps = {
    db: app.database.db,
    appUrl: config.appUrl,
    mailQueued: deps.mailQueued,
    auth: app.auth,
    secrets: createSecretBox(config.ssoEncryptionKey, 'sso client secret'),
    oidc: {
      // The webhook sender's rules in production: https, public addresses checked at connect.
      fetch: createGuardedFetch({
        publicOnly: config.isProduction,
        resolve: systemResolve,
        timeoutMs: PROVIDER_TIMEOUT_MS,
        maxBytes: PROVIDER_MAX_BYTES,
      }),
      allowHttp: !config.isProduction,
      clock: app.clock,
    },
  };
  const checks = app.attemptLimit('domainChecks');
  const handleOf = (request: FastifyRequest) => request.cookies[SSO_COOKIE];

  route(app, 'listDomains', (request) => domains.listDomains(deps.db, request.caller));
  route(app, 'addDomain', async (request, reply) =>
    reply.status(201).send(await domains.addDomain(deps, request.caller, request.body)),
  );
  route(app, 'verifyDomain', async (request, reply) => {
    // Every lookup counts, found or not: each is a query to a resolver on the team's behalf.
    const { caller } = request;
    return domains.verifyDomain(deps, caller, request.params.id, (domain) =>
      checks.reserve(reply, `${caller.tenantId}:${domain}`),
    );
  });
  route(app, 'removeDomain', async (request, reply) => {
    await domains.removeDomain(deps, request.caller, request.params.id);
    return reply.status(204).send(null);
  });

  route(app, 'getSso', (request) => sso.getSso(ssoDeps, request.caller));
  route(app, 'saveSso', (request) => sso.saveSso(ssoDeps, request.caller, request.body));
  route(app, 'removeSso', async (request, reply) => {
    await sso.removeSso(ssoDeps, request.caller);
    return reply.status(204).send(null);
  });

  // The rules as the guard read them for this request (plugins/tenant.ts), and how the caller's session began.
  route(app, 'getScimToken', (request) => scimToken.getScimToken(deps, request.caller));
  route(app, 'createScimToken', async (request, reply) =>
    reply.status(201).send(await scimToken.createScimToken(deps, request.caller)),
  );
  route(app, 'revokeScimToken', async (request, reply) => {
    await scimToken.revokeTeamScimToken(deps, request.caller);
    return reply.status(204).send(null);
  });

  route(app, 'getTeamSecurity', (request) =>
    teamRules.getTeamSecurity(deps.db, request.caller, request.teamRules!),
  );
  route(app, 'updateTeamSecurity', (request) =>
    teamRules.updateTeamSecurity(deps, request.caller, request.memberAccess!.session, request.body),
  );

  route(
    app,
    'ssoStart',
    async (request, reply) => {
      const { redirectUrl, handle } = await sso.startSso(ssoDeps, request.body.email);
      setHandle(reply, handle);
      return { redirect_url: redirectUrl };
    },
    { config: { rateLimit: SIGN_IN_LIMIT } },
  );

  route(app, 'ssoCallback', async (request, reply) => {
    // The query as the provider sent it: the callback URL openid-client checks is rebuilt from it.
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    try {
      const code = await sso.completeSsoCallback(
        ssoDeps,
        { handle: handleOf(request), query },
        requestClient(request),
      );
      return reply.redirect(`${config.appUrl}/sso/complete?code=${encodeURIComponent(code)}`, 302);
    } catch (error) {
      // One fixed answer for every failure; the reason is for the operator's log only.
      request.log.warn({ err: error }, 'single sign-on: callback refused');
      return reply.redirect(`${config.appUrl}/login?error=sso`, 302);
    }
  });

  // The attempt's cookie is of no more use once its code is spent (an sso_link_required answer keeps it for the link).
  route(
    app,
    'ssoExchange',
    async (request, reply) => {
      const answer = await sso.exchangeSsoCode(
        ssoDeps,
        { handle: handleOf(request), code: request.body.code },
        requestClient(request),
      );
      clearHandle(reply);
      return answer;
    },
    { config: { rateLimit: SIGN_IN_LIMIT } },
  );
  route(app, 'listSsoIdentities', (request) => sso.listSsoIdentities(ssoDeps, request.caller));
  route(app, 'ssoLink', async (request, reply) => {
    const answer = await sso.linkSsoIdentity(ssoDeps, request.caller, {
      handle: handleOf(request),
      code: request.body.code,
    });
    clearHandle(reply);
    return answer;
  });

  const cookieOptions = {
    path: '/api/auth/sso',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.appUrl.startsWith('https:'),
  } as const;
  function setHandle(reply: FastifyReply, handle: string) {
    reply.setCookie(SSO_COOKIE, handle, { ...cookieOptions, maxAge: SSO_COOKIE_MAX_AGE_S });
  }
  function clearHandle(reply: FastifyReply) {
    reply.clearCookie(SSO_COOKIE, cookieOptions);
  }
};
