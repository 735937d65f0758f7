// Login costs the same whatever the email names (docs/contract.md section 3: the same 401 whether the email exists or not):
// exactly one argon2 verification, at the same parameters, and no hash. Counted, not timed, so load cannot flake it.
// Login is the one endpoint that checks a password for an account the caller names: register says openly that an
// email is taken, and the other password endpoints act on the signed-in account or the one a mailed token names.
import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { users } from '../../db/schema/users.ts';
import {
  buildTestApp,
  createTeam,
  joinTeam,
  registerUser,
  type TestApp,
  uniqueEmail,
} from '../../../test/helpers.ts';

// The real functions still run: only their calls are counted.
vi.mock(import('@node-rs/argon2'), async (importOriginal) => {
  const real = await importOriginal();
  return { ...real, hash: vi.fn(real.hash), verify: vi.fn(real.verify) };
});

let app: TestApp;
let account: Awaited<ReturnType<typeof registerUser>>;
let passwordless: { email: string };

const passwordHashOf = async (email: string) =>
  (await app.database.db.select().from(users).where(eq(users.email, email)))[0]!.passwordHash;

/** The parameters of an argon2 hash ($argon2id$v=19$m=…,t=…,p=…), which set what verifying against it costs. */
const costOf = (encoded: string) => encoded.split('$').slice(0, 4).join('$');

beforeAll(async () => {
  app = await buildTestApp();
  account = await registerUser(app);
  // Invited, as Google sign-in would create it: an account without a password hash.
  passwordless = await joinTeam(app, account, (await createTeam(app, account)).uuid, 'member');
});
afterAll(() => app.close());
beforeEach(() => vi.clearAllMocks());

describe('login spends exactly one argon2 verification, and no hash', () => {
  const cases: [string, () => { email: string; password: string }, number][] = [
    ['an unknown email', () => ({ email: uniqueEmail(), password: account.password }), 401],
    ['a known email and a wrong password', () => ({ email: account.email, password: 'wrong password' }), 401],
    ['an account without a password', () => ({ email: passwordless.email, password: account.password }), 401],
    ['the right password', () => account, 200],
  ];

  for (const [name, credentials, status] of cases) {
    it(`for ${name}`, async () => {
      const { email, password } = credentials();
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password },
      });
      expect(response.statusCode).toBe(status);
      expect(verify).toHaveBeenCalledTimes(1);
      expect(hash).not.toHaveBeenCalled();
      // Against a real hash at the stored hashes' parameters, so it costs what checking a real password costs.
      const [verified, given] = vi.mocked(verify).mock.calls[0]!;
      expect(costOf(verified as string)).toBe(costOf((await passwordHashOf(account.email))!));
      expect(given).toBe(password);
    });
  }

  it('the account without a password has none', async () => {
    expect(await passwordHashOf(passwordless.email)).toBeNull();
  });
});
