// Verifies Google ID tokens against Google's published keys (GOOGLE_JWKS_URL; cached by jose, refetched when a
// token names a key id it has not seen).
import { createRemoteJWKSet, jwtVerify } from 'jose';

import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

export type GoogleIdTokens = {
  /** The verified email the token vouches for and when Google issued it; AppError 401 for anything else. */
  verify(credential: string): Promise<{ email: string; issuedAt: Date }>;
};

export function createGoogleIdTokens({
  clientId,
  jwksUrl,
  clock,
  refetchCooldownMs = 30_000,
}: {
  clientId: string;
  jwksUrl: string;
  clock: Clock;
  /** The least time between two fetches of the keys, so unknown key ids cannot make us hammer Google. */
  refetchCooldownMs?: number;
}): GoogleIdTokens {
  const keys = createRemoteJWKSet(new URL(jwksUrl), { cooldownDuration: refetchCooldownMs });
  return {
    verify: async (credential) => {
      let payload;
      try {
        ({ payload } = await jwtVerify(credential, keys, {
          issuer: GOOGLE_ISSUERS,
          audience: clientId,
          algorithms: ['RS256'],
          currentDate: clock.now(),
          // jose checks exp only when present; Google always sets both.
          requiredClaims: ['exp', 'iat', 'email'],
        }));
      } catch {
        throw new AppError('UNAUTHORIZED', 'Invalid Google credential', 'google_credential_invalid');
      }
      if (payload.email_verified !== true || typeof payload.email !== 'string') {
        throw new AppError(
          'UNAUTHORIZED',
          'Google has not verified this email address',
          'google_email_unverified',
        );
      }
      return { email: payload.email.trim().toLowerCase(), issuedAt: new Date(payload.iat! * 1000) };
    },
  };
}
