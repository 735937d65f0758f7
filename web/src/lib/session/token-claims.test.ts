import { describe, expect, it } from 'vitest';

import { fakeAccessToken } from '@/testing/access-token';

import { readTokenClaims } from './token-claims';

describe('readTokenClaims', () => {
  it('decodes a base64url payload, including non-ASCII text', () => {
    // '~~~?' makes base64 use the url-only characters '-' and '_'.
    const claims = { is_super_admin: true, exp: 1, name: 'Zoë ~~~?' };
    expect(readTokenClaims(fakeAccessToken(claims))).toEqual(claims);
  });

  it.each(['', 'not-a-jwt', 'a.%%%.c', `a.${btoa('not json')}.c`, `a.${btoa('null')}.c`])(
    'gives null for the malformed token %j',
    (token) => {
      expect(readTokenClaims(token)).toBeNull();
    },
  );
});
