// A team's API keys (docs/contract.md section 4, Developer platform): admins and the owner create, list and revoke
// them; a key acts for its team on what its scopes allow (plugins/api-keys.ts asks authenticateKey on each request).
import {
  API_KEY_PREFIX,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
  isUuid,
  MAX_API_KEYS,
} from '@app/contract';

import type { Db } from '../../db/client.ts';
import { withTenantScope, withTenantStatement } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import type { MemberCaller } from '../../lib/caller.ts';
import { asMaker } from '../auth/sessions.service.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { lockTeam } from '../tenants/tenants.service.ts';
import * as repo from './api-keys.repository.ts';

/** How much of a key the list shows: the prefix and eight characters of the random part. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 8;

export async function createApiKey(
  db: Db,
  caller: MemberCaller,
  { name, scopes }: { name: string; scopes: ApiKeyScope[] },
): Promise<CreatedApiKey> {
  const key = `${API_KEY_PREFIX}${randomToken()}`;
  // Under the account's session lock: a credential event that revokes its keys is seen here, or sees this key.
  const created = await asMaker(db, caller, 'api_keys', (unscoped) =>
    withTenantScope(unscoped, caller.tenantId, async (tx) => {
      // Under the team's lock, so two creates for the last place cannot both take it, and a demotion or removal of
      // the creator (which takes it too, to revoke their keys) is either seen here or sees this key.
      await lockTeam(tx, caller.tenantId);
      const role = await repo.roleOf(tx, caller.tenantId, caller.userId);
      if (role !== 'admin' && role !== 'owner') {
        throw new AppError('FORBIDDEN', 'Only team admins and the owner can do this', 'admin_only');
      }
      if ((await repo.countLiveKeys(tx, caller.tenantId)) >= MAX_API_KEYS) {
        throw new AppError(
          'BAD_REQUEST',
          `A team can have at most ${MAX_API_KEYS} API keys. Revoke one to create another.`,
          'api_key_limit',
          { count: MAX_API_KEYS },
        );
      }
      const row = await repo.insertKey(tx, {
        tenantId: caller.tenantId,
        name,
        scopes,
        prefix: key.slice(0, SHOWN_LENGTH),
        keyHash: hashToken(key),
        createdBy: caller.userId,
      });
      await recordActivity(tx, {
        tenantId: caller.tenantId,
        actorId: caller.userId,
        action: 'apikey.created',
        details: { key: row.id, name, scopes },
      });
      return row;
    }),
  );
  return {
    id: created.id,
    name: created.name,
    scopes: created.scopes as ApiKeyScope[],
    prefix: created.prefix,
    created_at: created.createdAt,
    key,
  };
}

export async function listApiKeys(db: Db, caller: MemberCaller): Promise<ApiKey[]> {
  const rows = await withTenantStatement(db, caller.tenantId, (tx) => repo.findLiveKeys(tx, caller.tenantId));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    prefix: row.prefix,
    created_at: row.createdAt,
    created_by_email: row.createdByEmail,
    last_used_at: row.lastUsedAt,
  }));
}

/** Revokes at once: the key's next request is refused, whichever instance it reaches. */
export async function revokeApiKey(db: Db, caller: MemberCaller, id: string): Promise<void> {
  const notFound = () => new AppError('NOT_FOUND', 'API key not found', 'api_key_not_found');
  if (!isUuid(id)) throw notFound();
  await withTenantScope(db, caller.tenantId, async (tx) => {
    const revoked = await repo.revokeKey(tx, caller.tenantId, id);
    if (!revoked) throw notFound();
    await recordActivity(tx, {
      tenantId: caller.tenantId,
      actorId: caller.userId,
      action: 'apikey.revoked',
      details: { key: id, name: revoked.name },
    });
  });
}

/**
 * Retires, in the caller's transaction, the live keys an account made (in one team, or in every team): `revoked`,
 * or `deleted` with the revoked ones too. What it retired; the caller logs each with its cause
 * (auth/credential-lifecycle.service.ts says which event does what).
 */
export async function retireKeysMadeBy(
  tx: Db,
  maker: { userId: string; tenantId?: string | undefined },
  outcome: 'revoked' | 'deleted',
): Promise<{ id: string; name: string; tenantId: string }[]> {
  return outcome === 'revoked' ? repo.revokeKeysMadeBy(tx, maker) : repo.deleteKeysMadeBy(tx, maker);
}

export type LiveKey = { id: string; tenantId: string; name: string; scopes: string[] };

/** The live key a bearer token is, or undefined for an unknown or revoked one; notes its use. */
export async function authenticateKey(db: Db, token: string): Promise<LiveKey | undefined> {
  const key = await repo.findLiveKeyByHash(db, hashToken(token));
  if (!key) return undefined;
  if (key.stale) await repo.touchKey(db, key.id);
  return { id: key.id, tenantId: key.tenantId, name: key.name, scopes: key.scopes };
}
