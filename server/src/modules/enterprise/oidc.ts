// Talking to a team's OpenID Connect provider through openid-client (certified; it checks the ID token: signature by a
// key of the provider's JWKS, iss, aud, exp, nonce, and PKCE and state on the way). Every fetch goes through the
// guarded fetch: the SSRF rules, 5 s, 64 KB (docs/contract.md section 4, Enterprise identity).
import { decodeProtectedHeader } from 'jose';
import * as oidc from 'openid-client';

import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { GuardedFetch } from '../../lib/guarded-fetch.ts';

export type OidcDeps = {
  fetch: GuardedFetch;
  /** Outside production: a provider on http (the tests' own, in process). */
  allowHttp: boolean;
  clock: Clock;
};

export type Provider = { issuer: string; clientId: string; clientSecret: string };

const discoveryFailed = () =>
  new AppError('BAD_REQUEST', "The provider's discovery document could not be read", 'sso_discovery_failed');

/**
 * The provider's configuration from `{issuer}/.well-known/openid-configuration`, whose `issuer` must be exactly the
 * one given: a multi-tenant issuer (Entra ID's /common) names another, and is refused. Throws sso_discovery_failed
 * or sso_issuer_mismatch (400).
 */
export async function discover(deps: OidcDeps, { issuer, clientId, clientSecret }: Provider) {
  let config: oidc.Configuration;
  try {
    config = await oidc.discovery(
      new URL(issuer),
      clientId,
      {
        client_secret: clientSecret,
        // The ID token's times are judged on the app's clock (a test's may be moved).
        [oidc.clockSkew]: Math.round((deps.clock.now().getTime() - Date.now()) / 1000),
      },
      oidc.ClientSecretPost(clientSecret),
      {
        [oidc.customFetch]: deps.fetch as oidc.CustomFetch,
        // openid-client trusts an ID token from the token endpoint on TLS alone unless told: its signature is
        // checked against the provider's JWKS too (a test proves a token signed by another key is refused).
        execute: [oidc.enableNonRepudiationChecks, ...(deps.allowHttp ? [oidc.allowInsecureRequests] : [])],
        timeout: 5,
      },
    );
  } catch (error) {
    if (isIssuerMismatch(error)) throw issuerMismatch();
    throw discoveryFailed();
  }
  // openid-client compares URLs as parsed (a trailing slash added); the contract asks for the same string.
  if (config.serverMetadata().issuer !== issuer) throw issuerMismatch();
  return config;
}

const issuerMismatch = () =>
  new AppError(
    'BAD_REQUEST',
    'The discovery document names another issuer than the one given',
    'sso_issuer_mismatch',
  );

const isIssuerMismatch = (error: unknown) =>
  error instanceof Error &&
  (error as { code?: string }).code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' &&
  (error as { attribute?: string }).attribute === 'issuer';

/** What an attempt keeps to check the provider's answer by: PKCE's verifier, the state and the nonce. */
export function newChecks() {
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
}

/** The provider's authorization endpoint for this attempt: the code flow with PKCE S256, state, nonce and a hint. */
export async function authorizationUrl(
  config: oidc.Configuration,
  {
    redirectUri,
    state,
    nonce,
    codeVerifier,
    loginHint,
  }: { redirectUri: string; state: string; nonce: string; codeVerifier: string; loginHint: string },
): Promise<string> {
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      login_hint: loginHint,
    })
    .toString();
}

/**
 * Redeems the code the provider sent back (the callback's own URL) and checks the ID token; its claims, or throws
 * (anything: the caller turns every failure into the same fixed answer).
 */
export async function redeem(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
) {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims || !tokens.id_token) throw new Error('no ID token');
  // The algorithms the contract names; openid-client takes any the provider lists.
  const { alg } = decodeProtectedHeader(tokens.id_token);
  if (alg !== 'RS256' && alg !== 'ES256') throw new Error(`an ID token signed with ${alg}`);
  return claims;
}
