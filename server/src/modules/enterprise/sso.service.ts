// Single sign-on through a team's OpenID Connect provider (docs/contract.md section 4, Enterprise identity;
// docs/decisions/035): the team's provider, and a sign-in from POST /auth/sso/start to the exchange. An identity is
// an account by the provider's `(iss, sub)`, never by an email match; an existing verified account is linked only by
// its holder, signed in as usual.
import {
  EmailSchema,
  type Message,
  type SignInResponse,
  type SsoConnection,
  type SsoIdentity,
} from '@app/contract';

import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { InSession, MemberCaller } from '../../lib/caller.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { isSuperAdmin } from '../../lib/super-admin.ts';
import { hashToken, randomToken } from '../../lib/tokens.ts';
import { findUser, noticeToAccount } from '../auth/account-status.service.ts';
import type { AuthDeps, Client } from '../auth/auth.service.ts';
import { accountForSsoIdentity } from '../auth/credentials.service.ts';
import { signIn } from '../auth/second-factors.service.ts';
import { requireRecentSignIn } from '../auth/sessions.service.ts';
import { hasEnterpriseIdentity, requireEnterpriseIdentity } from '../billing/billing.service.ts';
import { isDirectoryPerson } from '../members/directory.service.ts';
import { joinThroughSso } from '../members/members.service.ts';
import { setTeamRules } from '../tenants/tenants.service.ts';
import { authorizationUrl, discover, newChecks, type OidcDeps, redeem } from './oidc.ts';
import { signInChange, type SignInChangeDeps } from './sign-in-change.ts';
import * as repo from './sso.repository.ts';

export type SsoDeps = SignInChangeDeps & {
  auth: AuthDeps;
  oidc: OidcDeps;
  /** Seals the teams' client secrets (SSO_ENCRYPTION_KEY). */
  secrets: SecretBox;
};

/** How long the provider may take to send the browser back. */
const ATTEMPT_TTL_MS = 10 * 60 * 1000;
/** How long /sso/complete has to exchange its code; and an existing account's holder, to sign in and link it. */
const EXCHANGE_TTL_MS = 60 * 1000;
const LINK_TTL_MS = 10 * 60 * 1000;

export const CALLBACK_PATH = '/api/auth/sso/callback';

const notFound = () => new AppError('NOT_FOUND', 'Single sign-on is not set up', 'sso_not_found');
const notSetUp = () =>
  new AppError('NOT_FOUND', 'Single sign-on is not set up for this domain', 'sso_not_set_up');
const codeInvalid = () =>
  new AppError('BAD_REQUEST', 'This sign-in has expired. Sign in with SSO again.', 'sso_code_invalid');
const providerUnavailable = () =>
  new AppError(
    'UNAVAILABLE',
    "Your team's sign-in provider could not be reached. Try again in a moment.",
    'unavailable',
    {
      reason: 'identity_provider',
    },
  );

/** The part of an address after its last `@`, in lower case: what a verified domain is compared with. */
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

async function toConnection(deps: SsoDeps, row: repo.ConnectionRow): Promise<SsoConnection> {
  return {
    issuer: row.issuer,
    client_id: row.clientId,
    redirect_uri: `${deps.appUrl}${CALLBACK_PATH}`,
    // The plan was checked by the caller: people sign in through it once a domain is verified.
    enabled: await repo.hasVerifiedDomain(deps.db, row.tenantId),
  };
}

export async function getSso(deps: SsoDeps, caller: MemberCaller): Promise<SsoConnection> {
  await requireEnterpriseIdentity(deps.db, caller.tenantId);
  const row = await repo.findConnection(deps.db, caller.tenantId);
  if (!row) throw notFound();
  return toConnection(deps, row);
}

/**
 * Saves the team's provider once its discovery document reads and names exactly this issuer. The plan is checked
 * before anything is fetched for a team.
 */
export async function saveSso(
  deps: SsoDeps,
  caller: MemberCaller,
  body: { issuer: string; client_id: string; client_secret: string },
): Promise<SsoConnection> {
  await requireEnterpriseIdentity(deps.db, caller.tenantId);
  const provider = { issuer: body.issuer, clientId: body.client_id, clientSecret: body.client_secret };
  await discover(deps.oidc, provider);
  const row = await signInChange(deps, caller, { action: 'sso.updated', target: body.issuer }, (scoped) =>
    repo.saveConnection(scoped, {
      tenantId: caller.tenantId,
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: deps.secrets.seal(provider.clientSecret),
      createdBy: caller.userId,
      updatedAt: deps.oidc.clock.now(),
    }),
  );
  return toConnection(deps, row);
}

export async function removeSso(deps: SsoDeps, caller: MemberCaller): Promise<void> {
  await requireEnterpriseIdentity(deps.db, caller.tenantId);
  const current = await repo.findConnection(deps.db, caller.tenantId);
  if (!current) throw notFound();
  await signInChange(deps, caller, { action: 'sso.removed', target: current.issuer }, async (scoped) => {
    if (!(await repo.deleteConnection(scoped, caller.tenantId))) throw notFound();
    // What require_sso stands on is gone (team-rules.service.ts turns it off too when it sees so).
    await setTeamRules(scoped, caller.tenantId, { requireSso: false });
  });
}

/** The provider as saved, its secret opened and its discovery read; 503 when either fails (a changed key, a provider down). */
async function readyProvider(deps: SsoDeps, connection: repo.ConnectionRow) {
  const clientSecret = deps.secrets.open(connection.clientSecret);
  if (clientSecret === null) throw providerUnavailable();
  try {
    return await discover(deps.oidc, {
      issuer: connection.issuer,
      clientId: connection.clientId,
      clientSecret,
    });
  } catch {
    throw providerUnavailable();
  }
}

/**
 * Begins a sign-in for an address whose domain a team with single sign-on verified: the attempt's row (state, nonce,
 * PKCE verifier, the provider pinned) and the provider's URL. `handle` goes in the browser's cookie.
 */
export async function startSso(
  deps: SsoDeps,
  email: string,
): Promise<{ redirectUrl: string; handle: string }> {
  const connection = await repo.findConnectionForDomain(deps.db, domainOf(email));
  if (!connection || !(await hasEnterpriseIdentity(deps.db, connection.tenantId))) throw notSetUp();
  const config = await readyProvider(deps, connection);
  const checks = newChecks();
  const handle = randomToken();
  await repo.insertAttempt(deps.db, {
    handleHash: hashToken(handle),
    ...checks,
    tenantId: connection.tenantId,
    issuer: connection.issuer,
    clientId: connection.clientId,
    expiresAt: new Date(deps.oidc.clock.now().getTime() + ATTEMPT_TTL_MS),
  });
  const redirectUrl = await authorizationUrl(config, {
    redirectUri: `${deps.appUrl}${CALLBACK_PATH}`,
    ...checks,
    loginHint: email,
  });
  return { redirectUrl, handle };
}

/** Why a callback failed: logged, never shown (the browser gets one fixed message). */
class SsoRefused extends Error {}

/**
 * The provider's answer, in the browser whose cookie holds `handle`: the state spent, the code redeemed, the ID token
 * checked, then the account found or made, in one transaction that a refusal rolls back whole. The one-time code
 * /sso/complete exchanges; throws for every failure (the caller redirects to /login?error=sso).
 */
export async function completeSsoCallback(
  deps: SsoDeps,
  { handle, query }: { handle: string | undefined; query: URLSearchParams },
  client: Client,
): Promise<string> {
  const state = query.get('state');
  if (!handle || !state) throw new SsoRefused('no attempt cookie or no state');
  const now = deps.oidc.clock.now();
  const attempt = await repo.spendAttempt(deps.db, { handleHash: hashToken(handle), state, now });
  if (!attempt) throw new SsoRefused('unknown, spent or expired state, or another browser');
  const connection = await repo.findConnection(deps.db, attempt.tenantId);
  if (connection?.issuer !== attempt.issuer || connection.clientId !== attempt.clientId) {
    throw new SsoRefused('the team changed or removed its provider meanwhile');
  }
  if (!(await hasEnterpriseIdentity(deps.db, attempt.tenantId))) throw new SsoRefused('no Business plan');
  const config = await readyProvider(deps, connection);
  const claims = await redeem(config, new URL(`${deps.appUrl}${CALLBACK_PATH}?${query}`), attempt);
  if (claims.iss !== attempt.issuer) throw new SsoRefused('another issuer');
  // The address from the email claim alone, on one of this team's verified domains, not unverified by the provider.
  const parsed = EmailSchema.safeParse(claims.email);
  if (!parsed.success) throw new SsoRefused('no email claim, or not an address');
  const email = parsed.data;
  if (claims.email_verified === false) throw new SsoRefused('email_verified is false');
  if (!(await repo.isVerifiedDomainOf(deps.db, attempt.tenantId, domainOf(email)))) {
    throw new SsoRefused("the email is not on the team's verified domains");
  }
  const code = randomToken();
  await deps.db.transaction(async (tx) => {
    const linked = await repo.findIdentity(tx, attempt.issuer, claims.sub);
    let user = linked && (await findUser(tx, linked.userId));
    let linkRequired = false;
    if (!user) {
      ({ user, linkRequired } = await accountForSsoIdentity(deps.auth, tx, email, client.locale));
      // The person this team's directory provisioned signs in through its provider from the first time.
      if (linkRequired && (await isDirectoryPerson(deps.auth, tx, attempt.tenantId, user)))
        linkRequired = false;
      const linked =
        linkRequired ||
        (await repo.insertIdentity(tx, {
          issuer: attempt.issuer,
          subject: claims.sub,
          userId: user.uuid,
          tenantId: attempt.tenantId,
        }));
      // Another callback of this identity linked it meanwhile (to this address's account, or another's).
      if (!linked) throw new SsoRefused('the identity was linked meanwhile');
    }
    refuseOperatorsAndSuspended(deps, user);
    if (!linkRequired) await joinThroughSso(tx, attempt.tenantId, user, now);
    await repo.recordOutcome(tx, attempt.id, {
      codeHash: hashToken(code),
      userId: user.uuid,
      subject: claims.sub,
      outcome: linkRequired ? 'link' : 'sign_in',
      codeExpiresAt: new Date(now.getTime() + (linkRequired ? LINK_TTL_MS : EXCHANGE_TTL_MS)),
    });
  });
  return code;
}

/** Super admins (listed or promoted) and suspended accounts never sign in through a team's provider. */
function refuseOperatorsAndSuspended(deps: SsoDeps, user: NonNullable<Awaited<ReturnType<typeof findUser>>>) {
  if (isSuperAdmin(user, deps.auth.superAdminEmails)) throw new SsoRefused('a super admin');
  if (user.suspendedAt) throw new SsoRefused('a suspended account');
}

/**
 * The exchange /sso/complete makes, in the browser of the attempt: its one-time code for a session through the
 * team's single sign-on (or the second step, with TOTP on); 409 sso_link_required for an existing account.
 */
export async function exchangeSsoCode(
  deps: SsoDeps,
  { handle, code }: { handle: string | undefined; code: string },
  client: Client,
): Promise<SignInResponse> {
  const attempt = await liveCode(deps, handle, code);
  if (attempt.outcome === 'link') {
    throw new AppError('TAKEN', 'Sign in to link this account', 'sso_link_required');
  }
  return deps.db.transaction(async (tx) => {
    const user = await spend(deps, tx, attempt);
    return signIn(deps.auth, tx, user, client, { ssoTenantId: attempt.tenantId });
  });
}

/**
 * Links the provider's identity of an sso_link_required answer to the signed-in account it named, from a recent
 * sign-in in the attempt's browser; the person joins the team as a first sign-in would, and is mailed a notice.
 */
export async function linkSsoIdentity(
  deps: SsoDeps,
  caller: InSession,
  { handle, code }: { handle: string | undefined; code: string },
): Promise<Message> {
  await requireRecentSignIn(deps.auth, caller);
  const attempt = await liveCode(deps, handle, code);
  if (attempt.outcome !== 'link' || attempt.userId !== caller.userId) throw codeInvalid();
  await deps.db.transaction(async (tx) => {
    const user = await spend(deps, tx, attempt);
    const linked = await repo.insertIdentity(tx, {
      issuer: attempt.issuer,
      subject: attempt.subject!,
      userId: user.uuid,
      tenantId: attempt.tenantId,
    });
    if (!linked) throw codeInvalid();
    await joinThroughSso(tx, attempt.tenantId, user, deps.oidc.clock.now());
    await noticeToAccount(deps.auth, tx, user.uuid, 'single sign-on linked');
  });
  deps.mailQueued();
  return { message: 'Single sign-on linked' };
}

/** The providers' identities linked to the caller's account (Settings shows them). */
export async function listSsoIdentities(deps: SsoDeps, { userId }: InSession): Promise<SsoIdentity[]> {
  return (await repo.findIdentitiesOf(deps.db, userId)).map(({ issuer, team, linkedAt }) => ({
    issuer,
    team,
    linked_at: linkedAt,
  }));
}

async function liveCode(deps: SsoDeps, handle: string | undefined, code: string) {
  if (!handle) throw codeInvalid();
  const attempt = await repo.findLiveCode(deps.db, {
    codeHash: hashToken(code),
    handleHash: hashToken(handle),
    now: deps.oidc.clock.now(),
  });
  if (!attempt?.userId) throw codeInvalid();
  return attempt;
}

/** Spends the code (once, of two racing) and reads its account as it is now: promoted or suspended since, refused. */
async function spend(deps: SsoDeps, tx: Db, attempt: repo.AttemptRow) {
  if (!(await repo.spendCode(tx, attempt.id, deps.oidc.clock.now()))) throw codeInvalid();
  const user = await findUser(tx, attempt.userId!);
  if (!user) throw codeInvalid();
  try {
    refuseOperatorsAndSuspended(deps, user);
  } catch {
    throw codeInvalid();
  }
  return user;
}

/** The daily clean-up's part here: attempts a day past their expiry; how many. */
export async function deleteOldSsoAttempts(db: Db, now: Date): Promise<number> {
  return repo.deleteOldAttempts(db, new Date(now.getTime() - 24 * 60 * 60 * 1000));
}
