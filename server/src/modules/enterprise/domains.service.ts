// A team's verified domains (docs/contract.md section 4, Enterprise identity): added, proved through a DNS TXT record,
// removed. "On a verified domain" is what single sign-on and SCIM later trust, so a domain is the team's only once its
// record is seen, one team at most holds it verified, and no one holds a public mail domain.
import { DOMAIN_CHALLENGE_LABEL, type Domain, isUuid, MAX_TEAM_DOMAINS } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { withTenantScope, withTenantStatement } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberCaller } from '../../lib/caller.ts';
import type { Clock } from '../../lib/clock.ts';
import { randomToken } from '../../lib/tokens.ts';
import { recordActivity } from '../activity/activity.service.ts';
import { requireEnterpriseIdentity } from '../billing/billing.service.ts';
import { queueTeamSignInNotice, type TeamSignInChange } from '../mail/mail.service.ts';
import { lockTeam } from '../tenants/tenants.service.ts';
import type { TxtLookup } from './dns.ts';
import * as repo from './domains.repository.ts';

export type DomainsDeps = {
  db: Db;
  clock: Clock;
  appUrl: string;
  lookupTxt: TxtLookup;
  /** Called after a transaction that queued mail has committed, so the worker sends it now. */
  mailQueued: () => void;
};

/**
 * Mail domains anyone can have an address at: a team that verified one would take in every account there. The big
 * providers' own; a domain of a smaller one is refused by its holder never publishing our record for a team.
 */
const PUBLIC_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  't-online.de',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'zoho.com',
  'fastmail.com',
  'hey.com',
  'tutanota.com',
  'qq.com',
  '163.com',
]);

const notFound = () => new AppError('NOT_FOUND', 'Domain not found', 'domain_not_found');

const toDomain = (row: repo.DomainRow): Domain => ({
  id: row.id,
  domain: row.domain,
  verified: row.verifiedAt !== null,
  txt_name: `${DOMAIN_CHALLENGE_LABEL}.${row.domain}`,
  txt_value: row.txtValue,
});

export async function listDomains(db: Db, caller: MemberCaller): Promise<Domain[]> {
  const rows = await withTenantScope(db, caller.tenantId, async (tx) => {
    await requireEnterpriseIdentity(tx, caller.tenantId);
    return repo.findDomains(tx, caller.tenantId);
  });
  return rows.map(toDomain);
}

export async function addDomain(
  deps: DomainsDeps,
  caller: MemberCaller,
  { domain }: { domain: string },
): Promise<Domain> {
  if (PUBLIC_MAIL_DOMAINS.has(domain)) {
    throw new AppError('BAD_REQUEST', 'Public mail domains cannot be added', 'public_mail_domain');
  }
  const row = await signInChange(deps, caller, 'domain.added', domain, async (tx) => {
    if ((await repo.countDomains(tx, caller.tenantId)) >= MAX_TEAM_DOMAINS) {
      throw new AppError(
        'BAD_REQUEST',
        `A team can have at most ${MAX_TEAM_DOMAINS} domains. Remove one to add another.`,
        'domain_limit',
        { count: MAX_TEAM_DOMAINS },
      );
    }
    const added = await repo.insertDomain(tx, {
      tenantId: caller.tenantId,
      domain,
      txtValue: `tessera-verification=${randomToken()}`,
      createdBy: caller.userId,
    });
    if (!added) throw new AppError('BAD_REQUEST', 'This domain has been added already', 'domain_exists');
    return added;
  });
  return toDomain(row);
}

/**
 * Looks the domain's record up and, when it holds the row's value, verifies it; a domain verified already is
 * answered as it is. Another team's verification wins the race at the verified index.
 */
export async function verifyDomain(deps: DomainsDeps, caller: MemberCaller, id: string): Promise<Domain> {
  const row = await findOwn(deps.db, caller, id);
  if (row.verifiedAt) return toDomain(row);
  const records = await deps.lookupTxt(`${DOMAIN_CHALLENGE_LABEL}.${row.domain}`);
  if (!records.includes(row.txtValue)) {
    throw new AppError('BAD_REQUEST', 'TXT record not found', 'txt_record_not_found');
  }
  try {
    const verified = await signInChange(deps, caller, 'domain.verified', row.domain, async (tx) => {
      const current = await repo.findDomain(tx, caller.tenantId, id);
      if (!current) throw notFound();
      return current.verifiedAt ? current : repo.markVerified(tx, caller.tenantId, id, deps.clock.now());
    });
    return toDomain(verified);
  } catch (error) {
    if (isUniqueViolation(error)) throw domainTaken();
    throw error;
  }
}

export async function removeDomain(deps: DomainsDeps, caller: MemberCaller, id: string): Promise<void> {
  const row = await findOwn(deps.db, caller, id);
  await signInChange(deps, caller, 'domain.removed', row.domain, async (tx) => {
    const removed = await repo.deleteDomain(tx, caller.tenantId, id);
    if (!removed) throw notFound();
    return removed;
  });
}

/** The team's domain of that id, whether or not verified; 404 for any other id, another team's included. */
async function findOwn(db: Db, caller: MemberCaller, id: string): Promise<repo.DomainRow> {
  if (!isUuid(id)) throw notFound();
  const row = await withTenantStatement(db, caller.tenantId, (tx) =>
    repo.findDomain(tx, caller.tenantId, id),
  );
  if (!row) throw notFound();
  return row;
}

const domainTaken = () => new AppError('TAKEN', 'Another team has verified this domain', 'domain_taken');

/**
 * One change of how the team signs in, in one transaction: refused without the Business plan, or when another team
 * verified the domain (asked as the app's role), the owner's notice queued, then `change` in the team's scope under its lock, with its activity
 * entry. A refusal anywhere rolls the notice back with the rest.
 */
async function signInChange(
  deps: DomainsDeps,
  caller: MemberCaller,
  action: TeamSignInChange,
  domain: string,
  change: (tx: Db) => Promise<repo.DomainRow>,
): Promise<repo.DomainRow> {
  const row = await deps.db.transaction(async (tx) => {
    // The plan first: a team without it learns nothing of other teams' domains.
    await requireEnterpriseIdentity(tx, caller.tenantId);
    if (action !== 'domain.removed' && (await repo.isVerifiedElsewhere(tx, caller.tenantId, domain))) {
      throw domainTaken();
    }
    const owner = await repo.findOwner(tx, caller.tenantId);
    if (!owner) throw new AppError('NOT_FOUND', 'Team not found', 'team_not_found');
    await queueTeamSignInNotice(tx, {
      to: owner.email,
      locale: owner.locale,
      appUrl: deps.appUrl,
      team: owner.team,
      actor: (await repo.findEmail(tx, caller.userId)) ?? '',
      change: action,
      target: domain,
    });
    return withTenantScope(tx, caller.tenantId, async (scoped) => {
      await lockTeam(scoped, caller.tenantId);
      const changed = await change(scoped);
      await recordActivity(scoped, {
        tenantId: caller.tenantId,
        actorId: caller.userId,
        action,
        details: { name: domain },
      });
      return changed;
    });
  });
  deps.mailQueued();
  return row;
}
