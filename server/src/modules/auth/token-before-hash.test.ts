// Reset-confirm and invitation set-password check the token before hashing the new password (docs/contract.md section 4):
// guessing tokens must not buy an attacker an argon2 hash (~10 ms of CPU) per request.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import {
  buildTestApp,
  createTeam,
  mailedInvitation,
  latestMailTo,
  registerUser,
  type TestApp,
  uniqueEmail,
} from '../../../test/helpers.ts';
import type * as passwords from '../../lib/passwords.ts';
import { hashPassword } from '../../lib/passwords.ts';

vi.mock('../../lib/passwords.ts', async (original) => {
  const actual = await original<typeof passwords>();
  return { ...actual, hashPassword: vi.fn(actual.hashPassword) };
});

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

const hashes = vi.mocked(hashPassword);

describe('a guessed token costs no password hash', () => {
  it('on reset-password/confirm, while a real link hashes once', async () => {
    const { email } = await registerUser(app);
    await app.inject({ method: 'POST', url: '/api/auth/reset-password/request', payload: { email } });
    const { token } = await latestMailTo(app, email);
    hashes.mockClear();
    const guessed = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/confirm',
      payload: { token: 'a-guessed-token', new_password: 'guessing costs nothing' },
    });
    expect(guessed.statusCode).toBe(400);
    expect(hashes).not.toHaveBeenCalled();
    const real = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/confirm',
      payload: { token, new_password: 'the real new password' },
    });
    expect(real.statusCode).toBe(200);
    expect(hashes).toHaveBeenCalledTimes(1);
  });

  it('on invitations/{token}/set-password, while a real link hashes once', async () => {
    const owner = await registerUser(app);
    const team = await createTeam(app, owner);
    const token = await mailedInvitation(app, owner, team.uuid, uniqueEmail());
    await app.inject({ url: `/api/invitations/${token}/accept` });
    hashes.mockClear();
    const guessed = await app.inject({
      method: 'POST',
      url: '/api/invitations/a-guessed-token/set-password',
      payload: { password: 'guessing costs nothing' },
    });
    expect(guessed.statusCode).toBe(400);
    expect(hashes).not.toHaveBeenCalled();
    const real = await app.inject({
      method: 'POST',
      url: `/api/invitations/${token}/set-password`,
      payload: { password: 'the real new password' },
    });
    expect(real.statusCode).toBe(200);
    expect(hashes).toHaveBeenCalledTimes(1);
  });
});
