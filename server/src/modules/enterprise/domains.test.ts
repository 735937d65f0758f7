// Verified domains (docs/contract.md section 4, Enterprise identity), through the API, against a DNS server on a local
// port (test/dns-stand-in.ts): a domain is a team's once its TXT record holds the value shown to that team, one team
// at most holds it, and every change needs the Business plan, a recent sign-in, mails the owner and is logged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { activityLog } from '../../db/schema/activity-log.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { teamDomains } from '../../db/schema/domains.ts';
import { startDnsStandIn } from '../../../test/dns-stand-in.ts';
import { domainLookup, recheckDomains } from './domains.service.ts';
import {
  buildTestApp,
  createTeam,
  inTenant,
  joinTeam,
  latestMailTo,
  registerVerifiedUser,
  TestClock,
  testConfig,
  type TestApp,
} from '../../../test/helpers.ts';
import { subscribeLocally } from '../../../test/local-billing.ts';
import { eq } from 'drizzle-orm';

let dns: Awaited<ReturnType<typeof startDnsStandIn>>;
let app: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  dns = await startDnsStandIn();
  app = await buildTestApp({ clock, config: testConfig({ DNS_SERVERS: dns.address }) });
});
afterAll(async () => {
  await app.close();
  await dns.close();
});

type Owner = Awaited<ReturnType<typeof registerVerifiedUser>>;

/** A team of a new owner, on the Business plan unless `plan` says otherwise. */
async function newTeam(plan: 'business' | 'free' = 'business') {
  const owner = await registerVerifiedUser(app);
  const { uuid } = await createTeam(app, owner, `Team ${owner.email}`);
  if (plan === 'business') await subscribeLocally(app, owner, uuid, 'business');
  return { owner, uuid };
}

const call = (
  who: { access_token: string },
  team: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) =>
  app.inject({
    method,
    url: `/api${url}`,
    headers: inTenant(who.access_token, team),
    ...(payload ? { payload } : {}),
  });

const domainsOf = async (team: string) =>
  app.database.db.select().from(teamDomains).where(eq(teamDomains.tenantId, team));

const actionsOf = async (team: string) =>
  (await app.database.db.select().from(activityLog).where(eq(activityLog.tenantId, team))).map(
    (e) => e.action,
  );

let counter = 0;
const freshDomain = () => `corp-${Date.now().toString(36)}-${counter++}.example.org`;

describe('adding a domain', () => {
  it('answers the record to publish, keeps the name in lower case, logs it and mails the owner', async () => {
    const { owner, uuid } = await newTeam();
    const domain = freshDomain();
    const added = await call(owner, uuid, 'POST', '/domains', { domain: `  ${domain.toUpperCase()}. ` });
    expect(added.statusCode, added.body).toBe(201);
    const body = added.json();
    expect(body).toEqual({
      id: expect.any(String),
      domain,
      verified: false,
      txt_name: `_tessera-challenge.${domain}`,
      txt_value: expect.stringMatching(/^tessera-verification=[\w-]{20,}$/),
    });
    expect((await call(owner, uuid, 'GET', '/domains')).json()).toEqual([body]);
    expect(await actionsOf(uuid)).toContain('domain.added');
    const mail = await latestMailTo(app, owner.email);
    expect(mail.subject).toContain('How members sign in to');
    expect(mail.text).toContain(`A domain was added (${domain})`);
  });

  it('refuses a team without the Business plan (402), and changes nothing', async () => {
    const { owner, uuid } = await newTeam('free');
    for (const method of ['POST', 'GET'] as const) {
      const body = method === 'POST' ? { domain: freshDomain() } : undefined;
      const refused = await call(owner, uuid, method, '/domains', body);
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toMatchObject({
        detail: 'This needs the Business plan',
        code: 'business_plan_required',
      });
    }
    expect(await domainsOf(uuid)).toEqual([]);
  });

  it.each([
    ['', 422, 'validation'],
    ['not a domain', 422, 'validation'],
    ['localhost', 422, 'validation'],
    ['-bad.example.com', 422, 'validation'],
    ['example.123', 422, 'validation'],
    [`${'a'.repeat(64)}.example.com`, 422, 'validation'],
    ['gmail.com', 400, 'public_mail_domain'],
    ['Outlook.com', 400, 'public_mail_domain'],
  ])('refuses %j with %i %s, and changes nothing', async (domain, status, code) => {
    const { owner, uuid } = await newTeam();
    const refused = await call(owner, uuid, 'POST', '/domains', { domain });
    expect(refused.statusCode, refused.body).toBe(status);
    expect(refused.json().code).toBe(code);
    expect(await domainsOf(uuid)).toEqual([]);
  });

  it('refuses the same domain twice, and a 21st', async () => {
    const { owner, uuid } = await newTeam();
    const domain = freshDomain();
    expect((await call(owner, uuid, 'POST', '/domains', { domain })).statusCode).toBe(201);
    const again = await call(owner, uuid, 'POST', '/domains', { domain });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('domain_exists');
    for (let i = 1; i < 20; i++) {
      expect((await call(owner, uuid, 'POST', '/domains', { domain: freshDomain() })).statusCode).toBe(201);
    }
    const over = await call(owner, uuid, 'POST', '/domains', { domain: freshDomain() });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'domain_limit', params: { count: 20 } });
    expect(await domainsOf(uuid)).toHaveLength(20);
  });

  it('needs a sign-in from the last 15 minutes, to read as to change', async () => {
    const { owner, uuid } = await newTeam();
    clock.advance(16 * 60_000);
    // Kept alive by refreshing: the session goes on, its sign-in is not recent.
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: owner.refresh_token },
    });
    const stale = { access_token: refreshed.json().access_token as string };
    const refused = await call(stale, uuid, 'POST', '/domains', { domain: freshDomain() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('recent_sign_in_required');
    expect((await call(stale, uuid, 'GET', '/domains')).statusCode).toBe(403);
    expect(await domainsOf(uuid)).toEqual([]);
  });

  it('is refused to a member (admins and the owner only)', async () => {
    const { owner, uuid } = await newTeam();
    const member = await joinTeam(app, owner, uuid, 'member');
    expect((await call(member, uuid, 'POST', '/domains', { domain: freshDomain() })).statusCode).toBe(403);
    expect((await call(member, uuid, 'GET', '/domains')).statusCode).toBe(403);
  });
});

describe('verifying a domain through DNS', () => {
  async function added(team: { owner: Owner; uuid: string }, domain = freshDomain()) {
    const response = await call(team.owner, team.uuid, 'POST', '/domains', { domain });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; domain: string; txt_name: string; txt_value: string };
  }
  const verify = (team: { owner: Owner; uuid: string }, id: string) =>
    call(team.owner, team.uuid, 'POST', `/domains/${id}/verify`);

  it('is refused until the record holds the value, then verifies, logs and mails', async () => {
    const team = await newTeam();
    const domain = await added(team);
    const missing = await verify(team, domain.id);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ detail: 'TXT record not found', code: 'txt_record_not_found' });

    dns.publish(domain.txt_name, 'tessera-verification=something-else');
    dns.publish(`_tessera-challenge.other.${domain.domain}`, domain.txt_value);
    expect((await verify(team, domain.id)).statusCode).toBe(400);
    expect((await domainsOf(team.uuid))[0]!.verifiedAt).toBeNull();

    dns.publish(domain.txt_name, domain.txt_value);
    const verified = await verify(team, domain.id);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ id: domain.id, verified: true });
    expect(await actionsOf(team.uuid)).toContain('domain.verified');
    expect((await latestMailTo(app, team.owner.email)).text).toContain(
      `A domain was verified (${domain.domain})`,
    );
  });

  it("does not take another team's record as this team's, and keeps a verified domain to one team", async () => {
    const a = await newTeam();
    const b = await newTeam();
    const domain = freshDomain();
    const ofA = await added(a, domain);
    const ofB = await added(b, domain);
    expect(ofA.txt_value).not.toBe(ofB.txt_value);
    // Team B's record is published: team A cannot verify with it.
    dns.publish(ofB.txt_name, ofB.txt_value);
    expect((await verify(a, ofA.id)).statusCode).toBe(400);
    expect((await verify(b, ofB.id)).statusCode).toBe(200);

    // Now team A's record is there too, but the domain is team B's.
    dns.publish(ofA.txt_name, ofA.txt_value);
    const taken = await verify(a, ofA.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('domain_taken');
    const third = await newTeam();
    const addTaken = await call(third.owner, third.uuid, 'POST', '/domains', { domain });
    expect(addTaken.statusCode).toBe(409);
    expect(await domainsOf(third.uuid)).toEqual([]);
    // A team without the plan learns nothing of it.
    const free = await newTeam('free');
    expect((await call(free.owner, free.uuid, 'POST', '/domains', { domain })).statusCode).toBe(402);

    // Team B removes it: it is free for team A.
    expect((await call(b.owner, b.uuid, 'DELETE', `/domains/${ofB.id}`)).statusCode).toBe(204);
    expect(await actionsOf(b.uuid)).toContain('domain.removed');
    expect((await verify(a, ofA.id)).statusCode).toBe(200);
  });

  it("answers 404 for another team's domain, and leaves it as it was", async () => {
    const a = await newTeam();
    const b = await newTeam();
    const ofB = await added(b);
    dns.publish(ofB.txt_name, ofB.txt_value);
    expect((await verify(a, ofB.id)).statusCode).toBe(404);
    expect((await call(a.owner, a.uuid, 'DELETE', `/domains/${ofB.id}`)).statusCode).toBe(404);
    expect(await domainsOf(b.uuid)).toMatchObject([{ id: ofB.id, verifiedAt: null }]);
  });

  it('allows 10 lookups a domain an hour, however its id is spelled and however often it is added again', async () => {
    const team = await newTeam();
    const domain = await added(team);
    for (let i = 0; i < 5; i++) expect((await verify(team, domain.id)).statusCode).toBe(400);
    for (let i = 0; i < 5; i++) expect((await verify(team, domain.id.toUpperCase())).statusCode).toBe(400);
    const limited = await verify(team, domain.id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      code: 'rate_limited',
      params: { reason: 'domain_checks', count: 10 },
    });
    expect((await verify(team, domain.id.toUpperCase())).statusCode).toBe(429);
    expect((await call(team.owner, team.uuid, 'DELETE', `/domains/${domain.id}`)).statusCode).toBe(204);
    const again = await added(team, domain.domain);
    expect((await verify(team, again.id)).statusCode).toBe(429);
  });

  it('lets one of two teams verifying the same domain at once have it (200 and 409)', async () => {
    const a = await newTeam();
    const b = await newTeam();
    const name = freshDomain();
    const [ofA, ofB] = [await added(a, name), await added(b, name)];
    dns.publish(ofA.txt_name, ofA.txt_value);
    dns.publish(ofB.txt_name, ofB.txt_value);
    const answers = await Promise.all([verify(a, ofA.id), verify(b, ofB.id)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const verified = [...(await domainsOf(a.uuid)), ...(await domainsOf(b.uuid))].filter((d) => d.verifiedAt);
    expect(verified).toHaveLength(1);
  });

  it('answers 402 to a team that left the Business plan, before any lookup', async () => {
    const team = await newTeam();
    const domain = await added(team);
    await app.database.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.tenantId, team.uuid));
    dns.publish(domain.txt_name, domain.txt_value);
    expect((await verify(team, domain.id)).statusCode).toBe(402);
    expect((await call(team.owner, team.uuid, 'DELETE', `/domains/${domain.id}`)).statusCode).toBe(402);
    expect(await domainsOf(team.uuid)).toMatchObject([{ verifiedAt: null }]);
  });
});

describe('when DNS does not answer', () => {
  it('answers 503 to Verify, and the daily check leaves every domain as it was', async () => {
    const team = await newTeam();
    const response = await call(team.owner, team.uuid, 'POST', '/domains', { domain: freshDomain() });
    const domain = response.json() as { id: string; txt_name: string; txt_value: string };
    dns.publish(domain.txt_name, domain.txt_value);
    expect((await call(team.owner, team.uuid, 'POST', `/domains/${domain.id}/verify`)).statusCode).toBe(200);

    // A resolver that answers nothing: the discard port on loopback, where no DNS server listens.
    const silent = await buildTestApp({ clock, config: testConfig({ DNS_SERVERS: '127.0.0.1:9' }) });
    try {
      const owner = await registerVerifiedUser(silent);
      const { uuid } = await createTeam(silent, owner);
      await subscribeLocally(silent, owner, uuid, 'business');
      const headers = inTenant(owner.access_token, uuid);
      const added = await silent.inject({
        method: 'POST',
        url: '/api/domains',
        headers,
        payload: { domain: freshDomain() },
      });
      const refused = await silent.inject({
        method: 'POST',
        url: `/api/domains/${added.json().id}/verify`,
        headers,
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'unavailable', params: { reason: 'dns' } });
    } finally {
      await silent.close();
    }

    // The daily check through the silent resolver, 8 days on: nothing is marked, nothing unverified.
    const before = await domainsOf(team.uuid);
    clock.advance(8 * 86_400_000);
    const result = await recheckDomains({
      db: app.database.db,
      clock,
      lookupTxt: domainLookup(['127.0.0.1:9']),
    });
    expect(result.unverified).toBe(0);
    expect(await domainsOf(team.uuid)).toEqual(before);
  });
});

describe('the daily check of verified domains', () => {
  const DAY = 86_400_000;
  const recheck = () =>
    recheckDomains({ db: app.database.db, clock, lookupTxt: domainLookup([dns.address]) });

  it('unverifies a domain whose record has been missing for 7 days, which another team may then verify', async () => {
    const a = await newTeam();
    const domain = freshDomain();
    const ofA = (await call(a.owner, a.uuid, 'POST', '/domains', { domain })).json();
    dns.publish(ofA.txt_name, ofA.txt_value);
    expect((await call(a.owner, a.uuid, 'POST', `/domains/${ofA.id}/verify`)).statusCode).toBe(200);
    const verifiedOfA = async () => (await domainsOf(a.uuid))[0]!;

    // Found: nothing changes.
    expect((await recheck()).unverified).toBe(0);
    expect(await verifiedOfA()).toMatchObject({ missingSince: null, verifiedAt: expect.any(Date) });

    // Missing for a day, then back: the mark goes.
    dns.withdraw(ofA.txt_name);
    await recheck();
    expect((await verifiedOfA()).missingSince).toEqual(clock.now());
    clock.advance(DAY);
    dns.publish(ofA.txt_name, ofA.txt_value);
    await recheck();
    expect(await verifiedOfA()).toMatchObject({ missingSince: null, verifiedAt: expect.any(Date) });

    // Missing 6 days: still the team's; the 7th day: no more.
    dns.withdraw(ofA.txt_name);
    await recheck();
    clock.advance(6 * DAY);
    await recheck();
    expect((await verifiedOfA()).verifiedAt).not.toBeNull();
    clock.advance(DAY);
    expect((await recheck()).unverified).toBeGreaterThanOrEqual(1);
    expect(await verifiedOfA()).toMatchObject({ verifiedAt: null, missingSince: null });

    const b = await newTeam();
    const ofB = (await call(b.owner, b.uuid, 'POST', '/domains', { domain })).json();
    dns.publish(ofB.txt_name, ofB.txt_value);
    expect((await call(b.owner, b.uuid, 'POST', `/domains/${ofB.id}/verify`)).statusCode).toBe(200);
  });
});
