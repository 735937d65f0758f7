// What an account made for its teams, retired as the credential lifecycle's table says (auth/credential-lifecycle
// .service.ts, column `made`): its API keys, its webhook endpoints, its pending invitations and its SCIM tokens. Each
// retirement is logged in its team's activity with the event that caused it.
import type { ActivityAction } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { retireKeysMadeBy } from '../api-keys/api-keys.service.ts';
import type {
  CredentialEvent,
  MadeRetirement,
  RetiredKey,
  TeamCredentialStore,
} from '../auth/credential-lifecycle.service.ts';
import { retireScimTokensMadeBy } from '../scim-tokens/scim-tokens.service.ts';
import { getTeamName } from '../tenants/tenants.service.ts';
import { retireEndpointsMadeBy } from '../webhooks/webhooks.service.ts';
import * as invitationsRepo from './invitations.repository.ts';

/** Whose credentials: the account that made them, in one team or in all; `actorId` is who the log names. */
type Maker = { userId: string; tenantId?: string | undefined; actorId: string };
type Retired = { tenantId: string; action: ActivityAction; details: Record<string, string> };

/** How each kind is retired. A kind the table gains without a line here fails the typecheck. */
const KINDS: {
  [Kind in keyof MadeRetirement]: (
    tx: Db,
    maker: Maker,
    outcome: Exclude<MadeRetirement[Kind], 'kept'>,
  ) => Promise<Retired[]>;
} = {
  apiKeys: async (tx, maker, outcome) =>
    (await retireKeysMadeBy(tx, maker, outcome)).map((key) => ({
      tenantId: key.tenantId,
      action: 'apikey.revoked',
      details: { key: key.id, name: key.name },
    })),
  webhookEndpoints: async (tx, maker, outcome) =>
    (await retireEndpointsMadeBy(tx, maker, outcome)).map((endpoint) => ({
      tenantId: endpoint.tenantId,
      action: outcome === 'disabled' ? 'webhook.disabled' : 'webhook.deleted',
      details: { endpoint: endpoint.id, url: endpoint.url },
    })),
  invitations: async (tx, maker, outcome) =>
    (outcome === 'revoked'
      ? await invitationsRepo.revokeSentBy(tx, maker)
      : await invitationsRepo.deleteSentBy(tx, maker)
    ).map((invitation) => ({
      tenantId: invitation.tenantId,
      action: 'invitation.revoked',
      details: { invitation: invitation.id, email: invitation.email },
    })),
  scimToken: async (tx, maker) =>
    (await retireScimTokensMadeBy(tx, maker)).map((tenantId) => ({
      tenantId,
      action: 'scim.token_revoked',
      details: {},
    })),
};

/** Retires, in the caller's transaction, what `maker` made as `made` says; the keys it revoked or deleted. */
export async function retireMadeBy(
  tx: Db,
  maker: Maker,
  made: MadeRetirement,
  cause: CredentialEvent,
): Promise<RetiredKey[]> {
  const keys: RetiredKey[] = [];
  for (const kind of Object.keys(KINDS) as (keyof MadeRetirement)[]) {
    const outcome = made[kind];
    if (outcome === 'kept') continue;
    const retire = KINDS[kind] as (tx: Db, maker: Maker, outcome: string) => Promise<Retired[]>;
    for (const { tenantId, action, details } of await retire(tx, maker, outcome)) {
      await recordActivity(tx, { tenantId, actorId: maker.actorId, action, details: { ...details, cause } });
      if (kind === 'apiKeys') keys.push({ name: details.name!, team: await getTeamName(tx, tenantId) });
    }
  }
  return keys;
}

/** The store the auth module's credential events reach this through (registered by members.plugin.ts). */
export const teamCredentialStore: TeamCredentialStore = { retire: retireMadeBy };
