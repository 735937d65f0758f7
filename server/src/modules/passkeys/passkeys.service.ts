// Passkey rules (docs/contract.md section 4, Sessions and second factors): WebAuthn registration and sign-in with
// single-use, short-lived challenges. Framework-free: plain values in, plain data out, AppError on refusal.
import {
  AUTHENTICATOR_TRANSPORTS,
  isUuid,
  type AuthResponse,
  type AuthenticatorTransport,
  type Passkey,
  type PasskeyLoginOptions,
  type PasskeyLoginVerifyBody,
  type PasskeyRegisterVerifyBody,
  type PasskeyRegistrationOptions,
} from '@app/contract';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';

import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { findUser, noticeToAccount } from '../auth/account-status.service.ts';
import type { AuthDeps, Client } from '../auth/auth.service.ts';
import {
  issueSession,
  passFirstFactor,
  requireOpenSession,
  requireRecentSignIn,
} from '../auth/sessions.service.ts';
import * as repo from './passkeys.repository.ts';
import type { UserCaller } from '../../lib/caller.ts';

const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** EdDSA, ES256, RS256: offered at registration and accepted at its verification, so the two always agree. */
const ALGORITHMS = [-8, -7, -257];

export type PasskeyDeps = {
  db: Db;
  clock: Clock;
  /** Opens the session of a passkey sign-in. */
  auth: AuthDeps;
  /** The relying party: APP_URL's hostname and origin. */
  rpId: string;
  origin: string;
};

/** The relying party of the app at `appUrl`. */
export function relyingParty(appUrl: string): Pick<PasskeyDeps, 'rpId' | 'origin'> {
  const url = new URL(appUrl);
  return { rpId: url.hostname, origin: url.origin };
}

const verificationFailed = () =>
  new AppError('BAD_REQUEST', 'Passkey verification failed', 'passkey_verification_failed');
const challengeRefused = () =>
  new AppError(
    'BAD_REQUEST',
    'This passkey request has expired or was already used. Try again.',
    'passkey_challenge_expired',
  );

export async function registrationOptions(
  deps: PasskeyDeps,
  caller: UserCaller,
): Promise<PasskeyRegistrationOptions> {
  await requireRecentSignIn(deps.auth, caller);
  const user = await findUser(deps.db, caller.userId);
  // An unverified account may be a squatter's: its passkey would outlive the owner's reclaiming the address.
  if (!user?.isVerified) {
    throw new AppError(
      'BAD_REQUEST',
      'Verify your email before adding a passkey',
      'passkey_needs_verified_email',
    );
  }
  const existing = await repo.findUserPasskeys(deps.db, user.uuid);
  const options = await generateRegistrationOptions({
    rpName: 'Tessera',
    rpID: deps.rpId,
    userName: user.email,
    userDisplayName: user.email,
    // The user handle names the account, so an authenticator keeps one passkey per account.
    userID: new TextEncoder().encode(user.uuid),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credentialId,
      transports: passkey.transports,
    })),
    // Discoverable, so sign-in needs no email; verified, so a passkey is both factors at once.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await saveChallenge(deps, options.challenge, 'register', user.uuid);
  return options as PasskeyRegistrationOptions;
}

export async function verifyRegistration(
  deps: PasskeyDeps,
  { userId, sessionId }: UserCaller,
  { name, ...response }: PasskeyRegisterVerifyBody,
  userAgent: string | null,
): Promise<Passkey> {
  const challenge = await spendChallenge(deps, response.response.clientDataJSON, 'register', userId);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: deps.origin,
    expectedRPID: deps.rpId,
    requireUserVerification: true,
    supportedAlgorithmIDs: ALGORITHMS,
  }).catch(() => ({ verified: false }) as const);
  if (!verification.verified) throw verificationFailed();
  const { credential, credentialBackedUp } = verification.registrationInfo;
  const row = await deps.db.transaction(async (tx) => {
    // Under the account's session lock: a reclaim that ended this session meanwhile is seen, and no passkey is added.
    await requireOpenSession(tx, { userId, sessionId });
    // Before the passkey is saved: whether it is the account's first second factor.
    await passFirstFactor(deps.auth, tx, { userId, sessionId });
    const inserted = await repo.insertPasskey(tx, {
      userId,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: (response.response.transports ?? []).filter(isTransport),
      backedUp: credentialBackedUp,
      name: name ?? deviceName(userAgent),
      createdAt: deps.clock.now(),
    });
    if (!inserted)
      throw new AppError('BAD_REQUEST', 'This passkey is already registered', 'passkey_already_registered');
    await noticeToAccount(deps.auth, tx, userId, 'passkey added');
    return inserted;
  });
  deps.auth.mailQueued();
  return toPasskey(row);
}

export async function loginOptions(deps: PasskeyDeps): Promise<PasskeyLoginOptions> {
  // No allowCredentials: the browser offers the passkeys it holds for this site, and the chosen one names the user.
  const options = await generateAuthenticationOptions({
    rpID: deps.rpId,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  await saveChallenge(deps, options.challenge, 'login', null);
  return {
    challenge: options.challenge,
    rpId: deps.rpId,
    timeout: CHALLENGE_TTL_MS,
    userVerification: 'required',
  };
}

/** Signs in with a passkey: the same auth response and session as a password sign-in, no second step. */
export async function verifyLogin(
  deps: PasskeyDeps,
  response: PasskeyLoginVerifyBody,
  client: Client,
): Promise<AuthResponse> {
  const challenge = await spendChallenge(deps, response.response.clientDataJSON, 'login', null);
  const passkey = await repo.findPasskeyByCredentialId(deps.db, response.id);
  if (!passkey)
    throw new AppError(
      'BAD_REQUEST',
      'This passkey is not registered. Sign in another way.',
      'passkey_unknown',
    );
  const { userHandle } = response.response;
  if (userHandle && Buffer.from(userHandle, 'base64url').toString() !== passkey.userId) {
    throw verificationFailed();
  }
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: deps.origin,
    expectedRPID: deps.rpId,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(passkey.publicKey),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    // The library also refuses a counter that did not go up, unless both are zero (an authenticator without one).
    requireUserVerification: true,
  }).catch(() => ({ verified: false }) as const);
  if (!verification.verified) throw verificationFailed();
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;

  const session = await deps.db.transaction(async (tx) => {
    const user = await findUser(tx, passkey.userId);
    if (!user) return null;
    const recorded = await repo.recordUse(tx, {
      id: passkey.id,
      counter: newCounter,
      previousCounter: passkey.counter,
      backedUp: credentialBackedUp,
      at: deps.clock.now(),
    });
    // Another sign-in with this passkey moved its counter since it was read: one of the two is a copy.
    if (!recorded) return null;
    // A passkey is a second factor on its own (docs/contract.md section 4, Enterprise identity).
    return issueSession(deps.auth, tx, user, client, undefined, { secondFactor: true });
  });
  if (!session) throw verificationFailed();
  return session;
}

export async function listPasskeys(deps: PasskeyDeps, { userId }: UserCaller): Promise<Passkey[]> {
  return (await repo.findUserPasskeys(deps.db, userId)).map(toPasskey);
}

/** Deletes one of the user's own passkeys; anyone else's answers as an unknown one. */
export async function deletePasskey(deps: PasskeyDeps, { userId }: UserCaller, id: string): Promise<void> {
  const deleted = isUuid(id) && (await repo.deletePasskey(deps.db, userId, id.toLowerCase()));
  if (!deleted) throw new AppError('NOT_FOUND', 'Passkey not found', 'passkey_not_found');
}

export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  return (await repo.findUserPasskeys(db, userId)).length > 0;
}

/** Removes every passkey of the account, in the caller's transaction: a reclaimed account keeps none. */
export async function removeUserPasskeys(tx: Db, userId: string): Promise<void> {
  await repo.deleteUserPasskeys(tx, userId);
}

async function saveChallenge(
  deps: PasskeyDeps,
  challenge: string,
  ceremony: repo.Ceremony,
  userId: string | null,
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await repo.deleteExpiredChallenges(tx, now);
    await repo.insertChallenge(tx, {
      challenge,
      ceremony,
      userId,
      expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    });
  });
}

/**
 * The challenge the response signed, deleted before the response is checked: whether it verifies or not, it cannot
 * be tried again. Refused unless it is live, of this ceremony and, for a registration, issued to this user.
 */
async function spendChallenge(
  deps: PasskeyDeps,
  clientDataJSON: string,
  ceremony: repo.Ceremony,
  userId: string | null,
): Promise<string> {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) throw verificationFailed();
  const row = await repo.takeChallenge(deps.db, challenge);
  if (!row || row.ceremony !== ceremony || row.userId !== userId || row.expiresAt <= deps.clock.now()) {
    throw challengeRefused();
  }
  return challenge;
}

function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const { challenge } = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString()) as {
      challenge?: unknown;
    };
    // The server's own challenges are base64url: anything else is no challenge of ours, and never reaches a query.
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(challenge) ? challenge : undefined;
  } catch {
    return undefined;
  }
}

const isTransport = (value: string): value is AuthenticatorTransport =>
  (AUTHENTICATOR_TRANSPORTS as readonly string[]).includes(value);

function toPasskey(row: repo.PasskeyRow): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** A passkey's default name, the browser it was added from: "Chrome on Linux". */
export function deviceName(userAgent: string | null): string {
  const find = (list: [RegExp, string][]) => list.find(([pattern]) => pattern.test(userAgent ?? ''))?.[1];
  const browser = find(BROWSERS);
  const system = find(SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `Passkey on ${system}` : 'Passkey');
}
