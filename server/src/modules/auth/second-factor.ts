// The mechanics of the second factor: TOTP codes (RFC 6238: SHA-1, 6 digits, 30-second steps) and recovery codes.
// The rules (who may use them, replay, attempts) are in auth.service.ts.
import { randomInt } from 'node:crypto';

import { Secret, TOTP } from 'otpauth';

import { hashToken } from '../../lib/tokens.ts';

const PERIOD_SECONDS = 30;
/** A code of the step before or after the current one is accepted too: a phone's clock may be a little off. */
const WINDOW = 1;

function totp(secret: string, email: string) {
  return new TOTP({
    issuer: 'Tessera',
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret (160 bits, RFC 4226's recommendation) and the otpauth:// URL an authenticator app scans. */
export function newTotpSecret(email: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totp(secret, email).toString() };
}

/** The time step a six-digit code belongs to, if it is valid now (within the window); null otherwise. */
export function totpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const timestamp = now.getTime();
  const delta = totp(secret, '').validate({ token: code, timestamp, window: WINDOW });
  return delta === null ? null : TOTP.counter({ period: PERIOD_SECONDS, timestamp }) + delta;
}

/** The code of a time: what an authenticator app shows (tests use it as the app). */
export function totpCodeAt(secret: string, at: Date): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    period: PERIOD_SECONDS,
    timestamp: at.getTime(),
  });
}

/** Without 0/o, 1/l/i: a recovery code is read off paper. 31 letters, 10 of them: about 50 bits. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

/** Ten recovery codes as the user sees them: `xxxxx-xxxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${letters.slice(0, 5).join('')}-${letters.slice(5).join('')}`;
  });
}

/** How a code is typed does not matter: case, spaces and dashes are ignored. */
export function normalizeCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** Recovery codes are stored as the hash of their normalized form. */
export const hashRecoveryCode = (code: string) => hashToken(normalizeCode(code));
