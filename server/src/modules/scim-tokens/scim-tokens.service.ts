// A team's SCIM token (docs/contract.md section 4, Enterprise identity): the credential its directory calls
// /api/scim/v2 with. Enterprise makes and revokes it for the team's admins; plugins/scim.ts authenticates each SCIM
// request by it; the credential lifecycle retires it with its maker's authority (members/team-credentials.ts).
import { SCIM_TOKEN_PREFIX } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import * as repo from './scim-tokens.repository.ts';

/** A request with no live SCIM token: none sent, unknown, revoked or replaced. */
export const invalidScimToken = () =>
  new AppError('UNAUTHORIZED', 'Invalid or revoked SCIM token', 'scim_token_invalid');

/** Makes the team's token, replacing its earlier one (which stops working with this commit): the token, once. */
export async function issueScimToken(tx: Db, tenantId: string, createdBy: string): Promise<string> {
  const token = `${SCIM_TOKEN_PREFIX}${randomToken()}`;
  await repo.upsertToken(tx, { tenantId, tokenHash: hashToken(token), createdBy });
  return token;
}

/** Revokes the team's token; whether it had one. */
export async function revokeScimToken(tx: Db, tenantId: string): Promise<boolean> {
  return repo.deleteToken(tx, tenantId);
}

export async function findScimToken(db: Db, tenantId: string) {
  return repo.findToken(db, tenantId);
}

/** Whether the team has a token: then its directory alone decides who is in (no joining through SSO). */
export async function hasScimToken(db: Db, tenantId: string): Promise<boolean> {
  return (await repo.findToken(db, tenantId)) !== undefined;
}

/** The team a bearer token is the SCIM token of (and its hash), or undefined for an unknown or revoked one. */
export async function authenticateScimToken(
  db: Db,
  token: string,
): Promise<{ tenantId: string; tokenHash: string } | undefined> {
  const tokenHash = hashToken(token);
  const found = await repo.findTokenByHash(db, tokenHash);
  if (!found) return undefined;
  if (found.stale) await repo.touchToken(db, found.tenantId);
  return { tenantId: found.tenantId, tokenHash };
}

/**
 * Whether the token is still the team's, read under a share lock held to the end of the caller's transaction: a
 * revocation or a replacement waits for the change it let through, or is seen here and refuses it.
 */
export async function isLiveScimToken(tx: Db, tenantId: string, tokenHash: string): Promise<boolean> {
  return repo.lockTokenForShare(tx, tenantId, tokenHash);
}

/** Revokes the tokens `maker` made (in one team, when given), for the credential lifecycle: the teams they were of. */
export async function retireScimTokensMadeBy(
  tx: Db,
  maker: { userId: string; tenantId?: string | undefined },
): Promise<string[]> {
  return (await repo.deleteTokensMadeBy(tx, maker)).map((row) => row.tenantId);
}
