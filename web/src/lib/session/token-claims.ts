import type { AccessTokenClaims } from '@app/contract';

/** The access token claims the browser reads (docs/spec.md section 3); the server verifies, the browser only decodes. */
type TokenClaims = Partial<Pick<AccessTokenClaims, 'exp' | 'is_super_admin'>>;

/** Decodes a JWT's base64url payload; anything that is not a JWT with a JSON object payload gives null. */
export function readTokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (payload === undefined) return null;
  try {
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(
      new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))),
    );
    return typeof claims === 'object' && claims !== null ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}
