// Deleting an account and exporting its data (docs/contract.md section 4), through the real app and database.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { activityLog } from '../../db/schema/activity-log.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { items } from '../../db/schema/items.ts';
import { passkeys } from '../../db/schema/passkeys.ts';
import { tenants } from '../../db/schema/tenants.ts';
import { users } from '../../db/schema/users.ts';
import {
  bearer,
  buildTestApp,
  createTeam,
  inTenant,
  joinTeam,
  registerUser,
  type TestApp,
} from '../../../test/helpers.ts';
import { subscribeLocally } from '../../../test/local-billing.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const deleteAccount = (token: string, payload: object) =>
  app.inject({ method: 'DELETE', url: '/api/auth/me', headers: bearer(token), payload });
const exportAccount = (token: string) =>
  app.inject({ method: 'GET', url: '/api/auth/me/export', headers: bearer(token) });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const uuidOf = async (token: string) => (await me(token)).json().uuid as string;
const teamRow = async (uuid: string) =>
  (await app.database.db.select().from(tenants).where(eq(tenants.uuid, uuid)))[0];
const memberEmails = async (token: string, team: string) =>
  (
    (await app.inject({ url: '/api/members', headers: inTenant(token, team) })).json() as { email: string }[]
  ).map((member) => member.email);

describe('DELETE /auth/me', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const user = await registerUser(app);
    const team = await createTeam(app, user);
    const response = await deleteAccount(user.access_token, { password: 'not my password' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Current password is incorrect', code: 'wrong_password' });
    expect((await me(user.access_token)).statusCode).toBe(200);
    expect(await teamRow(team.uuid)).toBeDefined();
  });

  it('asks an account with a password for it', async () => {
    const user = await registerUser(app);
    const response = await deleteAccount(user.access_token, { confirm_email: user.email });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Current password is required',
      code: 'current_password_required',
    });
    expect((await me(user.access_token)).statusCode).toBe(200);
  });

  it('refuses while the user owns a team that has other members, naming it, and deletes nothing', async () => {
    const owner = await registerUser(app);
    const alone = await createTeam(app, owner, 'Solo');
    const shared = await createTeam(app, owner, 'Shared Co');
    const member = await joinTeam(app, owner, shared.uuid, 'member');

    const response = await deleteAccount(owner.access_token, { password: owner.password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Transfer ownership or remove the other members of Shared Co before deleting your account',
      code: 'owner_of_shared_teams',
      params: { teams: 'Shared Co' },
    });
    expect((await me(owner.access_token)).statusCode).toBe(200);
    expect(await teamRow(alone.uuid)).toBeDefined();
    expect(await memberEmails(owner.access_token, shared.uuid)).toEqual([owner.email, member.email]);
  });

  it('deletes a team the user alone belongs to, with its items and its subscription', async () => {
    const user = await registerUser(app);
    const team = await createTeam(app, user);
    await app.inject({
      method: 'POST',
      url: '/api/items/',
      headers: inTenant(user.access_token, team.uuid),
      payload: { name: 'Doomed' },
    });
    await subscribeLocally(app, user, team.uuid);
    const db = app.database.db;
    expect(await db.select().from(items).where(eq(items.tenantId, team.uuid))).toHaveLength(1);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.tenantId, team.uuid))).toHaveLength(
      1,
    );

    const response = await deleteAccount(user.access_token, { password: user.password });
    expect(response.statusCode).toBe(204);
    expect(await teamRow(team.uuid)).toBeUndefined();
    expect(await db.select().from(items).where(eq(items.tenantId, team.uuid))).toEqual([]);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.tenantId, team.uuid))).toEqual([]);
  });

  it('takes the user out of the teams others own, which stay, and records the leaving', async () => {
    const owner = await registerUser(app);
    const team = await createTeam(app, owner, 'Stays');
    const admin = await joinTeam(app, owner, team.uuid, 'admin');
    const invited = await joinTeam(app, owner, team.uuid, 'member');
    await app.inject({
      method: 'POST',
      url: `/api/invitations/${invited.token}/set-password`,
      payload: { password: 'a long enough password' },
    });
    const own = await createTeam(app, invited, 'Mine');

    const response = await deleteAccount(invited.access_token, { confirm_email: invited.email });
    // Invited accounts have a password now; the email alone does not do.
    expect(response.statusCode).toBe(400);
    expect(
      (await deleteAccount(invited.access_token, { password: 'a long enough password' })).statusCode,
    ).toBe(204);

    expect(await memberEmails(owner.access_token, team.uuid)).toEqual([owner.email, admin.email]);
    expect(await teamRow(team.uuid)).toBeDefined();
    expect(await teamRow(own.uuid)).toBeUndefined();
    const log = await app.database.db.select().from(activityLog).where(eq(activityLog.tenantId, team.uuid));
    // The entry outlives the account: its actor is gone, the action stays.
    expect(log.filter((entry) => entry.action === 'member.left')).toEqual([
      expect.objectContaining({ actorId: null }),
    ]);
  });

  it('lets an account without a password confirm with its email', async () => {
    const owner = await registerUser(app);
    const team = await createTeam(app, owner);
    const invited = await joinTeam(app, owner, team.uuid, 'member');

    const wrong = await deleteAccount(invited.access_token, { confirm_email: owner.email });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      detail: 'Type your email address to confirm',
      code: 'deletion_not_confirmed',
    });
    expect((await me(invited.access_token)).statusCode).toBe(200);

    const response = await deleteAccount(invited.access_token, {
      confirm_email: ` ${invited.email.toUpperCase()} `,
    });
    expect(response.statusCode).toBe(204);
    expect(await memberEmails(owner.access_token, team.uuid)).toEqual([owner.email]);
  });

  it('ends every session: access and refresh tokens fail afterwards', async () => {
    const user = await registerUser(app);
    const other = (await login(user.email, user.password)).json();
    expect((await deleteAccount(user.access_token, { password: user.password })).statusCode).toBe(204);

    expect((await me(user.access_token)).statusCode).toBe(401);
    expect((await me(other.access_token)).statusCode).toBe(401);
    for (const refresh_token of [user.refresh_token, other.refresh_token]) {
      const refreshed = await app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token },
      });
      expect(refreshed.statusCode).toBe(401);
    }
    expect((await login(user.email, user.password)).statusCode).toBe(401);
  });

  it('frees the address: it can register again, as a new account', async () => {
    const user = await registerUser(app);
    const before = await uuidOf(user.access_token);
    await deleteAccount(user.access_token, { password: user.password });
    const again = await registerUser(app, user.email);
    expect(await uuidOf(again.access_token)).not.toBe(before);
    expect(await app.database.db.select().from(users).where(eq(users.uuid, before))).toEqual([]);
  });

  it('answers 401 without a sign-in and 422 for a body of the wrong shape', async () => {
    const anonymous = await app.inject({ method: 'DELETE', url: '/api/auth/me', payload: { password: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    const user = await registerUser(app);
    const malformed = await deleteAccount(user.access_token, { password: 42 });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toEqual({
      detail: expect.stringMatching(/^body\.password: /),
      code: 'validation',
      params: { field: 'body.password', message: expect.any(String) },
    });
    expect((await me(user.access_token)).statusCode).toBe(200);
  });
});

describe('GET /auth/me/export', () => {
  it("answers the user's account, teams, sessions, passkeys and activity as a download", async () => {
    const user = await registerUser(app);
    await login(user.email, user.password);
    const team = await createTeam(app, user, 'Exported');
    await app.inject({
      method: 'PUT',
      url: '/api/tenant',
      headers: inTenant(user.access_token, team.uuid),
      payload: { name: 'Exported', description: 'Renamed by me' },
    });
    const userId = await uuidOf(user.access_token);
    await app.database.db.insert(passkeys).values({
      userId,
      credentialId: `credential-${userId}`,
      publicKey: new Uint8Array([1, 2, 3]),
      name: 'My laptop',
    });

    const response = await exportAccount(user.access_token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="tessera-account-export.json"',
    );
    const data = response.json();
    expect(data.account).toEqual({
      uuid: userId,
      email: user.email,
      is_verified: false,
      created_at: expect.any(String),
      has_password: true,
      two_factor_enabled: false,
      locale: 'en',
      theme: 'system',
    });
    expect(data.teams).toEqual([
      { uuid: team.uuid, name: 'Exported', role: 'owner', joined_at: expect.any(String) },
    ]);
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(data.passkeys).toEqual([
      { name: 'My laptop', created_at: expect.any(String), last_used_at: null },
    ]);
    expect(data.activity).toEqual([
      {
        team_uuid: team.uuid,
        action: 'team.updated',
        details: { name: 'Exported', description: 'Renamed by me' },
        created_at: expect.any(String),
      },
    ]);
  });

  it('holds no secret: no password hash, TOTP secret, token, credential or key', async () => {
    const user = await registerUser(app);
    const userId = await uuidOf(user.access_token);
    await app.database.db
      .update(users)
      .set({ totpSecret: 'JBSWY3DPEHPK3PXP', totpEnabled: true })
      .where(eq(users.uuid, userId));
    await app.database.db.insert(passkeys).values({
      userId,
      credentialId: 'credential-id-secret',
      publicKey: new Uint8Array([9, 9, 9]),
      name: 'Key',
    });
    const [row] = await app.database.db.select().from(users).where(eq(users.uuid, userId));

    const text = (await exportAccount(user.access_token)).body;
    for (const secret of [
      row!.passwordHash!,
      'JBSWY3DPEHPK3PXP',
      'credential-id-secret',
      user.access_token,
      user.refresh_token,
      '$argon2',
    ]) {
      expect(text).not.toContain(secret);
    }
    for (const field of [
      'password_hash',
      'passwordHash',
      'totp',
      'secret',
      'token',
      'public_key',
      'credential',
      'recovery',
    ]) {
      expect(text.toLowerCase()).not.toContain(field.toLowerCase());
    }
  });

  it("never holds another user's data", async () => {
    const owner = await registerUser(app);
    const team = await createTeam(app, owner, 'Shared');
    const admin = await joinTeam(app, owner, team.uuid, 'admin');
    await app.inject({
      method: 'PUT',
      url: '/api/tenant',
      headers: inTenant(admin.access_token, team.uuid),
      payload: { name: 'Shared', description: 'by the admin' },
    });
    const stranger = await registerUser(app);
    await createTeam(app, stranger, 'Elsewhere');

    // The admin's export: their joining and rename are theirs; the owner's own entries (the team, the invitation)
    // and sessions are not.
    const data = (await exportAccount(admin.access_token)).json();
    const text = JSON.stringify(data);
    expect(text).not.toContain(owner.email);
    expect(text).not.toContain(stranger.email);
    expect(text).not.toContain('Elsewhere');
    expect(data.activity.map((entry: { action: string }) => entry.action)).toEqual([
      'member.joined',
      'team.updated',
    ]);
    expect(data.sessions).toHaveLength(1);
    expect(data.teams).toEqual([
      { uuid: team.uuid, name: 'Shared', role: 'admin', joined_at: expect.any(String) },
    ]);
  });

  it('answers 401 without a sign-in', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/me/export' })).statusCode).toBe(401);
  });
});
