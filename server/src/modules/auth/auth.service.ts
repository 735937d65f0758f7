// The auth module's context: what each of its services (sessions, credentials, second factors, account status)
// takes first, built once per app by the auth plugin (auth.plugin.ts). Other modules reach auth through these
// services.
import type { Locale } from '@app/contract/constants';

import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AccessTokens } from '../../lib/tokens.ts';
import type { FactorStore, TeamCredentialStore } from './credential-lifecycle.service.ts';
import type { GoogleIdTokens } from './google-id-tokens.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

/** The browser and address a session is issued to (GET /auth/sessions shows them). */
/** Who asks for a session: their browser, address, and the language a new account of theirs starts in. */
export type Client = { userAgent: string | null; ip: string | null; locale: Locale };

export type AuthDeps = {
  db: Db;
  clock: Clock;
  accessTokens: AccessTokens;
  appUrl: string;
  superAdminEmails: string[];
  /** Null when GOOGLE_CLIENT_ID is not set: Google sign-in does not exist then. */
  google: GoogleIdTokens | null;
  /** Called after a transaction that queued mail has committed, so the worker sends it now. */
  mailQueued: () => void;
  /** Seals and opens the TOTP secrets stored on accounts. */
  totpSecrets: SecretBox;
  /** The account's factors kept by other modules (passkeys), removed when the account is reclaimed. */
  factorStores: FactorStore[];
  /** What the account made for its teams (members module): retired by the credential events that say so. */
  teamCredentialStores: TeamCredentialStore[];
};
