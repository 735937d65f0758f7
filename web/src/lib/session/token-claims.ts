import type { AccessTokenClaims } from '@app/contract';

/** The access token claims the browser reads (docs/spec.md section 3); the server verifies, the browser only decodes. */
type TokenClaims = Partial<Pick<AccessTokenClaims, 'sub' | 'exp' | 'is_super_admin' | 'act'>>;

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

/**
 * Whether the token is an operator's view of someone else's account (docs/contract.md section 4, Operators): it
 * names the operator in `act`.
 */
export function isImpersonationToken(token: string): boolean {
  const act = readTokenClaims(token)?.act;
  return typeof act === 'object' && act !== null;
}
