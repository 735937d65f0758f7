// The credential lifecycle table (docs/decisions/019, docs/contract.md section 4): every credential event × every
// credential an account can hold → whether the credential still works afterwards. Each cell runs on an account of its
// own that holds every credential, so a probe that spends one (a link, a session) cannot hide another. An event of
// the code (CREDENTIAL_EVENTS), a kind of link, or a table tied to accounts that the table does not list fails the
// last tests.
import { randomBytes } from 'node:crypto';

import { and, eq, is, isNull } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import * as schema from '../src/db/schema/index.ts';
import { oneTimeTokenPurpose } from '../src/db/schema/one-time-tokens.ts';
import { recoveryCodes } from '../src/db/schema/recovery-codes.ts';
import { users } from '../src/db/schema/users.ts';
import { webhookEndpoints } from '../src/db/schema/webhooks.ts';
import { findSecurityStamp, insertOneTimeToken } from '../src/modules/auth/credentials.repository.ts';
import {
  CREDENTIAL_EVENTS,
  type CredentialEvent,
  type MadeRetirement,
} from '../src/modules/auth/credential-lifecycle.service.ts';
import { totpCodeAt } from '../src/modules/auth/second-factor.ts';
import { hashToken, randomToken } from '../src/lib/tokens.ts';
import { subscribeLocally } from './local-billing.ts';
import { startGoogleStandIn } from './google-stand-in.ts';
import {
  bearer,
  buildTestApp,
  createTeam,
  latestMailTo,
  mailedInvitation,
  registerVerifiedUser,
  TestClock,
  testConfig,
  type TestApp,
  uniqueEmail,
} from './helpers.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';

const APP = { origin: 'https://app.example.test', rpId: 'app.example.test' };
const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'a brand new passphrase';
const STEP_MS = 30_000;

const CREDENTIALS = [
  'password',
  'this session',
  'another session',
  "another session's access token",
  'verification link',
  'reset link',
  'email-change link',
  'second step in flight',
  'passkey',
  'authenticator app',
  'recovery codes',
  'invitation set-password link',
  'pending invitation',
  'Google ID token',
  // What the account made for a team it is an admin of (docs/contract.md section 4: credentials too).
  'API key it made',
  'webhook endpoint it made',
  'invitation it sent',
  'SCIM token it made',
] as const;
type Credential = (typeof CREDENTIALS)[number];

/** Addresses in SUPER_ADMIN_EMAILS for the two events that need one, a fresh one per account. */
const LISTED = Array.from({ length: 2 * CREDENTIALS.length }, (_, i) => `listed-${i}@example.com`);
let listedUsed = 0;
const listedAddress = () => LISTED[listedUsed++]!;

/** Works afterwards, refused afterwards, or one the account cannot hold before this event. */
type Outcome = 'works' | 'refused' | 'not held';

const EVENTS = [
  'nothing (the control)',
  'invitation reclaims an unverified account',
  'Google sign-in reclaims an unverified account',
  'a listed address is verified',
  'password reset',
  'password change',
  'other sessions signed out',
  'email change',
  'email change onto a listed address',
  'two-factor turned on',
  'two-factor turned off',
  'suspension, then lifted',
  'account deletion',
  'demoted to member',
  'removed from the team',
] as const;
type Event = (typeof EVENTS)[number];

/** The code's event each one is (CREDENTIAL_EVENTS); deletion removes the account and all it holds instead. */
const CODE_EVENT: Record<Event, CredentialEvent | 'account deleted' | 'none'> = {
  'nothing (the control)': 'none',
  'invitation reclaims an unverified account': 'address reclaimed',
  'Google sign-in reclaims an unverified account': 'address reclaimed',
  'a listed address is verified': 'address reclaimed',
  'password reset': 'password reset',
  'password change': 'password changed',
  'other sessions signed out': 'other sessions ended',
  'email change': 'email changed',
  'email change onto a listed address': 'email changed to a listed address',
  'two-factor turned on': 'two-factor turned on',
  'two-factor turned off': 'two-factor turned off',
  'suspension, then lifted': 'suspended',
  'account deletion': 'account deleted',
  'demoted to member': 'admin role lost',
  'removed from the team': 'admin role lost',
};

const ALL_REFUSED = Object.fromEntries(CREDENTIALS.map((c) => [c, 'refused'])) as Record<Credential, Outcome>;
const ALL_WORK = Object.fromEntries(CREDENTIALS.map((c) => [c, 'works'])) as Record<Credential, Outcome>;
/**
 * The factors the account holds stay; every session but this one, and every link and step, goes; so do the keys it
 * made (a thief's key dies with the thief's session), while its endpoints and invitations stay.
 */
const OTHERS_AND_LINKS: Record<Credential, Outcome> = {
  ...ALL_REFUSED,
  password: 'works',
  'this session': 'works',
  passkey: 'works',
  'authenticator app': 'works',
  'recovery codes': 'works',
  'webhook endpoint it made': 'works',
  'invitation it sent': 'works',
};
/** What the account made for the team goes; the account and everything it holds stays. */
const ADMIN_ROLE_LOST: Record<Credential, Outcome> = {
  ...ALL_WORK,
  'invitation set-password link': 'refused',
  'API key it made': 'refused',
  'webhook endpoint it made': 'refused',
  'invitation it sent': 'refused',
  'SCIM token it made': 'refused',
};

/**
 * The rule. The invitation set-password link is refused wherever the account keeps a password (it sets a first one
 * only); where the password goes, it is refused because the stamp moved.
 */
const TABLE: Record<Event, Record<Credential, Outcome>> = {
  // Each probe can succeed: a probe that always failed would pass every row below. The set-password link sets a
  // first password only, and this account has one (invitations.test.ts shows it working on one without).
  'nothing (the control)': { ...ALL_WORK, 'invitation set-password link': 'refused' },
  'invitation reclaims an unverified account': ALL_REFUSED,
  'Google sign-in reclaims an unverified account': ALL_REFUSED,
  'a listed address is verified': ALL_REFUSED,
  'password reset': {
    ...OTHERS_AND_LINKS,
    password: 'refused',
    'this session': 'refused',
    passkey: 'refused',
  },
  'password change': { ...OTHERS_AND_LINKS, password: 'refused' },
  'other sessions signed out': OTHERS_AND_LINKS,
  'email change': OTHERS_AND_LINKS,
  // The holder changed it: as at a reclaim their ways in go, but what they made for their teams is theirs, as at
  // any event that signs the other sessions out.
  'email change onto a listed address': {
    ...ALL_REFUSED,
    'webhook endpoint it made': 'works',
    'invitation it sent': 'works',
  },
  'two-factor turned on': {
    ...OTHERS_AND_LINKS,
    'another session': 'works',
    "another session's access token": 'works',
    'second step in flight': 'not held',
    'authenticator app': 'not held',
    'recovery codes': 'not held',
    'API key it made': 'works',
    'SCIM token it made': 'works',
  },
  'two-factor turned off': {
    ...OTHERS_AND_LINKS,
    'another session': 'works',
    "another session's access token": 'works',
    'authenticator app': 'refused',
    'recovery codes': 'refused',
    'API key it made': 'works',
    'SCIM token it made': 'works',
  },
  'suspension, then lifted': { ...OTHERS_AND_LINKS, 'this session': 'refused' },
  'account deletion': ALL_REFUSED,
  'demoted to member': ADMIN_ROLE_LOST,
  'removed from the team': ADMIN_ROLE_LOST,
};

const clock = new TestClock();
let app: TestApp;
let google: Awaited<ReturnType<typeof startGoogleStandIn>>;
let root: { email: string };
let inviter: { email: string };

beforeAll(async () => {
  google = await startGoogleStandIn(clock);
  app = await buildTestApp({
    clock,
    config: testConfig({
      APP_URL: APP.origin,
      SUPER_ADMIN_EMAILS: LISTED.join(','),
      ...google.config,
    }),
  });
  // An operator promoted as `npm run cli -- promote-super-admin` does, so that they keep their password.
  root = await registerVerifiedUser(app);
  await app.database.db.update(users).set({ isSuperAdmin: true }).where(eq(users.email, root.email));
  inviter = await registerVerifiedUser(app);
});
afterAll(async () => {
  await app?.close();
  await google?.close();
});

/** A call from an address of its own: the table makes more calls than one address may (the limits have tests of their own). */
const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string | null, payload?: object) =>
  app.inject({
    method,
    url: `/api${url}`,
    headers: token ? bearer(token) : {},
    remoteAddress: `10.${randomBytes(3).join('.')}`,
    ...(payload && { payload }),
  });
const expectStatus = (response: { statusCode: number; body: string }, status: number) =>
  expect(response.statusCode, response.body).toBe(status);

/** A fresh sign-in of a helper account: the test clock outruns an access token's 15 minutes. */
async function signedIn({ email }: { email: string }) {
  const response = await inject('POST', '/auth/login', null, { email, password: PASSWORD });
  expectStatus(response, 200);
  return response.json() as { access_token: string };
}

/** A fresh code of the authenticator app: each one is of a later step, as the app accepts a step once. */
function nextCode(secret: string) {
  clock.advance(STEP_MS);
  return totpCodeAt(secret, clock.now());
}

/** A link of `purpose` issued now, as the app issues them (the one way to hold a second verification link). */
async function issueLink(userId: string, purpose: 'verify_email') {
  const token = randomToken();
  await insertOneTimeToken(app.database.db, {
    userId,
    stamp: (await findSecurityStamp(app.database.db, userId))!,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(clock.now().getTime() + 60 * 60_000),
  });
  return token;
}

/** The link of an invitation to a team of its own, mailed to `email` and not accepted yet. */
async function pendingInvitation(email: string) {
  const session = await signedIn(inviter);
  const team = await createTeam(app, session, 'Inviters');
  return mailedInvitation(app, session, team.uuid, email);
}

async function inviteAndAccept(email: string) {
  const token = await pendingInvitation(email);
  expectStatus(await inject('GET', `/invitations/${token}/accept`), 200);
  return token;
}

const inTeam = (token: string, team: string) => ({ authorization: `Bearer ${token}`, 'x-tenant-uuid': team });

/**
 * The account made an admin of a team of the inviter's, where it makes an API key and a webhook endpoint and invites
 * someone, from `session`.
 */
async function adminsTeam(email: string, session: { access_token: string }) {
  const owner = await signedIn(inviter);
  const team = (await createTeam(app, owner, 'Makers')).uuid;
  const link = await mailedInvitation(app, owner, team, email, 'admin');
  expectStatus(await inject('GET', `/invitations/${link}/accept`), 200);
  const asAdmin = (url: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: inTeam(session.access_token, team),
      remoteAddress: `10.${randomBytes(3).join('.')}`,
      payload,
    });
  const key = await asAdmin('/api-keys', { name: 'Deploy bot', scopes: ['items:read'] });
  expectStatus(key, 201);
  const endpoint = await asAdmin('/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['item.created'] });
  expectStatus(endpoint, 201);
  const invitee = uniqueEmail();
  expectStatus(await asAdmin('/invite', { email: invitee, role: 'member' }), 201);
  // The team's SCIM token needs the Business plan.
  await subscribeLocally(app, owner, team, 'business');
  const scimToken = await asAdmin('/scim-token', {});
  expectStatus(scimToken, 201);
  return {
    team,
    scimToken: (scimToken.json() as { token: string }).token,
    key: (key.json() as { key: string }).key,
    endpointId: (endpoint.json() as { id: string }).id,
    sentInvitation: (await latestMailTo(app, invitee)).token!,
  };
}

/** Whether a sign-in answer opens `account`: its session, or its second step (a new account is not it). */
function opens(response: { statusCode: number; json(): unknown }, account: Account) {
  if (response.statusCode !== 200) return false;
  const body = response.json() as { mfa_required?: true; access_token?: string };
  return body.mfa_required === true || decodeJwt(body.access_token!).sub === account.uuid;
}

/**
 * An account holding every credential: two sessions ("this" one acts, the other is another device's), an
 * authenticator app with recovery codes (unless `twoFactor` is false), a passkey, an accepted invitation's
 * set-password link, pending verification, reset and email-change links, a second step, an invitation not yet
 * accepted and a Google ID token, all issued after the last change that retires them. The event comes a step
 * later: an ID token's iat has whole seconds.
 */
async function equippedAccount({ email = uniqueEmail(), twoFactor = true } = {}) {
  const register = await inject('POST', '/auth/register', null, { email, password: PASSWORD });
  expectStatus(register, 201);
  const registered = register.json() as { access_token: string; refresh_token: string };
  await app.database.db.update(users).set({ isVerified: true }).where(eq(users.email, email));
  const uuid = decodeJwt(registered.access_token).sub!;
  const other = (await inject('POST', '/auth/login', null, { email, password: PASSWORD })).json();
  let secret: string | undefined;
  if (twoFactor) {
    secret = (await inject('POST', '/auth/2fa/setup', registered.access_token)).json().secret as string;
    const enabled = await inject('POST', '/auth/2fa/enable', registered.access_token, {
      code: nextCode(secret),
    });
    expectStatus(enabled, 200);
  }
  const authenticator = new SoftAuthenticator();
  const options = (await inject('POST', '/auth/passkeys/register/options', registered.access_token)).json();
  expectStatus(
    await inject(
      'POST',
      '/auth/passkeys/register/verify',
      registered.access_token,
      authenticator.register(options, APP),
    ),
    201,
  );
  const invitationToken = await inviteAndAccept(email);
  const made = await adminsTeam(email, registered);
  expectStatus(await inject('POST', '/auth/reset-password/request', null, { email }), 200);
  const resetToken = (await latestMailTo(app, email)).token!;
  const newEmail = uniqueEmail();
  expectStatus(
    await inject('POST', '/auth/change-email', registered.access_token, {
      new_email: newEmail,
      password: PASSWORD,
      ...(secret && { code: nextCode(secret) }),
    }),
    200,
  );
  const changeToken = (await latestMailTo(app, newEmail)).token!;
  const secondStep = secret
    ? ((await inject('POST', '/auth/login', null, { email, password: PASSWORD })).json().mfa_token as string)
    : undefined;
  const verifyToken = await issueLink(uuid, 'verify_email');
  const pendingInvitationToken = await pendingInvitation(email);
  const googleToken = await google.idToken(email);
  clock.advance(STEP_MS);
  return {
    uuid,
    email,
    secret,
    authenticator,
    this: registered,
    other: other as { access_token: string; refresh_token: string },
    invitationToken,
    resetToken,
    changeToken,
    secondStep,
    verifyToken,
    pendingInvitationToken,
    googleToken,
    made,
  };
}
type Account = Awaited<ReturnType<typeof equippedAccount>>;

const unverify = (account: Account) =>
  app.database.db.update(users).set({ isVerified: false }).where(eq(users.uuid, account.uuid));

/** Each event, as its holder (or the mailbox's owner, or an operator) brings it about through the API. */
const EVENT_RUNS: Record<
  Event,
  { listed?: boolean; twoFactor?: boolean; run(account: Account): Promise<void> }
> = {
  'invitation reclaims an unverified account': {
    async run(account) {
      await unverify(account);
      await inviteAndAccept(account.email);
    },
  },
  'Google sign-in reclaims an unverified account': {
    async run(account) {
      await unverify(account);
      const credential = await google.idToken(account.email);
      expectStatus(await inject('POST', '/auth/google-login', null, { credential }), 200);
    },
  },
  'a listed address is verified': {
    listed: true,
    async run(account) {
      await unverify(account);
      const token = await issueLink(account.uuid, 'verify_email');
      expectStatus(await inject('GET', `/auth/verify-email?token=${token}`), 200);
    },
  },
  'password reset': {
    async run(account) {
      await inject('POST', '/auth/reset-password/request', null, { email: account.email });
      const { token } = await latestMailTo(app, account.email);
      expectStatus(
        await inject('POST', '/auth/reset-password/confirm', null, { token, new_password: NEW_PASSWORD }),
        200,
      );
    },
  },
  'password change': {
    async run(account) {
      expectStatus(
        await inject('POST', '/auth/update-password', account.this.access_token, {
          old_password: PASSWORD,
          new_password: NEW_PASSWORD,
          code: nextCode(account.secret!),
        }),
        200,
      );
    },
  },
  'other sessions signed out': {
    async run(account) {
      expectStatus(await inject('POST', '/auth/sessions/revoke-others', account.this.access_token), 204);
    },
  },
  'email change': {
    async run(account) {
      await changeEmail(account, uniqueEmail());
    },
  },
  'email change onto a listed address': {
    async run(account) {
      await changeEmail(account, listedAddress());
    },
  },
  'two-factor turned on': {
    twoFactor: false,
    async run(account) {
      const { secret } = (await inject('POST', '/auth/2fa/setup', account.this.access_token)).json();
      expectStatus(
        await inject('POST', '/auth/2fa/enable', account.this.access_token, { code: nextCode(secret) }),
        200,
      );
    },
  },
  'two-factor turned off': {
    async run(account) {
      expectStatus(
        await inject('POST', '/auth/2fa/disable', account.this.access_token, {
          code: nextCode(account.secret!),
        }),
        200,
      );
    },
  },
  'suspension, then lifted': {
    async run(account) {
      const operator = await signedIn(root);
      for (const action of ['suspend', 'unsuspend']) {
        expectStatus(
          await inject('POST', `/super-admin/users/${account.uuid}/${action}`, operator.access_token),
          204,
        );
      }
    },
  },
  'nothing (the control)': {
    async run() {},
  },
  'demoted to member': {
    async run(account) {
      const owner = await signedIn(inviter);
      const payload = { user_uuid: account.uuid, new_role: 'member' };
      const demoted = await app.inject({
        method: 'PATCH',
        url: '/api/members/role',
        headers: inTeam(owner.access_token, account.made.team),
        payload,
      });
      expectStatus(demoted, 200);
    },
  },
  'removed from the team': {
    async run(account) {
      const owner = await signedIn(inviter);
      const removed = await app.inject({
        method: 'DELETE',
        url: '/api/members',
        headers: inTeam(owner.access_token, account.made.team),
        payload: { user_uuid: account.uuid },
      });
      expectStatus(removed, 204);
    },
  },
  'account deletion': {
    async run(account) {
      expectStatus(
        await inject('DELETE', '/auth/me', account.this.access_token, {
          password: PASSWORD,
          code: nextCode(account.secret!),
        }),
        204,
      );
    },
  },
};

async function changeEmail(account: Account, newEmail: string) {
  expectStatus(
    await inject('POST', '/auth/change-email', account.this.access_token, {
      new_email: newEmail,
      password: PASSWORD,
      code: nextCode(account.secret!),
    }),
    200,
  );
  const { token } = await latestMailTo(app, newEmail);
  expectStatus(
    await inject('GET', `/auth/confirm-email-change?token=${token}`, account.this.access_token),
    200,
  );
}

/** Whether the credential still opens, or holds, the account: a status the probe got, or a row it found. */
const PROBES: Record<Credential, (account: Account) => Promise<boolean>> = {
  async password(account) {
    const [user] = await app.database.db.select().from(users).where(eq(users.uuid, account.uuid));
    const email = user?.email ?? account.email;
    return (await inject('POST', '/auth/login', null, { email, password: PASSWORD })).statusCode === 200;
  },
  async 'this session'(account) {
    const { refresh_token } = account.this;
    return (await inject('POST', '/auth/refresh', null, { refresh_token })).statusCode === 200;
  },
  async 'another session'(account) {
    const { refresh_token } = account.other;
    return (await inject('POST', '/auth/refresh', null, { refresh_token })).statusCode === 200;
  },
  async "another session's access token"(account) {
    return (await inject('GET', '/auth/me', account.other.access_token)).statusCode === 200;
  },
  async 'verification link'(account) {
    return (await inject('GET', `/auth/verify-email?token=${account.verifyToken}`)).statusCode === 200;
  },
  async 'reset link'(account) {
    const payload = { token: account.resetToken, new_password: 'the thief chose this' };
    return (await inject('POST', '/auth/reset-password/confirm', null, payload)).statusCode === 200;
  },
  async 'email-change link'(account) {
    return (
      (await inject('GET', `/auth/confirm-email-change?token=${account.changeToken}`)).statusCode === 200
    );
  },
  async 'second step in flight'(account) {
    const payload = { mfa_token: account.secondStep, code: nextCode(account.secret!) };
    return (await inject('POST', '/auth/2fa/verify', null, payload)).statusCode === 200;
  },
  async passkey(account) {
    const options = (await inject('POST', '/auth/passkeys/login/options')).json();
    const assertion = account.authenticator.authenticate(options, APP);
    return (await inject('POST', '/auth/passkeys/login/verify', null, assertion)).statusCode === 200;
  },
  async 'authenticator app'(account) {
    const [user] = await app.database.db.select().from(users).where(eq(users.uuid, account.uuid));
    return user?.totpEnabled === true;
  },
  async 'recovery codes'(account) {
    const unused = await app.database.db
      .select()
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, account.uuid), isNull(recoveryCodes.usedAt)));
    return unused.length > 0;
  },
  async 'invitation set-password link'(account) {
    const payload = { password: 'the thief chose this' };
    const url = `/invitations/${account.invitationToken}/set-password`;
    return (await inject('POST', url, null, payload)).statusCode === 200;
  },
  async 'pending invitation'(account) {
    return opens(await inject('GET', `/invitations/${account.pendingInvitationToken}/accept`), account);
  },
  async 'Google ID token'(account) {
    return opens(
      await inject('POST', '/auth/google-login', null, { credential: account.googleToken }),
      account,
    );
  },
  async 'API key it made'(account) {
    return (await inject('GET', '/items/', account.made.key)).statusCode === 200;
  },
  // Whether it would be sent the team's next change: it exists, and it is on.
  async 'webhook endpoint it made'(account) {
    const [endpoint] = await app.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, account.made.endpointId));
    return endpoint?.enabled === true;
  },
  async 'invitation it sent'(account) {
    return (await inject('GET', `/invitations/${account.made.sentInvitation}/accept`)).statusCode === 200;
  },
  async 'SCIM token it made'(account) {
    return (await inject('GET', '/scim/v2/Users', account.made.scimToken)).statusCode === 200;
  },
};

describe('the credential lifecycle table', () => {
  describe.each(EVENTS)('%s', (event) => {
    it.each(CREDENTIALS)(`then: %s`, async (credential) => {
      const expected = TABLE[event][credential];
      const { listed, twoFactor, run } = EVENT_RUNS[event];
      const account = await equippedAccount({
        ...(listed && { email: listedAddress() }),
        ...(twoFactor !== undefined && { twoFactor }),
      });
      await run(account);
      if (expected === 'not held') return;
      expect(await PROBES[credential](account), `${credential} ${expected} after: ${event}`).toBe(
        expected === 'works',
      );
    });
  });
});

describe('an unverified account (review)', () => {
  /** An account registered at `email` by someone without its mailbox, who then moves the stamp twice over. */
  async function squatted(email: string) {
    const register = await inject('POST', '/auth/register', null, { email, password: PASSWORD });
    expectStatus(register, 201);
    const squatter = register.json() as { access_token: string };
    return async () => {
      clock.advance(STEP_MS);
      const changed = await inject('POST', '/auth/update-password', squatter.access_token, {
        old_password: PASSWORD,
        new_password: NEW_PASSWORD,
      });
      expectStatus(changed, 200);
      expectStatus(await inject('POST', '/auth/sessions/revoke-others', squatter.access_token), 204);
      return squatter;
    };
  }

  it.each([
    [
      'an invitation',
      (email: string) => pendingInvitation(email),
      (token: string) => inject('GET', `/invitations/${token}/accept`),
    ],
    [
      'a Google ID token',
      (email: string) => google.idToken(email),
      (credential: string) => inject('POST', '/auth/google-login', null, { credential }),
    ],
  ])(
    'whoever registered the address cannot keep its owner out by moving the stamp: %s still reclaims it',
    async (_proof, issue, use) => {
      const email = uniqueEmail();
      const moveStamp = await squatted(email);
      const proof = await issue(email);
      const squatter = await moveStamp();

      const reclaimed = await use(proof);
      expectStatus(reclaimed, 200);
      expect(reclaimed.json()).toMatchObject({ email });
      expectStatus(await inject('GET', '/auth/me', squatter.access_token), 401);
      expectStatus(await inject('POST', '/auth/login', null, { email, password: NEW_PASSWORD }), 401);
    },
  );
});

describe('an account deleted and made again at the same address (review)', () => {
  it('opens to no Google ID token issued, and no invitation mailed, before it was made', async () => {
    const first = await registerVerifiedUser(app);
    const captured = await google.idToken(first.email);
    const copiedInvitation = await pendingInvitation(first.email);
    clock.advance(STEP_MS);
    const deleted = await inject('DELETE', '/auth/me', first.access_token, { password: first.password });
    expectStatus(deleted, 204);
    await registerVerifiedUser(app, first.email);

    expectStatus(await inject('POST', '/auth/google-login', null, { credential: captured }), 401);
    expectStatus(await inject('GET', `/invitations/${copiedInvitation}/accept`), 400);
    const fresh = await google.idToken(first.email);
    expectStatus(await inject('POST', '/auth/google-login', null, { credential: fresh }), 200);
  });
});

describe('reset links (review)', () => {
  it('a stranger asking for another reset does not kill the link the owner is about to open', async () => {
    const owner = await equippedAccount({ twoFactor: false });
    expectStatus(await inject('POST', '/auth/reset-password/request', null, { email: owner.email }), 200);
    const ownersLink = (await latestMailTo(app, owner.email)).token!;
    expectStatus(await inject('POST', '/auth/reset-password/request', null, { email: owner.email }), 200);
    const strangers = (await latestMailTo(app, owner.email)).token!;
    expect(strangers).not.toBe(ownersLink);
    const payload = { token: ownersLink, new_password: NEW_PASSWORD };
    expectStatus(await inject('POST', '/auth/reset-password/confirm', null, payload), 200);
    // The reset retired every other link, the stranger's included.
    const again = { token: strangers, new_password: 'the stranger chose this' };
    expectStatus(await inject('POST', '/auth/reset-password/confirm', null, again), 400);
  });
});

describe('the table is complete', () => {
  it('lists every event and every credential, with an outcome for each', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...EVENTS].sort());
    for (const event of EVENTS) expect(Object.keys(TABLE[event]).sort()).toEqual([...CREDENTIALS].sort());
  });

  it("exercises every event of the code's table (CREDENTIAL_EVENTS)", () => {
    const exercised = new Set(Object.values(CODE_EVENT));
    expect(
      Object.keys(CREDENTIAL_EVENTS).filter((event) => !exercised.has(event as CredentialEvent)),
    ).toEqual([]);
  });

  it("lists every kind of credential an account makes for a team (the code's column `made`)", () => {
    const MADE: Record<keyof MadeRetirement, Credential> = {
      apiKeys: 'API key it made',
      webhookEndpoints: 'webhook endpoint it made',
      invitations: 'invitation it sent',
      scimToken: 'SCIM token it made',
    };
    for (const event of Object.values(CREDENTIAL_EVENTS)) {
      expect(Object.keys(event.made).sort()).toEqual(Object.keys(MADE).sort());
    }
  });

  it('lists every kind of link the app issues', () => {
    const LINKS: Record<(typeof oneTimeTokenPurpose.enumValues)[number], Credential> = {
      verify_email: 'verification link',
      reset_password: 'reset link',
      change_email: 'email-change link',
      second_factor: 'second step in flight',
    };
    expect(Object.keys(LINKS).sort()).toEqual([...oneTimeTokenPurpose.enumValues].sort());
  });

  it('classifies every column that ties a row to an account: a credential above, or not a way in', () => {
    const COLUMNS: Record<string, Credential | 'not a way in'> = {
      'refresh_tokens.user_id': 'another session',
      // An operator's view as another account ends with the operator's suspension (operator-actions.test.ts).
      'refresh_tokens.impersonator_id': 'not a way in',
      'one_time_tokens.user_id': 'reset link',
      'recovery_codes.user_id': 'recovery codes',
      'passkeys.user_id': 'passkey',
      // A registration in flight needs an open session to finish (passkeys.service.ts, verifyRegistration).
      'webauthn_challenges.user_id': 'passkey',
      'invitations.accepted_by': 'invitation set-password link',
      'invitations.invited_by': 'invitation it sent',
      'memberships.user_id': 'not a way in',
      'items.created_by': 'not a way in',
      // A domain is the team's proof of a DNS record, not a way into an account: it stays when its adder leaves.
      'team_domains.created_by': 'not a way in',
      // Whom an admin removed from a team: a fact about the team, kept when the account changes its credentials.
      'member_removals.user_id': 'not a way in',
      // A team's provider outlives the admin who saved it, as its domains do.
      'sso_connections.created_by': 'not a way in',
      // The provider's identity linked to the account: a way in held by the team's provider, not by a credential of
      // the account's, which its holder linked knowingly; a reset does not unlink it (the team removes its provider).
      'sso_identities.user_id': 'not a way in',
      // A sign-in through a team's provider on its way (10 minutes): its code opens a session only in the browser
      // that began it, and the session it opens is retired with every other by the account's credential events.
      'sso_attempts.user_id': 'not a way in',
      'api_keys.created_by': 'API key it made',
      'scim_tokens.created_by': 'SCIM token it made',
      'webhook_endpoints.created_by': 'webhook endpoint it made',
      'feedback.user_id': 'not a way in',
      'activity_log.actor_id': 'not a way in',
      'operator_audit.operator_id': 'not a way in',
      'operator_audit.target_user_id': 'not a way in',
    };
    const columns = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .flatMap((table: PgTable) => {
        const config = getTableConfig(table);
        return config.foreignKeys
          .filter((key) => getTableConfig(key.reference().foreignTable).name === 'users')
          .flatMap((key) => key.reference().columns.map((column) => `${config.name}.${column.name}`));
      });
    expect(columns.sort()).toEqual(Object.keys(COLUMNS).sort());
  });
});
