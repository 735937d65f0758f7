// Access tokens (HS256 JWTs via jose) and the opaque random tokens used for refresh, verification and reset links.
import { createHash, randomBytes } from 'node:crypto';

import type { AccessTokenClaims } from '@app/contract';
import { jwtVerify, SignJWT } from 'jose';

import type { Clock } from './clock.ts';

export type AccessTokenSubject = { uuid: string; email: string; isSuperAdmin: boolean };

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
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ uuid, email, isSuperAdmin }) => {
      const iat = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ email, is_super_admin: isSuperAdmin })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(uuid)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify<Partial<AccessTokenClaims>>(token, key, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
          requiredClaims: ['sub', 'exp', 'iat'],
        });
        if (typeof payload.email !== 'string' || typeof payload.is_super_admin !== 'boolean') return null;
        return { uuid: payload.sub!, email: payload.email, isSuperAdmin: payload.is_super_admin };
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
