// Access tokens (HS256 JWTs via jose) and the opaque random tokens used for refresh, verification and reset links.
import { createHash, randomBytes } from 'node:crypto';

import type { AccessTokenClaims } from '@app/contract';
import { jwtVerify, SignJWT } from 'jose';

import type { Clock } from './clock.ts';

/** Who a token speaks for, and the session (refresh-token family) it was issued to. */
export type AccessTokenSubject = { uuid: string; email: string; isSuperAdmin: boolean; sessionId: string };

export type AccessTokens = {
  sign(subject: AccessTokenSubject): Promise<string>;
  /** The token's subject, or null when it is malformed, forged, expired or not yet valid. */
  verify(token: string): Promise<AccessTokenSubject | null>;
};

export function createAccessTokens({
  secret,
  ttlSeconds,
  clock,
}: {
  secret: string;
  ttlSeconds: number;
  clock: Clock;
}): AccessTokens {
  // Imported once: given the secret's bytes, jose would import them into a CryptoKey on every sign and verify,
  // a quarter of a verification's time. An import that fails fails the first sign and every verify, not the start.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  key.catch(() => {});
  return {
    sign: async ({ uuid, email, isSuperAdmin, sessionId }) => {
      const iat = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ email, is_super_admin: isSuperAdmin, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(uuid)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(await key);
    },
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify<Partial<AccessTokenClaims>>(token, await key, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        const { sub, email, is_super_admin, sid } = payload;
        if (typeof email !== 'string' || typeof is_super_admin !== 'boolean' || typeof sid !== 'string')
          return null;
        return { uuid: sub!.toLowerCase(), email, isSuperAdmin: is_super_admin, sessionId: sid };
      } catch {
        return null;
      }
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
