import type { AuthResponse } from '@app/contract';

import { fakeAccessToken } from './access-token';

/** An access token for `email` that expires `expiresIn` seconds from now. */
export function accessTokenFor(
  email = 'ada@example.com',
  expiresIn = 900,
  extra: Record<string, unknown> = {},
) {
  const iat = Math.floor(Date.now() / 1000);
  return fakeAccessToken({
    sub: 'user-1',
    email,
    is_super_admin: false,
    iat,
    exp: iat + expiresIn,
    ...extra,
  });
}

/** What login, register, Google login and email verification answer. */
export function authResponse(email = 'ada@example.com', refreshToken = 'refresh-1'): AuthResponse {
  return { access_token: accessTokenFor(email), refresh_token: refreshToken, email };
}
