// A team's verified domains (docs/contract.md section 4, Enterprise identity): added, proved through a DNS TXT record,
// removed. "On a verified domain" is what single sign-on and SCIM later trust, so a domain is the team's only once its
// record is seen, one team at most holds it verified, and no one holds a public mail domain.
import { NODATA as NO_DATA, NOTFOUND as NOT_FOUND, Resolver } from 'node:dns/promises';

import { DOMAIN_CHALLENGE_LABEL, type Domain, isUuid, MAX_TEAM_DOMAINS } from '@app/contract';

import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { withTenantScope } from '../../db/tenant-scope.ts';
import { AppError } from '../../lib/app-error.ts';
import type { MemberCaller } from '../../lib/caller.ts';
import { type Clock, DAY_MS } from '../../lib/clock.ts';
import { randomToken } from '../../lib/tokens.ts';
import { requireEnterpriseIdentity } from '../billing/billing.service.ts';
import * as repo from './domains.repository.ts';
import { signInChange, type SignInChangeDeps } from './sign-in-change.ts';

export type DomainsDeps = SignInChangeDeps & { clock: Clock; lookupTxt: TxtLookup };

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

/** The TXT records at a name, each joined from its strings; none when the name or its records do not exist. */
export type TxtLookup = (name: string) => Promise<string[]>;

const LOOKUP_TIMEOUT_MS = 5_000;

/** Lookups through DNS_SERVERS, or the system's resolvers: 5 s and one try each. */
export function domainLookup(dnsServers: string[] | undefined): TxtLookup {
  const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 1 });
  if (dnsServers) resolver.setServers(dnsServers);
  return async (name) => {
    try {
      return (await resolver.resolveTxt(name)).map((strings) => strings.join(''));
    } catch (error) {
      // No such name, or no TXT records at it: the record is not there. Anything else (a timeout, a refusal, a
      // failing server) says nothing about the record.
      const code = (error as { code?: unknown }).code;
      if (code === NOT_FOUND || code === NO_DATA) return [];
      throw new AppError('UNAVAILABLE', 'DNS could not be asked. Try again in a moment.', 'unavailable', {
        reason: 'dns',
      });
    }
  };
}

/** How long a verified domain's record may be missing before the domain is the team's no more. */
const MISSING_FOR_MS = 7 * DAY_MS;
const RECHECK_BATCH = 100;

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
  const row = await signInChange(
    deps,
    caller,
    { action: 'domain.added', target: domain, check: notTakenBy(caller, domain) },
    async (tx) => {
      if (PUBLIC_MAIL_DOMAINS.has(domain)) {
        throw new AppError('BAD_REQUEST', 'Public mail domains cannot be added', 'public_mail_domain');
      }
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
    },
  );
  return toDomain(row);
}

/**
 * Looks the domain's record up and, when it holds the row's value, verifies it; a domain verified already is
 * answered as it is. Another team's verification wins the race at the verified index. `countLookup` counts a lookup
 * against the domain's limit (or refuses it): by the team and the domain's name, which no spelling of its id and no
 * new row for it escapes.
 */
export async function verifyDomain(
  deps: DomainsDeps,
  caller: MemberCaller,
  id: string,
  countLookup: (domain: string) => Promise<void>,
): Promise<Domain> {
  const row = await findOwn(deps.db, caller, id);
  if (row.verifiedAt) return toDomain(row);
  await countLookup(row.domain);
  const records = await deps.lookupTxt(`${DOMAIN_CHALLENGE_LABEL}.${row.domain}`);
  if (!records.includes(row.txtValue)) {
    throw new AppError('BAD_REQUEST', 'TXT record not found', 'txt_record_not_found');
  }
  try {
    const verified = await signInChange(
      deps,
      caller,
      { action: 'domain.verified', target: row.domain, check: notTakenBy(caller, row.domain) },
      async (tx) => {
        const current = await repo.findDomain(tx, caller.tenantId, id);
        if (!current) throw notFound();
        return current.verifiedAt ? current : repo.markVerified(tx, caller.tenantId, id, deps.clock.now());
      },
    );
    return toDomain(verified);
  } catch (error) {
    if (isUniqueViolation(error)) throw domainTaken();
    throw error;
  }
}

export async function removeDomain(deps: DomainsDeps, caller: MemberCaller, id: string): Promise<void> {
  const row = await findOwn(deps.db, caller, id);
  await signInChange(deps, caller, { action: 'domain.removed', target: row.domain }, async (tx) => {
    const removed = await repo.deleteDomain(tx, caller.tenantId, id);
    if (!removed) throw notFound();
    return removed;
  });
}

/**
 * The team's domain of that id, whether or not verified; 404 for any other id, another team's included. The plan
 * first: without it, nothing else is answered.
 */
async function findOwn(db: Db, caller: MemberCaller, id: string): Promise<repo.DomainRow> {
  if (!isUuid(id)) throw notFound();
  const row = await withTenantScope(db, caller.tenantId, async (tx) => {
    await requireEnterpriseIdentity(tx, caller.tenantId);
    return repo.findDomain(tx, caller.tenantId, id);
  });
  if (!row) throw notFound();
  return row;
}

const domainTaken = () => new AppError('TAKEN', 'Another team has verified this domain', 'domain_taken');

/**
 * The check of an add or a verify, in its transaction after the plan's: no other team has verified the domain.
 * (Verify and Remove check the plan once before, in findOwn, so that nothing is looked up for a team without it.)
 */
const notTakenBy = (caller: MemberCaller, domain: string) => async (tx: Db) => {
  if (await repo.isVerifiedElsewhere(tx, caller.tenantId, domain)) throw domainTaken();
};

/**
 * The daily check of every verified domain (maintenance's daily run), as the app's role across teams: a record found
 * clears a domain's missing mark; one missing for 7 days in a row unverifies the domain, which is then free for
 * another team. An aborted `signal` (the process is stopping) ends it between lookups; tomorrow's run goes on.
 */
export async function recheckDomains(
  { db, clock, lookupTxt }: Pick<DomainsDeps, 'db' | 'clock' | 'lookupTxt'>,
  signal?: AbortSignal,
): Promise<{ checked: number; unverified: number }> {
  let checked = 0;
  let unverified = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  while (!signal?.aborted) {
    const batch = await repo.findVerifiedAfter(db, after, RECHECK_BATCH);
    if (batch.length === 0) break;
    for (const row of batch) {
      if (signal?.aborted) break;
      after = row.id;
      checked += 1;
      let records: string[];
      try {
        records = await lookupTxt(`${DOMAIN_CHALLENGE_LABEL}.${row.domain}`);
      } catch {
        // DNS did not answer: that says nothing about the record, so its mark stays as it is until tomorrow's run.
        continue;
      }
      const found = records.includes(row.txtValue);
      const now = clock.now();
      if (found) {
        if (row.missingSince) await repo.setMissingSince(db, row.id, null);
      } else if (!row.missingSince) {
        await repo.setMissingSince(db, row.id, now);
      } else if (now.getTime() - row.missingSince.getTime() >= MISSING_FOR_MS) {
        if (await repo.unverify(db, row.id, row.missingSince)) unverified += 1;
      }
    }
  }
  return { checked, unverified };
}
