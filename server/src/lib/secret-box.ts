// Sealing secrets kept in the database (docs/decisions/034 for SSO's).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets the app must read back (TOTP secrets, SSO client secrets) are stored sealed: AES-256-GCM under a key derived
 * from a server secret and the purpose, so a copy of the database alone (a backup, a read-only injection) gives none
 * away, and a secret sealed for one purpose opens for no other. A changed server secret makes sealed secrets
 * unreadable: TOTP's holders sign in with a recovery code and set it up again; a team saves its SSO secret again.
 */
export type SecretBox = { seal(secret: string): string; open(sealed: string): string | null };

export function createSecretBox(
  serverSecret: string,
  purpose: 'totp secret' | 'sso client secret',
): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'tessera', purpose, 32));
  return {
    seal(secret) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
    },
    open(sealed) {
      const bytes = Buffer.from(sealed.slice('v1.'.length), 'base64url');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12), { authTagLength: 16 });
        decipher.setAuthTag(bytes.subarray(12, 28));
        return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
