// Pending invitations (docs/contract.md section 4): admins and the owner list, revoke and resend them; a link dies with its
// revocation, its replacement, or its sender's authority over the team.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  buildTestApp,
  createTeam,
  inTenant,
  joinTeam,
  latestMailTo,
  registerUser,
  TestClock,
  type TestApp,
  uniqueEmail,
} from '../../../test/helpers.ts';
import { subscribeLocally } from '../../../test/local-billing.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const clock = new TestClock();
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ clock });
});
afterAll(() => app.close());

async function team() {
  const owner = await registerUser(app);
  const { uuid } = await createTeam(app, owner, 'Pending Co');
  return { uuid, owner };
}

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  tenant: string,
  payload?: object,
) => app.inject({ method, url: `/api${url}`, headers: inTenant(token, tenant), payload });

async function invite(
  token: string,
  tenant: string,
  email = uniqueEmail(),
  role: 'admin' | 'member' = 'member',
) {
  const response = await call('POST', '/invite', token, tenant, { email, role });
  expect(response.statusCode).toBe(201);
  return { email, token: (await latestMailTo(app, email)).token! };
}

const pending = async (token: string, tenant: string, query = '') =>
  (await call('GET', `/invitations${query}`, token, tenant)).json() as { uuid: string; email: string }[];
const accept = (token: string) => app.inject({ url: `/api/invitations/${token}/accept` });
const INVALID = { detail: 'Invalid or expired invitation', code: 'invitation_invalid' };

/** A new access token after the clock has moved past the old one's lifetime. */
async function signIn(user: { email: string; password: string }) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: user });
  return response.json().access_token as string;
}

describe('pending invitations', () => {
  it('are listed newest first with role, inviter and expiry, in pages, until accepted or expired', async () => {
    const { uuid, owner } = await team();
    const first = await invite(owner.access_token, uuid, uniqueEmail(), 'admin');
    clock.advance(1000);
    const second = await invite(owner.access_token, uuid);
    const response = await call('GET', '/invitations', owner.access_token, uuid);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        uuid: expect.any(String),
        email: second.email,
        role: 'member',
        invited_by_email: owner.email,
        created_at: expect.any(String),
        expires_at: new Date(clock.now().getTime() + 7 * DAY_MS).toISOString(),
      },
      expect.objectContaining({ email: first.email, role: 'admin' }),
    ]);

    const page1 = await call('GET', '/invitations?limit=1', owner.access_token, uuid);
    expect(page1.json().map((row: { email: string }) => row.email)).toEqual([second.email]);
    const cursor = page1.headers['x-next-cursor'] as string;
    const page2 = await call('GET', `/invitations?limit=1&cursor=${cursor}`, owner.access_token, uuid);
    expect(page2.json().map((row: { email: string }) => row.email)).toEqual([first.email]);
    expect(page2.headers['x-next-cursor']).toBeUndefined();

    expect((await accept(second.token)).statusCode).toBe(200);
    expect((await pending(owner.access_token, uuid)).map((row) => row.email)).toEqual([first.email]);
    clock.advance(7 * DAY_MS);
    expect(await pending(await signIn(owner), uuid)).toEqual([]);
  });

  it('are another team’s business: not listed, not revoked, not resent from here', async () => {
    const a = await team();
    const b = await team();
    const theirs = await invite(b.owner.access_token, b.uuid);
    const [row] = await pending(b.owner.access_token, b.uuid);
    expect(await pending(a.owner.access_token, a.uuid)).toEqual([]);
    for (const [method, url] of [
      ['DELETE', `/invitations/${row!.uuid}`],
      ['POST', `/invitations/${row!.uuid}/resend`],
    ] as const) {
      const response = await call(method, url, a.owner.access_token, a.uuid);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Invitation not found', code: 'invitation_not_found' });
    }
    expect((await accept(theirs.token)).statusCode).toBe(200);
  });

  it('are for admins and the owner only', async () => {
    const { uuid, owner } = await team();
    const member = await joinTeam(app, owner, uuid, 'member');
    await invite(owner.access_token, uuid);
    const [row] = await pending(owner.access_token, uuid);
    for (const [method, url] of [
      ['GET', '/invitations'],
      ['DELETE', `/invitations/${row!.uuid}`],
      ['POST', `/invitations/${row!.uuid}/resend`],
    ] as const) {
      expect((await call(method, url, member.access_token, uuid)).statusCode).toBe(403);
    }
    expect(await pending(owner.access_token, uuid)).toHaveLength(1);
  });

  it('revoked, leave the list and their link opens nothing', async () => {
    const { uuid, owner } = await team();
    const invited = await invite(owner.access_token, uuid);
    const [row] = await pending(owner.access_token, uuid);
    const revoked = await call('DELETE', `/invitations/${row!.uuid.toUpperCase()}`, owner.access_token, uuid);
    expect(revoked.statusCode).toBe(204);
    expect(await pending(owner.access_token, uuid)).toEqual([]);
    const opened = await accept(invited.token);
    expect(opened.statusCode).toBe(400);
    expect(opened.json()).toEqual(INVALID);
    // Twice is not found: there is nothing left to revoke.
    expect((await call('DELETE', `/invitations/${row!.uuid}`, owner.access_token, uuid)).statusCode).toBe(
      404,
    );
  });

  it('resent, mail a fresh link with a fresh week, and the old link dies', async () => {
    const { uuid, owner } = await team();
    const invited = await invite(owner.access_token, uuid);
    const [row] = await pending(owner.access_token, uuid);
    clock.advance(3 * DAY_MS);
    owner.access_token = await signIn(owner);
    const admin = await joinTeam(app, owner, uuid, 'admin');
    const resent = await call('POST', `/invitations/${row!.uuid}/resend`, admin.access_token, uuid);
    expect(resent.statusCode).toBe(204);
    const mail = await latestMailTo(app, invited.email);
    expect(mail.token).not.toBe(invited.token);

    const [after] = await pending(owner.access_token, uuid);
    expect(after).toMatchObject({
      uuid: row!.uuid,
      invited_by_email: admin.email,
      expires_at: new Date(clock.now().getTime() + 7 * DAY_MS).toISOString(),
    });
    expect((await accept(invited.token)).json()).toEqual(INVALID);
    expect((await accept(mail.token!)).statusCode).toBe(200);
  });

  it('die with their sender’s authority: a removed or demoted admin’s links open nothing', async () => {
    const { uuid, owner } = await team();
    // Five members with the invitations: more than the free plan's seats.
    await subscribeLocally(app, owner, uuid, 'business');
    const removed = await joinTeam(app, owner, uuid, 'admin');
    const demoted = await joinTeam(app, owner, uuid, 'admin');
    // The admin invites an accomplice (or a second account of their own) as admin, then is removed.
    const byRemoved = await invite(removed.access_token, uuid, uniqueEmail(), 'admin');
    const byDemoted = await invite(demoted.access_token, uuid, uniqueEmail(), 'admin');
    await call('DELETE', '/members', owner.access_token, uuid, { user_uuid: removed.user_uuid });
    await call('PATCH', '/members/role', owner.access_token, uuid, {
      user_uuid: demoted.user_uuid,
      new_role: 'member',
    });
    for (const { token } of [byRemoved, byDemoted]) {
      const response = await accept(token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(INVALID);
    }
    // Not listed as pending either, and promoting the admin again does not bring the link back.
    expect(await pending(owner.access_token, uuid)).toEqual([]);
    await call('PATCH', '/members/role', owner.access_token, uuid, {
      user_uuid: demoted.user_uuid,
      new_role: 'admin',
    });
    expect((await accept(byDemoted.token)).json()).toEqual(INVALID);
    const members = await call('GET', '/members', owner.access_token, uuid);
    const emails = (members.json() as { email: string }[]).map((m) => m.email);
    expect(emails).not.toContain(byRemoved.email);
    expect(emails).not.toContain(byDemoted.email);
  });

  it('are checked against their sender’s role when accepted, not only revoked when it changes', async () => {
    // A demotion that races the revocation (or any write that bypasses the members service) still leaves the
    // link dead: acceptance itself requires the sender to manage the team.
    const { uuid, owner } = await team();
    const admin = await joinTeam(app, owner, uuid, 'admin');
    const sent = await invite(admin.access_token, uuid, uniqueEmail(), 'admin');
    await app.database.db.execute(
      sql`update memberships set role = 'member' where tenant_id = ${uuid} and user_id = ${admin.user_uuid}`,
    );
    expect((await accept(sent.token)).json()).toEqual(INVALID);
    await app.database.db.execute(
      sql`update memberships set role = 'admin' where tenant_id = ${uuid} and user_id = ${admin.user_uuid}`,
    );
    expect((await accept(sent.token)).statusCode).toBe(200);
  });

  it('answer 422 for a uuid that is not one, and 404 for an unknown one', async () => {
    const { uuid, owner } = await team();
    expect((await call('DELETE', '/invitations/not-a-uuid', owner.access_token, uuid)).statusCode).toBe(422);
    const unknown = await call(
      'POST',
      `/invitations/${crypto.randomUUID()}/resend`,
      owner.access_token,
      uuid,
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the invitation limit', () => {
  it('refuses a team’s 51st invitation (new or resent) within an hour, for that team only', async () => {
    const { uuid, owner } = await team();
    const other = await team();
    const outsider = await registerUser(app);
    // Someone outside the team sending its uuid uses none of its invitations.
    for (let i = 0; i < 5; i++) {
      expect(
        (await call('POST', '/invite', outsider.access_token, uuid, { email: uniqueEmail() })).statusCode,
      ).toBe(403);
    }
    // Unlimited seats, so that only the hourly limit refuses.
    await subscribeLocally(app, owner, uuid, 'business');
    for (let i = 0; i < 49; i++) await invite(owner.access_token, uuid);
    const [row] = await pending(owner.access_token, uuid, '?limit=1');
    expect(
      (await call('POST', `/invitations/${row!.uuid}/resend`, owner.access_token, uuid)).statusCode,
    ).toBe(204);
    const refused = await call('POST', '/invite', owner.access_token, uuid, { email: uniqueEmail() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      detail: expect.stringMatching(/50 invitations in the last hour/),
      code: 'rate_limited',
      params: { reason: 'invitations', count: 50 },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const resent = await call('POST', `/invitations/${row!.uuid}/resend`, owner.access_token, uuid);
    expect(resent.statusCode).toBe(429);
    expect(resent.json()).toEqual({
      detail: expect.stringMatching(/50 invitations in the last hour/),
      code: 'rate_limited',
      params: { reason: 'invitations', count: 50 },
    });
    expect(Number(resent.headers['retry-after'])).toBeGreaterThan(0);
    expect(await pending(owner.access_token, uuid, '?limit=100')).toHaveLength(49);
    await invite(other.owner.access_token, other.uuid);
  });
});
