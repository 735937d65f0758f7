// The credential lifecycle (docs/decisions/019): what each credential event retires, stated once. A service says
// which event happened; this table says what goes. credential-lifecycle.test.ts proves every event against every
// credential, and fails on one it does not list.
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { queueKeysRevokedNotice } from '../mail/mail.service.ts';
import { clearPassword, findUserById, moveSecurityStamp } from './credentials.repository.ts';
import { disableTotp } from './second-factors.repository.ts';
import { revokeImpersonations, revokeUserRefreshTokens } from './sessions.repository.ts';

/**
 * What the account made for its teams, which are credentials too (docs/contract.md section 4): its API keys, its
 * webhook endpoints (they send the team's data where it chose), its pending invitations (they let someone in) and its
 * team's SCIM token (it lets a directory add people).
 * `deleted` when the account passes to whoever proved the mailbox (nothing a squatter set up survives); keys
 * `revoked` by every event that signs out other sessions and by a suspension (a thief's key dies with the thief's
 * session); all retired when the account stops being an admin or the owner of a team.
 */
export type MadeRetirement = {
  apiKeys: 'kept' | 'revoked' | 'deleted';
  webhookEndpoints: 'kept' | 'disabled' | 'deleted';
  invitations: 'kept' | 'revoked' | 'deleted';
  /** The team's SCIM token, which lets a directory add people: it goes wherever keys go. */
  scimToken: 'kept' | 'revoked';
};

/**
 * What an event does. An event of the `account` moves its security stamp, which retires every link and sign-in step
 * issued before it (verification, reset and email-change links, an `mfa_token` in flight, an invitation's
 * set-password link), whatever kind it is, including kinds added later. An event of a `team` touches only what the
 * account made for that team.
 */
type Retirement = {
  of: 'account' | 'team';
  /** The sessions (refresh tokens, and with them their access tokens): every one, all but the caller's, or none. */
  sessions: 'all' | 'others' | 'none';
  /**
   * The ways in the account holds: `kept`; `passkeys removed` when a reset re-secures the account (a passkey planted
   * while someone else knew the password would sign them in after it; the authenticator app stays, so the mailbox
   * alone never gets past it); `removed` when the account passes to whoever proved the mailbox (password, second
   * factor, recovery codes and passkeys all go, so nothing a squatter planted survives).
   */
  factors: 'kept' | 'passkeys removed' | 'removed';
  made: MadeRetirement;
};

const NOTHING_MADE: MadeRetirement = {
  apiKeys: 'kept',
  webhookEndpoints: 'kept',
  invitations: 'kept',
  scimToken: 'kept',
};
const KEYS_REVOKED: MadeRetirement = { ...NOTHING_MADE, apiKeys: 'revoked', scimToken: 'revoked' };

export const CREDENTIAL_EVENTS = {
  /** An invitation accepted into, or a Google sign-in onto, an unverified account; a listed address verified. */
  'address reclaimed': {
    of: 'account',
    sessions: 'all',
    factors: 'removed',
    made: { apiKeys: 'deleted', webhookEndpoints: 'deleted', invitations: 'deleted', scimToken: 'revoked' },
  },
  'password reset': { of: 'account', sessions: 'all', factors: 'passkeys removed', made: KEYS_REVOKED },
  'password changed': { of: 'account', sessions: 'others', factors: 'kept', made: KEYS_REVOKED },
  'other sessions ended': { of: 'account', sessions: 'others', factors: 'kept', made: KEYS_REVOKED },
  'email changed': { of: 'account', sessions: 'others', factors: 'kept', made: KEYS_REVOKED },
  /** The new address makes the account a super admin: as a reclaim, the mailbox's owner alone holds it. */
  'email changed to a listed address': {
    of: 'account',
    sessions: 'all',
    factors: 'removed',
    made: KEYS_REVOKED,
  },
  'two-factor turned on': { of: 'account', sessions: 'none', factors: 'kept', made: NOTHING_MADE },
  'two-factor turned off': { of: 'account', sessions: 'none', factors: 'kept', made: NOTHING_MADE },
  suspended: { of: 'account', sessions: 'all', factors: 'kept', made: KEYS_REVOKED },
  /**
   * The account stops being an admin or the owner of one team: demoted, removed, left (as when it is deleted). What
   * its authority made there goes; a current admin may switch an endpoint back on, and then answers for it.
   */
  'admin role lost': {
    of: 'team',
    sessions: 'none',
    factors: 'kept',
    made: { apiKeys: 'revoked', webhookEndpoints: 'disabled', invitations: 'revoked', scimToken: 'revoked' },
  },
} as const satisfies Record<string, Retirement>;

export type CredentialEvent = keyof typeof CREDENTIAL_EVENTS;
type EventOf<Of extends Retirement['of']> = {
  [E in CredentialEvent]: (typeof CREDENTIAL_EVENTS)[E]['of'] extends Of ? E : never;
}[CredentialEvent];
export type AccountEvent = EventOf<'account'>;
export type TeamEvent = EventOf<'team'>;
type KeyRevokingEvent = {
  [E in AccountEvent]: (typeof CREDENTIAL_EVENTS)[E]['made']['apiKeys'] extends 'revoked' ? E : never;
}[AccountEvent];
const revokesKeys = (event: AccountEvent): event is KeyRevokingEvent =>
  CREDENTIAL_EVENTS[event].made.apiKeys === 'revoked';

/** Removes the account's factors held outside the auth module (passkeys); registered by their module's plugin. */
export type FactorStore = {
  removeAll(tx: Db, userId: string): Promise<void>;
  /** Whether the account holds one (a second factor, as the team's rules count them). */
  has(tx: Db, userId: string): Promise<boolean>;
};

/** An API key an event revoked: the notice mail names it and its team. */
export type RetiredKey = { name: string; team: string };

/**
 * What the account made for its teams, retired as `made` says (in `tenantId` only, when given) and logged in each
 * team's activity with `cause`; kept by the members module, which registers it in `app.auth.teamCredentialStores`
 * (auth cannot import the modules above it). The keys it revoked or deleted.
 */
export type TeamCredentialStore = {
  retire(
    tx: Db,
    maker: { userId: string; tenantId?: string; actorId: string },
    made: MadeRetirement,
    cause: CredentialEvent,
  ): Promise<RetiredKey[]>;
};

/**
 * Applies `event` to the account in the caller's transaction. `caller` is the session that stays when the event
 * ends the others. The stamp moves under the session lock (sessions.repository.ts, lockSessions); what was proven
 * against the account before (a password checked, a session found open) and commits after is refused there
 * (sessions.service.ts, issueSession and lockAsProven), and a link it issues carries the old stamp. A key or endpoint
 * being made meanwhile waits on the same lock (asMaker), so it is either retired here or refused there. Keys it
 * revokes are named in a notice to the account.
 */
export async function retireCredentials(
  deps: {
    clock: Clock;
    appUrl: string;
    factorStores: FactorStore[];
    teamCredentialStores: TeamCredentialStore[];
  },
  tx: Db,
  userId: string,
  event: AccountEvent,
  caller?: { sessionId: string },
): Promise<void> {
  const { sessions, factors, made } = CREDENTIAL_EVENTS[event];
  const now = deps.clock.now();
  await moveSecurityStamp(tx, userId, now);
  if (sessions !== 'none') {
    await revokeUserRefreshTokens(tx, userId, now, {
      except: sessions === 'others' ? caller?.sessionId : undefined,
    });
    // The views as other accounts this one opened as an operator: a thief's session may have opened them.
    await revokeImpersonations(tx, userId, now);
  }
  if (factors === 'removed') {
    await clearPassword(tx, userId);
    await disableTotp(tx, userId);
  }
  if (factors !== 'kept') {
    for (const store of deps.factorStores) await store.removeAll(tx, userId);
  }
  const keys: RetiredKey[] = [];
  for (const store of deps.teamCredentialStores) {
    keys.push(...(await store.retire(tx, { userId, actorId: userId }, made, event)));
  }
  // A reclaimed account's keys were the squatter's: the mailbox's owner has nothing to be told of them.
  if (keys.length === 0 || !revokesKeys(event)) return;
  const user = await findUserById(tx, userId);
  if (user) {
    await queueKeysRevokedNotice(tx, {
      to: user.email,
      locale: user.locale,
      appUrl: deps.appUrl,
      cause: event,
      keys,
    });
  }
}
