// The credential lifecycle (docs/decisions/019): what each credential event retires, stated once. A service says
// which event happened; this table says what goes. credential-lifecycle.test.ts proves every event against every
// credential, and fails on one it does not list.
import type { Db } from '../../db/client.ts';
import type { AuthDeps } from './auth.service.ts';
import { clearPassword, moveSecurityStamp } from './credentials.repository.ts';
import { disableTotp } from './second-factors.repository.ts';
import { revokeImpersonations, revokeUserRefreshTokens } from './sessions.repository.ts';

/**
 * What an event does beyond moving the account's security stamp, which it always does: the stamp retires every link
 * and sign-in step issued before it (verification, reset and email-change links, an `mfa_token` in flight, an
 * invitation's set-password link), whatever kind it is, including kinds added later.
 */
type Retirement = {
  /** The sessions (refresh tokens, and with them their access tokens): every one, all but the caller's, or none. */
  sessions: 'all' | 'others' | 'none';
  /**
   * The ways in the account holds: `kept`; `passkeys removed` when a reset re-secures the account (a passkey planted
   * while someone else knew the password would sign them in after it; the authenticator app stays, so the mailbox
   * alone never gets past it); `removed` when the account passes to whoever proved the mailbox (password, second
   * factor, recovery codes and passkeys all go, so nothing a squatter planted survives).
   */
  factors: 'kept' | 'passkeys removed' | 'removed';
};

export const CREDENTIAL_EVENTS = {
  /** An invitation accepted into, or a Google sign-in onto, an unverified account; a listed address verified. */
  'address reclaimed': { sessions: 'all', factors: 'removed' },
  'password reset': { sessions: 'all', factors: 'passkeys removed' },
  'password changed': { sessions: 'others', factors: 'kept' },
  'other sessions ended': { sessions: 'others', factors: 'kept' },
  'email changed': { sessions: 'others', factors: 'kept' },
  /** The new address makes the account a super admin: as a reclaim, the mailbox's owner alone holds it. */
  'email changed to a listed address': { sessions: 'all', factors: 'removed' },
  'two-factor turned on': { sessions: 'none', factors: 'kept' },
  'two-factor turned off': { sessions: 'none', factors: 'kept' },
  suspended: { sessions: 'all', factors: 'kept' },
} as const satisfies Record<string, Retirement>;

export type CredentialEvent = keyof typeof CREDENTIAL_EVENTS;

/**
 * Applies `event` to the account in the caller's transaction. `caller` is the session that stays when the event
 * ends the others. The stamp moves under the session lock (sessions.repository.ts, lockSessions); what was proven
 * against the account before (a password checked, a session found open) and commits after is refused there
 * (sessions.service.ts, issueSession and lockAsProven), and a link it issues carries the old stamp.
 */
export async function retireCredentials(
  { factorStores, clock }: Pick<AuthDeps, 'factorStores' | 'clock'>,
  tx: Db,
  userId: string,
  event: CredentialEvent,
  caller?: { sessionId: string },
): Promise<void> {
  const { sessions, factors } = CREDENTIAL_EVENTS[event];
  const now = clock.now();
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
    for (const store of factorStores) await store.removeAll(tx, userId);
  }
}
