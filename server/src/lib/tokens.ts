// Access tokens (HS256 JWTs via fast-jwt) and the opaque random tokens used for refresh, verification and reset links.
import { createHash, randomBytes } from 'node:crypto';

import type { AccessTokenClaims } from '@app/contract';
import { createSigner, createVerifier } from 'fast-jwt';

import type { Clock } from './clock.ts';

/**
 * Who a token speaks for, and the session (refresh-token family) it was issued to; `actorId` is the operator viewing
 * the app as this user (claim `act`), absent when the user signed in themselves.
 */
export type AccessTokenSubject = {
  uuid: string;
  email: string;
  isSuperAdmin: boolean;
  sessionId: string;
  actorId?: string | undefined;
};

export type AccessTokens = {
  /** `notAfter` shortens the token's life to the end of its session (an impersonation's). */
  sign(subject: AccessTokenSubject, options?: { notAfter?: Date }): string;
  /** The token's subject, or null when it is malformed, forged, expired or not yet valid. */
  verify(token: string): AccessTokenSubject | null;
};

/**
 * fast-jwt, not jose, for the one token every request carries: its HMAC runs synchronously in node:crypto, where
 * jose's WebCrypto runs it as a job on libuv's thread pool and costs a request an eighth of its time
 * (docs/decisions/013). The times come from `clock`, which tests move: fast-jwt's own expiry check reads the system
 * clock, so exp is checked here.
 */
export function createAccessTokens({
  secret,
  ttlSeconds,
  clock,
}: {
  secret: string;
  ttlSeconds: number;
  clock: Clock;
}): AccessTokens {
  const signToken = createSigner({ key: secret, algorithm: 'HS256' });
  const verifyToken = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    requiredClaims: ['sub', 'exp', 'iat'],
    ignoreExpiration: true,
  });
  return {
    sign: ({ uuid, email, isSuperAdmin, sessionId, actorId }, { notAfter } = {}) => {
      const iat = Math.floor(clock.now().getTime() / 1000);
      const claims: AccessTokenClaims = {
        sub: uuid,
        email,
        is_super_admin: isSuperAdmin,
        sid: sessionId,
        ...(actorId && { act: { sub: actorId } }),
        iat,
        exp: Math.min(iat + ttlSeconds, notAfter ? Math.floor(notAfter.getTime() / 1000) : Infinity),
      };
      return signToken(claims);
    },
    verify: (token) => {
      let payload: Partial<AccessTokenClaims>;
      try {
        payload = verifyToken(token) as Partial<AccessTokenClaims>;
      } catch {
        return null;
      }
      const { sub, email, is_super_admin, sid, act, iat, exp } = payload;
      if (
        typeof sub !== 'string' ||
        (act !== undefined && (typeof act?.sub !== 'string' || act.sub === '')) ||
        typeof email !== 'string' ||
        typeof is_super_admin !== 'boolean' ||
        typeof sid !== 'string' ||
        typeof iat !== 'number' ||
        typeof exp !== 'number' ||
        exp <= clock.now().getTime() / 1000
      )
        return null;
      return {
        uuid: sub.toLowerCase(),
        email,
        isSuperAdmin: is_super_admin,
        sessionId: sid,
        ...(act && { actorId: act.sub.toLowerCase() }),
      };
    },
  };
}

/** A random 256-bit token, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, so a leaked table grants nothing. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
