// argon2id with the library's defaults (OWASP parameters: ~8-10 ms per hash here).
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

// Made when the module loads, so even the first unknown-email login costs one verification, not a hash too.
const dummyHash = hash('no account has this password');

/**
 * Spends one verification on a hash that matches nothing, so a login for an unknown email (or an account
 * without a password) takes as long as one with a wrong password and does not reveal which emails exist.
 */
export async function spendOneVerification(password: string): Promise<void> {
  await verify(await dummyHash, password).catch(() => false);
}
