// The user's sessions (docs/contract.md section 4): each refresh-token chain is one, listed with its browser and
// address; ending one, or all others, ends their refresh and their access tokens at once, and only the owner can.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, buildTestApp, registerUser, TestClock, type TestApp } from '../../../test/helpers.ts';

const clock = new TestClock();
let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ clock });
});
afterAll(() => app.close());

const MINUTE = 60_000;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

const login = async (email: string, password: string, userAgent: string, address = '203.0.113.7') => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
    remoteAddress: address,
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { access_token: string; refresh_token: string };
};
const refresh = (refresh_token: string, userAgent = FIREFOX, address = '198.51.100.9') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refresh_token },
    headers: { 'user-agent': userAgent },
    remoteAddress: address,
  });
const sessions = (token: string, query = '') =>
  app.inject({ method: 'GET', url: `/api/auth/sessions${query}`, headers: bearer(token) });
const endSession = (token: string, id: string) =>
  app.inject({ method: 'DELETE', url: `/api/auth/sessions/${id}`, headers: bearer(token) });
const endOthers = (token: string) =>
  app.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others', headers: bearer(token) });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

async function userWithTwoDevices() {
  const { email, password } = await registerUser(app);
  clock.advance(MINUTE);
  const laptop = await login(email, password, FIREFOX, '203.0.113.7');
  clock.advance(MINUTE);
  const phone = await login(email, password, IPHONE, '2001:db8::1');
  return { email, password, laptop, phone };
}

describe('GET /auth/sessions', () => {
  it('lists each open session with its browser, address and times, newest use first, marking the current one', async () => {
    const { laptop, phone } = await userWithTwoDevices();
    const started = clock.now().toISOString();
    const response = await sessions(phone.access_token);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    // The registration's own session is the third.
    expect(list).toHaveLength(3);
    expect(list[0]).toEqual({
      id: expect.any(String),
      created_at: started,
      last_used_at: started,
      user_agent: IPHONE,
      ip: '2001:db8::1',
      current: true,
      sso_team: null,
    });
    expect(list[1]).toMatchObject({ user_agent: FIREFOX, ip: '203.0.113.7', current: false });
    // The laptop sees the same sessions, its own marked.
    const fromLaptop = (await sessions(laptop.access_token)).json();
    expect(fromLaptop).toEqual([{ ...list[0], current: false }, { ...list[1], current: true }, list[2]]);
  });

  it('keeps a session one session through refreshes: its start stays, its last use and address move', async () => {
    const { laptop, phone } = await userWithTwoDevices();
    const before = (await sessions(laptop.access_token)).json();
    const laptopSession = before.find((session: { current: boolean }) => session.current);
    clock.advance(5 * MINUTE);
    const renewed = (await refresh(laptop.refresh_token, FIREFOX, '198.51.100.9')).json();
    const after = (await sessions(renewed.access_token)).json();
    expect(after).toHaveLength(before.length);
    expect(after[0]).toEqual({
      ...laptopSession,
      last_used_at: clock.now().toISOString(),
      ip: '198.51.100.9',
    });
    expect(after.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
    expect((await me(phone.access_token)).statusCode).toBe(200);
  });

  it('pages by cursor, and refuses a cursor it did not make', async () => {
    const { laptop } = await userWithTwoDevices();
    const first = await sessions(laptop.access_token, '?limit=2');
    expect(first.json()).toHaveLength(2);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toEqual(expect.any(String));
    const second = await sessions(laptop.access_token, `?limit=2&cursor=${cursor}`);
    expect(second.json()).toHaveLength(1);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    const ids = [...first.json(), ...second.json()].map((session: { id: string }) => session.id);
    expect(new Set(ids).size).toBe(3);
    expect((await sessions(laptop.access_token, '?cursor=bm9wZQ')).statusCode).toBe(422);
  });

  it('needs a signed-in caller', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
  });
});

describe('ending sessions', () => {
  it('DELETE /auth/sessions/{id} ends that session at once: its refresh fails, its access token is refused', async () => {
    const { laptop, phone } = await userWithTwoDevices();
    const laptopId = (await sessions(laptop.access_token))
      .json()
      .find((s: { current: boolean }) => s.current).id;
    expect((await endSession(phone.access_token, laptopId)).statusCode).toBe(204);
    expect((await refresh(laptop.refresh_token)).statusCode).toBe(401);
    expect((await me(laptop.access_token)).statusCode).toBe(401);
    // The phone goes on, and no longer lists the laptop.
    expect((await me(phone.access_token)).statusCode).toBe(200);
    const left = (await sessions(phone.access_token)).json();
    expect(left.map((session: { id: string }) => session.id)).not.toContain(laptopId);
    // Ending it again: there is no such open session.
    expect((await endSession(phone.access_token, laptopId)).json()).toEqual({
      detail: 'Session not found',
      code: 'session_not_found',
    });
  });

  it('ends a session even while it refreshes: the token that refresh issued fails as well', async () => {
    // On PostgreSQL the two requests run on two connections at once; without the session lock, an ending that ran
    // while the refresh was between spending its token and committing the next one would miss that next one.
    for (let round = 0; round < 8; round += 1) {
      const { laptop, phone } = await userWithTwoDevices();
      const laptopId = (await sessions(laptop.access_token))
        .json()
        .find((s: { current: boolean }) => s.current).id;
      const [refreshed, ended] = await Promise.all([
        refresh(laptop.refresh_token),
        endSession(phone.access_token, laptopId),
      ]);
      expect(ended.statusCode).toBe(204);
      if (refreshed.statusCode === 200) {
        const pair = refreshed.json();
        expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
        expect((await me(pair.access_token)).statusCode).toBe(401);
      } else {
        expect(refreshed.statusCode).toBe(401);
      }
    }
  });

  it("refuses another user's session with the same 404 as an unknown one, and leaves it open", async () => {
    const victim = await userWithTwoDevices();
    const attacker = await registerUser(app);
    const victimId = (await sessions(victim.laptop.access_token)).json()[0].id;
    for (const id of [
      victimId,
      victimId.toUpperCase(),
      '00000000-0000-4000-8000-000000000000',
      'not-a-uuid',
    ]) {
      const response = await endSession(attacker.access_token, id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Session not found', code: 'session_not_found' });
    }
    expect((await me(victim.laptop.access_token)).statusCode).toBe(200);
    expect((await refresh(victim.laptop.refresh_token)).statusCode).toBe(200);
  });

  it('ends the caller’s own session too, as signing out does', async () => {
    const { phone } = await userWithTwoDevices();
    const own = (await sessions(phone.access_token)).json().find((s: { current: boolean }) => s.current).id;
    expect((await endSession(phone.access_token, own.toUpperCase())).statusCode).toBe(204);
    expect((await me(phone.access_token)).statusCode).toBe(401);
    expect((await refresh(phone.refresh_token)).statusCode).toBe(401);
  });

  it('POST /auth/sessions/revoke-others ends every other session and keeps the caller’s', async () => {
    const { laptop, phone } = await userWithTwoDevices();
    const bystander = await userWithTwoDevices();
    expect((await endOthers(phone.access_token)).statusCode).toBe(204);
    expect((await refresh(laptop.refresh_token)).statusCode).toBe(401);
    expect((await me(laptop.access_token)).statusCode).toBe(401);
    const left = (await sessions(phone.access_token)).json();
    expect(left).toEqual([expect.objectContaining({ current: true, user_agent: IPHONE })]);
    expect((await refresh(phone.refresh_token)).statusCode).toBe(200);
    // Another user's sessions are untouched.
    expect((await me(bystander.laptop.access_token)).statusCode).toBe(200);
  });
});
