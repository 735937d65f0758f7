// SCIM 2.0 provisioning (docs/contract.md section 4, Enterprise identity) through the API: the team's token, every
// operation on Users and each rule of what it does to people. directories.test.ts replays Okta's and Entra ID's
// request sequences; authorization.test.ts holds every other caller away from these routes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { activityLog } from '../../../db/schema/activity-log.ts';
import { plans, subscriptions } from '../../../db/schema/billing.ts';
import { users } from '../../../db/schema/users.ts';
import { webhookDeliveries } from '../../../db/schema/webhooks.ts';
import {
  bearer,
  buildTestApp,
  createTeam,
  inTenant,
  latestMailTo,
  registerUser,
  registerVerifiedUser,
  type TestApp,
} from '../../../../test/helpers.ts';
import {
  directoryTeam,
  PATCH_OP,
  SCIM_ERROR,
  scimClient,
  signInByReset,
  USER_SCHEMA,
} from '../../../../test/scim.ts';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp({ limits: { scimRequests: { max: 40, timeWindow: 60_000 } } });
});
afterAll(async () => {
  await app.close();
});

type Team = Awaited<ReturnType<typeof directoryTeam>>;

const asOwner = (team: Team, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url: `/api${url}`, headers: inTenant(team.owner.access_token, team.team), payload });

const user = (userName: string, more: object = {}) => ({ schemas: [USER_SCHEMA], userName, ...more });
const patch = (...Operations: object[]) => ({ schemas: [PATCH_OP], Operations });

async function provision(team: Team, more: object = {}) {
  const email = team.address();
  const response = await team.scim('POST', '/Users', user(email, more));
  expect(response.statusCode, response.body).toBe(201);
  return { email, id: response.json().id as string };
}

/** The SCIM error body of a refusal, checked for its shape. */
function refusal(response: Awaited<ReturnType<TestApp['inject']>>) {
  expect(response.headers['content-type']).toMatch(/^application\/scim\+json/);
  const body = response.json();
  expect(body.schemas).toEqual([SCIM_ERROR]);
  expect(body.status).toBe(String(response.statusCode));
  expect(typeof body.detail).toBe('string');
  return body as { status: string; scimType?: string; detail: string };
}

const membersOf = async (team: Team) =>
  (await asOwner(team, 'GET', '/members')).json() as {
    email: string;
    role: string;
    active: boolean;
    managed_by_directory: boolean;
  }[];

const actionsOf = async (tenantId: string) =>
  (await app.database.db.select().from(activityLog).where(eq(activityLog.tenantId, tenantId))).map(
    (entry) => entry.action,
  );

const signInAs = (email: string) => signInByReset(app, email);

const filtered = (team: Team, filter: string, paging = '') =>
  team.scim('GET', `/Users?filter=${encodeURIComponent(filter)}${paging}`);

describe('the SCIM token', () => {
  it('is shown once, reaches only its own team, and is replaced by a new one at once', async () => {
    const team = await directoryTeam(app);
    expect(team.token).toMatch(/^tscim_/);
    expect(team.baseUrl).toBe('http://localhost:3000/api/scim/v2');
    const shown = await asOwner(team, 'GET', '/scim-token');
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ base_url: team.baseUrl, created_by: team.owner.email });
    expect(shown.body).not.toContain(team.token);

    const replaced = await asOwner(team, 'POST', '/scim-token');
    expect(replaced.statusCode).toBe(201);
    expect(refusal(await team.scim('GET', '/Users')).status).toBe('401');
    expect((await scimClient(app, replaced.json().token)('GET', '/Users')).statusCode).toBe(200);
    // The owner is told of each change; the log has both.
    expect((await latestMailTo(app, team.owner.email)).subject).toContain('How members sign in');
    expect((await actionsOf(team.team)).filter((action) => action === 'scim.token_created')).toHaveLength(2);
  });

  it('once revoked, refuses the directory’s next request with 401 in SCIM’s body; none, or another kind of token, is 401 too', async () => {
    const team = await directoryTeam(app);
    expect((await asOwner(team, 'DELETE', '/scim-token')).statusCode).toBe(204);
    expect(refusal(await team.scim('POST', '/Users', user(team.address()))).status).toBe('401');
    expect((await asOwner(team, 'GET', '/scim-token')).statusCode).toBe(404);
    expect((await asOwner(team, 'DELETE', '/scim-token')).statusCode).toBe(404);
    expect(await actionsOf(team.team)).toContain('scim.token_revoked');
    // No token; a session's access token; an API key; a token of the right shape nobody made.
    const other = await directoryTeam(app);
    for (const headers of [{}, bearer(other.owner.access_token), bearer('tsk_' + 'x'.repeat(43))]) {
      const response = await app.inject({ method: 'GET', url: '/api/scim/v2/Users', headers });
      expect(refusal(response).status).toBe('401');
    }
    expect(refusal(await scimClient(app, `tscim_${'x'.repeat(43)}`)('GET', '/Users')).status).toBe('401');
  });

  it('needs the Business plan to be made, and dies with its maker’s admin role', async () => {
    const owner = await registerVerifiedUser(app);
    const { uuid } = await createTeam(app, owner);
    const made = await app.inject({
      method: 'POST',
      url: '/api/scim-token',
      headers: inTenant(owner.access_token, uuid),
    });
    expect(made.statusCode).toBe(402);
    expect(made.json().code).toBe('business_plan_required');

    // An admin makes the team's token; demoted, their token goes with their authority.
    const team = await directoryTeam(app);
    const { id, email } = await provision(team);
    expect(
      (await asOwner(team, 'PATCH', '/members/role', { user_uuid: id, new_role: 'admin' })).statusCode,
    ).toBe(200);
    const admin = await signInAs(email);
    const theirs = await app.inject({
      method: 'POST',
      url: '/api/scim-token',
      headers: inTenant(admin.access_token, team.team),
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const directory = scimClient(app, theirs.json().token);
    expect((await directory('GET', '/Users')).statusCode).toBe(200);
    expect(
      (await asOwner(team, 'PATCH', '/members/role', { user_uuid: id, new_role: 'member' })).statusCode,
    ).toBe(200);
    expect(refusal(await directory('GET', '/Users')).status).toBe('401');
  });

  it('has its own rate limit, answered in SCIM’s body', async () => {
    const team = await directoryTeam(app);
    let last;
    for (let i = 0; i < 41; i += 1) last = await team.scim('GET', '/ServiceProviderConfig');
    expect(refusal(last!).status).toBe('429');
    expect(last!.headers['retry-after']).toBeDefined();
  });
});

describe('the service documents', () => {
  it('describe what it supports: patch and filter, no bulk, sort or etag; the User type and its schema', async () => {
    const team = await directoryTeam(app);
    const config = await team.scim('GET', '/ServiceProviderConfig');
    expect(config.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(config.json()).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      bulk: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
    });
    const types = (await team.scim('GET', '/ResourceTypes')).json();
    expect(types.Resources).toMatchObject([{ id: 'User', endpoint: '/Users', schema: USER_SCHEMA }]);
    expect((await team.scim('GET', '/ResourceTypes/User')).json().id).toBe('User');
    expect(refusal(await team.scim('GET', '/ResourceTypes/Group')).status).toBe('404');
    // What this service does not serve is refused in SCIM's body too: Groups, an id past the URL's limits.
    expect(refusal(await team.scim('GET', '/Groups')).status).toBe('404');
    expect(refusal(await team.scim('GET', `/Users/${'x'.repeat(600)}`)).status).toBe('414');
    const schemas = (await team.scim('GET', '/Schemas')).json();
    const names = schemas.Resources[0].attributes.map((attribute: { name: string }) => attribute.name);
    expect(names).toEqual(['userName', 'name', 'displayName', 'active', 'emails']);
    expect((await team.scim('GET', `/Schemas/${USER_SCHEMA}`)).json().id).toBe(USER_SCHEMA);
  });
});

describe('creating a User', () => {
  it('makes a verified account without a password and a member of the team, logged as SCIM and announced', async () => {
    const team = await directoryTeam(app);
    const endpoint = await asOwner(team, 'POST', '/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['member.joined', 'member.removed'],
    });
    expect(endpoint.statusCode).toBe(201);
    const email = team.address();
    const created = await team.scim(
      'POST',
      '/Users',
      user(email.toUpperCase(), {
        externalId: '00u1',
        name: { givenName: 'Ada', familyName: 'Lovelace' },
        displayName: 'Ada Lovelace',
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['content-type']).toMatch(/^application\/scim\+json/);
    const body = created.json();
    expect(created.headers.location).toBe(`${team.baseUrl}/Users/${body.id}`);
    expect(body).toMatchObject({
      schemas: [USER_SCHEMA],
      userName: email,
      externalId: '00u1',
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      displayName: 'Ada Lovelace',
      active: true,
      emails: [{ value: email, type: 'work', primary: true }],
      meta: { resourceType: 'User', location: `${team.baseUrl}/Users/${body.id}` },
    });
    const [account] = await app.database.db.select().from(users).where(eq(users.email, email));
    expect(account).toMatchObject({ uuid: body.id, isVerified: true, passwordHash: null });
    expect(await membersOf(team)).toContainEqual(
      expect.objectContaining({ email, role: 'member', active: true, managed_by_directory: true }),
    );
    const activity = (await asOwner(team, 'GET', '/activity')).json();
    expect(activity[0]).toMatchObject({ actor_email: 'SCIM', action: 'member.provisioned', target: email });
    const deliveries = await app.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.tenantId, team.team));
    expect(deliveries.map((delivery) => delivery.event)).toEqual(['member.joined']);
    expect(deliveries[0]!.payload).toMatchObject({ data: { user: body.id, email, role: 'member' } });
    expect(JSON.stringify(deliveries[0]!.payload)).not.toContain('SCIM');
  });

  it('refuses an address outside the team’s verified domains, or another team’s, and a second create of a member', async () => {
    const team = await directoryTeam(app);
    const other = await directoryTeam(app);
    for (const userName of ['someone@example.com', other.address(), `someone@sub.${team.domain}`]) {
      const response = await team.scim('POST', '/Users', user(userName));
      expect(response.statusCode).toBe(400);
      expect(refusal(response).scimType).toBe('invalidValue');
    }
    const { email } = await provision(team);
    const again = await team.scim('POST', '/Users', user(email));
    expect(again.statusCode).toBe(409);
    expect(refusal(again).scimType).toBe('uniqueness');
    for (const body of [
      { schemas: [USER_SCHEMA] },
      user('not an address'),
      [],
      user(team.address(), { active: 'maybe' }),
      user(team.address(), { displayName: 'a\u0000b' }),
      user(team.address(), { name: { givenName: 'x'.repeat(257) } }),
    ]) {
      const response = await team.scim('POST', '/Users', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(['invalidValue', 'invalidSyntax']).toContain(refusal(response).scimType);
    }
    // emails may only repeat the userName: the account has one address.
    const twoAddresses = user(team.address(), { emails: [{ value: team.address(), type: 'work' }] });
    expect(refusal(await team.scim('POST', '/Users', twoAddresses)).scimType).toBe('invalidValue');
  });

  it('reclaims an unverified account (its squatter’s session ends) and takes a verified one as it is', async () => {
    const team = await directoryTeam(app);
    const squatted = team.address();
    const squatter = await registerUser(app, squatted);
    await provision(team, {}); // someone else first, so the team has more than one
    const reclaimed = await team.scim('POST', '/Users', user(squatted));
    expect(reclaimed.statusCode, reclaimed.body).toBe(201);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(squatter.access_token) }))
        .statusCode,
    ).toBe(401);

    const holder = await registerVerifiedUser(app, team.address());
    const taken = await team.scim('POST', '/Users', user(holder.email));
    expect(taken.statusCode).toBe(201);
    // Their password and their session are theirs still: SCIM never changes an account.
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(holder.access_token) }))
        .statusCode,
    ).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: holder.email, password: holder.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('keeps to the plan: its member limit, and the Business plan to add anyone', async () => {
    const team = await directoryTeam(app);
    await provision(team);
    const count = (await membersOf(team)).length;
    await app.database.db.update(plans).set({ memberLimit: count }).where(eq(plans.id, 'business'));
    try {
      const full = await team.scim('POST', '/Users', user(team.address()));
      expect(full.statusCode).toBe(402);
      expect(refusal(full).detail).toMatch(/member/i);
    } finally {
      await app.database.db.update(plans).set({ memberLimit: null }).where(eq(plans.id, 'business'));
    }
    await app.database.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.tenantId, team.team));
    const lapsed = await team.scim('POST', '/Users', user(team.address()));
    expect(lapsed.statusCode).toBe(402);
    expect(refusal(lapsed).detail).toBe('This needs the Business plan');
  });
});

describe('listing Users', () => {
  it('filters by userName (any case), externalId and the work email, pages, and lists only the verified domains’ members', async () => {
    const team = await directoryTeam(app);
    const ada = await provision(team, { externalId: 'ada-1', displayName: 'Ada' });
    const bob = await provision(team, { externalId: 'bob-2', displayName: 'Bob' });
    const cy = await provision(team, { displayName: 'Cy' });

    const one = async (filter: string) => {
      const response = await filtered(team, filter);
      expect(response.statusCode, `${filter}: ${response.body}`).toBe(200);
      return (response.json().Resources as { id: string }[]).map((resource) => resource.id);
    };
    expect(await one(`userName eq "${ada.email.toUpperCase()}"`)).toEqual([ada.id]);
    expect(await one('externalId eq "bob-2"')).toEqual([bob.id]);
    expect(await one('externalId eq "BOB-2"')).toEqual([]);
    expect(await one(`emails[type eq "work"].value eq "${cy.email}"`)).toEqual([cy.id]);
    expect(await one(`externalId eq "ada-1" or displayName eq "cy"`)).toEqual([ada.id, cy.id]);
    expect(await one(`userName sw "person-" and not (displayName eq "Bob")`)).toEqual([ada.id, cy.id]);
    expect(await one('displayName co "%"')).toEqual([]);
    expect(await one('active eq true')).toEqual([ada.id, bob.id, cy.id]);
    expect(await one('externalId pr')).toEqual([ada.id, bob.id]);
    expect(await one('emails[type eq "work" and primary eq true]')).toEqual([ada.id, bob.id, cy.id]);
    expect(await one(`meta.created gt "2000-01-01T00:00:00Z"`)).toEqual([ada.id, bob.id, cy.id]);
    // The owner's address is not on the team's domain: SCIM does not see them.
    expect(await one(`userName eq "${team.owner.email}"`)).toEqual([]);

    const all = (await team.scim('GET', '/Users')).json();
    expect(all).toMatchObject({ totalResults: 3, startIndex: 1, itemsPerPage: 3 });
    const page = (await team.scim('GET', '/Users?startIndex=2&count=1')).json();
    expect(page).toMatchObject({
      totalResults: 3,
      startIndex: 2,
      itemsPerPage: 1,
      Resources: [{ id: bob.id }],
    });
    expect((await team.scim('GET', '/Users?count=0')).json()).toMatchObject({
      totalResults: 3,
      itemsPerPage: 0,
      Resources: [],
    });
    expect((await team.scim('GET', '/Users?startIndex=10')).json()).toMatchObject({
      totalResults: 3,
      startIndex: 10,
      Resources: [],
    });
    expect((await team.scim('GET', '/Users?startIndex=0&count=-5')).json()).toMatchObject({
      startIndex: 1,
      Resources: [],
    });
    expect(refusal(await team.scim('GET', '/Users?count=ten')).scimType).toBe('invalidValue');
    expect(refusal(await team.scim('GET', '/Users?count=1&count=2')).scimType).toBe('invalidValue');
  });

  it('answers 400 invalidFilter, never a 5xx, to filters malformed, injection-like or beyond what it answers', async () => {
    const team = await directoryTeam(app);
    const { email } = await provision(team);
    for (const filter of [
      'userName eq',
      'userName',
      'userName eq "x") or (1',
      "userName eq 'x'",
      'userName eq "x"; drop table users; --',
      'password eq "x"',
      'name.middleName eq "x"',
      'active gt true',
      'active eq "true"',
      'userName eq 1',
      'meta.created gt "yesterday"',
      'name[givenName eq "x"]',
      `${'('.repeat(600)}userName eq "x"${')'.repeat(600)}`,
      `userName eq "${'x'.repeat(1000)}"`,
    ]) {
      const response = await filtered(team, filter);
      expect(response.statusCode, filter).toBe(400);
      expect(refusal(response).scimType, filter).toBe('invalidFilter');
    }
    // What looks like SQL inside a string is a value: it matches no one, and the members are all there.
    for (const filter of [
      `userName eq "x' or '1'='1"`,
      `userName eq "${email}' --"`,
      'displayName co "100%_x"',
    ]) {
      const literal = await filtered(team, filter);
      expect(literal.statusCode, filter).toBe(200);
      expect(literal.json().totalResults, filter).toBe(0);
    }
    expect((await team.scim('GET', '/Users')).json().totalResults).toBe(1);
  });

  it('shows a team none of another team’s members, by list, id, change or deletion', async () => {
    const team = await directoryTeam(app);
    const other = await directoryTeam(app);
    const theirs = await provision(other);
    expect((await filtered(team, `userName eq "${theirs.email}"`)).json().totalResults).toBe(0);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', user(theirs.email, { active: false })],
      ['PATCH', patch({ op: 'replace', path: 'active', value: false })],
      ['DELETE', undefined],
    ] as const) {
      const response = await team.scim(method, `/Users/${theirs.id}`, payload);
      expect(refusal(response).status, method).toBe('404');
    }
    expect(refusal(await team.scim('GET', '/Users/not-a-uuid')).status).toBe('404');
    expect((await other.scim('GET', `/Users/${theirs.id}`)).json().active).toBe(true);
  });
});

describe('changing a User', () => {
  it('replaces the names the directory keeps (PUT), and never the account’s address', async () => {
    const team = await directoryTeam(app);
    const { id, email } = await provision(team, { name: { givenName: 'Ada' }, displayName: 'Ada' });
    const replaced = await team.scim('PUT', `/Users/${id}`, user(email, { name: { familyName: 'Byron' } }));
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ name: { familyName: 'Byron' }, active: true });
    expect(replaced.json().name.givenName).toBeUndefined();
    expect(replaced.json().displayName).toBeUndefined();

    const moved = await team.scim('PUT', `/Users/${id}`, user(team.address()));
    expect(moved.statusCode).toBe(400);
    expect(refusal(moved).scimType).toBe('mutability');
    const [account] = await app.database.db.select().from(users).where(eq(users.uuid, id));
    expect(account!.email).toBe(email);
  });

  it('applies PATCH add, replace and remove, with and without a path, as Okta and Entra ID write them', async () => {
    const team = await directoryTeam(app);
    const { id } = await provision(team, { displayName: 'Ada' });
    const patched = async (...operations: object[]) => {
      const response = await team.scim('PATCH', `/Users/${id}`, patch(...operations));
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    expect(await patched({ op: 'Add', path: 'name.givenName', value: 'Ada' })).toMatchObject({
      name: { givenName: 'Ada' },
    });
    expect(
      await patched({ op: 'replace', value: { 'name.familyName': 'King', externalId: 'e-1' } }),
    ).toMatchObject({
      name: { givenName: 'Ada', familyName: 'King' },
      externalId: 'e-1',
    });
    expect((await patched({ op: 'Remove', path: 'displayName' })).displayName).toBeUndefined();
    expect((await patched({ op: 'Replace', path: 'Active', value: 'False' })).active).toBe(false);
    expect((await patched({ op: 'replace', value: { active: true } })).active).toBe(true);
    // Entra ID's extension attributes are accepted and not kept.
    const extension = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department';
    expect((await patched({ op: 'Add', path: extension, value: 'Research' })).active).toBe(true);
  });

  it('refuses a PATCH onto another member’s address, or of the emails, and changes nothing', async () => {
    const team = await directoryTeam(app);
    const ada = await provision(team, { displayName: 'Ada' });
    const bob = await provision(team);
    for (const operations of [
      [{ op: 'replace', path: 'userName', value: bob.email }],
      [{ op: 'replace', value: { userName: bob.email } }],
      [{ op: 'replace', path: 'emails[type eq "work"].value', value: bob.email }],
      [{ op: 'add', path: 'emails', value: [{ value: bob.email, type: 'home' }] }],
      // The whole PATCH fails: its first operation is not kept either.
      [
        { op: 'replace', path: 'displayName', value: 'Changed' },
        { op: 'replace', path: 'userName', value: bob.email },
      ],
    ]) {
      const response = await team.scim('PATCH', `/Users/${ada.id}`, patch(...operations));
      expect(response.statusCode, JSON.stringify(operations)).toBe(400);
      expect(refusal(response).scimType).toBe('mutability');
    }
    const after = (await team.scim('GET', `/Users/${ada.id}`)).json();
    expect(after).toMatchObject({ userName: ada.email, displayName: 'Ada' });
  });

  it('refuses a PATCH that is not one: wrong schema, no operations, an unknown op, a remove without a path', async () => {
    const team = await directoryTeam(app);
    const { id } = await provision(team);
    for (const [body, scimType] of [
      [
        { schemas: [USER_SCHEMA], Operations: [{ op: 'replace', value: { active: false } }] },
        'invalidSyntax',
      ],
      [patch(), 'invalidSyntax'],
      [patch({ op: 'move', path: 'displayName', value: 'x' }), 'invalidSyntax'],
      [patch({ op: 'remove' }), 'noTarget'],
      [patch({ op: 'replace', path: 'emails[type eq "work"', value: 'x' }), 'invalidPath'],
      [patch({ op: 'replace', path: 'active', value: 'perhaps' }), 'invalidValue'],
    ] as const) {
      const response = await team.scim('PATCH', `/Users/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(refusal(response).scimType, JSON.stringify(body)).toBe(scimType);
    }
    expect((await team.scim('GET', `/Users/${id}`)).json().active).toBe(true);
  });
});

describe('what a directory or its members cannot do', () => {
  it('never walks a PATCH into a prototype: such a path is refused, and nothing in the process changes', async () => {
    const team = await directoryTeam(app);
    const { id } = await provision(team);
    for (const operation of [
      { op: 'add', path: '__proto__.polluted', value: 'yes' },
      { op: 'add', path: 'name.__proto__.polluted', value: 'yes' },
      { op: 'replace', path: 'constructor.prototype.polluted', value: 'yes' },
      { op: 'replace', value: { 'constructor.prototype.polluted': 'yes' } },
      { op: 'replace', value: { 'name.__proto__.polluted': 'yes' } },
    ]) {
      const response = await team.scim('PATCH', `/Users/${id}`, patch(operation));
      expect(response.statusCode, JSON.stringify(operation)).toBe(400);
      expect(refusal(response).scimType).toBe('invalidPath');
    }
    // A body with a `__proto__` key is refused as it is read (the JSON parser's own rule).
    const poisoned = await app.inject({
      method: 'PATCH',
      url: `/api/scim/v2/Users/${id}`,
      headers: { authorization: `Bearer ${team.token}`, 'content-type': 'application/scim+json' },
      payload: `{"schemas":["${PATCH_OP}"],"Operations":[{"op":"replace","path":"name","value":{"__proto__":{"polluted":"yes"}}}]}`,
    });
    expect(refusal(poisoned).status).toBe('400');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
    // Other teams' requests are served as before.
    expect((await asOwner(team, 'GET', '/members')).statusCode).toBe(200);
    // A PATCH of more operations than a directory sends is refused unread.
    const many = patch(
      ...Array.from({ length: 51 }, () => ({ op: 'replace', path: 'displayName', value: 'x' })),
    );
    expect(refusal(await team.scim('PATCH', `/Users/${id}`, many)).scimType).toBe('invalidSyntax');
    // A body past what a User or a PATCH needs is refused before it is read.
    const huge = user(team.address(), { displayName: 'x'.repeat(70_000) });
    expect(refusal(await team.scim('POST', '/Users', huge)).status).toBe('413');
  });

  it('answers filters on names an object inherits, or a year PostgreSQL cannot hold, with 400 invalidFilter', async () => {
    const team = await directoryTeam(app);
    for (const filter of [
      'constructor pr',
      '__proto__ pr',
      'constructor eq "x"',
      'hasOwnProperty eq "x"',
      'meta.created gt "0000-01-01T00:00:00Z"',
    ]) {
      const response = await filtered(team, filter);
      expect(response.statusCode, filter).toBe(400);
      expect(refusal(response).scimType, filter).toBe('invalidFilter');
    }
  });

  it('keeps a leaver who moved their account to another address within the directory’s reach', async () => {
    const team = await directoryTeam(app);
    const { id, email } = await provision(team);
    const session = await signInByReset(app, email, 'a passphrase of their own');
    const personal = `leaver-${id.slice(0, 8)}@example.com`;
    const change = await app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: bearer(session.access_token),
      payload: { new_email: personal, password: 'a passphrase of their own' },
    });
    expect(change.statusCode, change.body).toBe(200);
    const { token } = await latestMailTo(app, personal);
    expect(
      (await app.inject({ method: 'GET', url: `/api/auth/confirm-email-change?token=${token}` })).statusCode,
    ).toBe(200);

    expect((await team.scim('GET', `/Users/${id}`)).json().userName).toBe(personal);
    const off = await team.scim('PATCH', `/Users/${id}`, patch({ op: 'replace', value: { active: false } }));
    expect(off.statusCode, off.body).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: personal, password: 'a passphrase of their own' },
    });
    const refused = await app.inject({
      method: 'GET',
      url: '/api/tenant',
      headers: inTenant(login.json().access_token, team.team),
    });
    expect(refused.json().code).toBe('member_deactivated');
    expect((await team.scim('DELETE', `/Users/${id}`)).statusCode).toBe(204);
  });

  it('lets a member back as a member, whatever role an admin gave them while they were shut out', async () => {
    const team = await directoryTeam(app);
    const { id, email } = await provision(team);
    await team.scim('PATCH', `/Users/${id}`, patch({ op: 'replace', value: { active: false } }));
    expect(
      (await asOwner(team, 'PATCH', '/members/role', { user_uuid: id, new_role: 'admin' })).statusCode,
    ).toBe(200);
    await team.scim('PATCH', `/Users/${id}`, patch({ op: 'replace', value: { active: true } }));
    expect(await membersOf(team)).toContainEqual(
      expect.objectContaining({ email, role: 'member', active: true }),
    );
  });
});

describe('deactivating and deleting', () => {
  it('shuts a deactivated member out of the team at once, open session included, and lets them back', async () => {
    const team = await directoryTeam(app);
    const { id, email } = await provision(team);
    const session = await signInAs(email);
    // Their own team elsewhere is theirs, whatever this team's directory does.
    const { uuid: own } = await createTeam(app, session, 'Their own');
    const inTeam = (tenant: string, url: string) =>
      app.inject({ method: 'GET', url: `/api${url}`, headers: inTenant(session.access_token, tenant) });
    expect((await inTeam(team.team, '/items/')).statusCode).toBe(200);

    const off = await team.scim('PATCH', `/Users/${id}`, patch({ op: 'replace', value: { active: false } }));
    expect(off.json().active).toBe(false);
    for (const url of ['/tenant', '/items/', '/members']) {
      const refused = await inTeam(team.team, url);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe('member_deactivated');
    }
    const teams = (
      await app.inject({ method: 'GET', url: '/api/tenants', headers: bearer(session.access_token) })
    ).json();
    expect(teams.map((t: { uuid: string }) => t.uuid)).toEqual([own]);
    expect((await inTeam(own, '/items/')).statusCode).toBe(200);
    // Still listed, as inactive, by SCIM and on the Team page.
    expect((await team.scim('GET', `/Users/${id}`)).json().active).toBe(false);
    expect(await membersOf(team)).toContainEqual(expect.objectContaining({ email, active: false }));
    // The team is never handed to someone shut out of it.
    const transfer = await asOwner(team, 'POST', '/tenant/transfer-ownership', { user_uuid: id });
    expect(transfer.statusCode, transfer.body).toBe(400);
    expect(transfer.json().code).toBe('new_owner_not_member');

    const on = await team.scim('PUT', `/Users/${id}`, user(email, { active: true }));
    expect(on.json().active).toBe(true);
    expect((await inTeam(team.team, '/items/')).statusCode).toBe(200);
    expect(await actionsOf(team.team)).toEqual(
      expect.arrayContaining(['member.deactivated', 'member.reactivated']),
    );
  });

  it('ends what a deactivated admin held there: their keys revoked, their endpoints off; they come back a member', async () => {
    const team = await directoryTeam(app);
    const { id, email } = await provision(team);
    expect(
      (await asOwner(team, 'PATCH', '/members/role', { user_uuid: id, new_role: 'admin' })).statusCode,
    ).toBe(200);
    const admin = await signInAs(email);
    const asAdmin = (url: string, payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api${url}`,
        headers: inTenant(admin.access_token, team.team),
        payload,
      });
    const key = (await asAdmin('/api-keys', { name: 'Deploy', scopes: ['items:read'] })).json().key as string;
    const hook = await asAdmin('/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['item.created'] });
    expect(hook.statusCode).toBe(201);
    expect((await app.inject({ method: 'GET', url: '/api/items/', headers: bearer(key) })).statusCode).toBe(
      200,
    );

    await team.scim('PATCH', `/Users/${id}`, patch({ op: 'Replace', path: 'active', value: 'False' }));
    expect((await app.inject({ method: 'GET', url: '/api/items/', headers: bearer(key) })).statusCode).toBe(
      401,
    );
    const webhooks = (await asOwner(team, 'GET', '/webhooks')).json();
    expect(webhooks).toMatchObject([{ id: hook.json().id, enabled: false }]);
    await team.scim('PATCH', `/Users/${id}`, patch({ op: 'Replace', path: 'active', value: 'True' }));
    expect(await membersOf(team)).toContainEqual(
      expect.objectContaining({ email, role: 'member', active: true }),
    );
  });

  it('never deactivates or deletes the owner', async () => {
    const team = await directoryTeam(app, { ownerOnDomain: true });
    const [owner] = (await filtered(team, `userName eq "${team.owner.email}"`)).json().Resources as {
      id: string;
    }[];
    expect(owner).toBeDefined();
    for (const [method, payload] of [
      ['PATCH', patch({ op: 'replace', value: { active: false } })],
      ['PUT', user(team.owner.email, { active: false })],
      ['DELETE', undefined],
    ] as const) {
      const response = await team.scim(method, `/Users/${owner!.id}`, payload);
      expect(refusal(response).status, method).toBe('400');
    }
    expect(await membersOf(team)).toContainEqual(
      expect.objectContaining({ email: team.owner.email, role: 'owner', active: true }),
    );
    expect((await asOwner(team, 'GET', '/tenant')).statusCode).toBe(200);
  });

  it('removes the membership on DELETE (then 404), leaves the account, and a new create brings them back', async () => {
    const team = await directoryTeam(app);
    const { id, email } = await provision(team);
    const deleted = await team.scim('DELETE', `/Users/${id}`);
    expect(deleted.statusCode).toBe(204);
    expect(refusal(await team.scim('GET', `/Users/${id}`)).status).toBe('404');
    expect(refusal(await team.scim('DELETE', `/Users/${id}`)).status).toBe('404');
    expect((await membersOf(team)).map((member) => member.email)).not.toContain(email);
    expect(await app.database.db.select().from(users).where(eq(users.uuid, id))).toHaveLength(1);
    const activity = (await asOwner(team, 'GET', '/activity')).json();
    expect(activity[0]).toMatchObject({ actor_email: 'SCIM', action: 'member.deprovisioned', target: email });
    expect((await team.scim('POST', '/Users', user(email))).statusCode).toBe(201);
  });

  it('keeps deprovisioning after the Business plan lapses; adding and letting back need it', async () => {
    const team = await directoryTeam(app);
    const ada = await provision(team);
    const bob = await provision(team);
    const cy = await provision(team);
    await app.database.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.tenantId, team.team));
    expect((await filtered(team, `userName eq "${ada.email}"`)).json().totalResults).toBe(1);
    const off = await team.scim(
      'PATCH',
      `/Users/${ada.id}`,
      patch({ op: 'replace', value: { active: false } }),
    );
    expect(off.statusCode).toBe(200);
    expect((await team.scim('DELETE', `/Users/${bob.id}`)).statusCode).toBe(204);
    const back = await team.scim(
      'PATCH',
      `/Users/${ada.id}`,
      patch({ op: 'replace', value: { active: true } }),
    );
    expect(back.statusCode).toBe(402);
    expect(refusal(await team.scim('POST', '/Users', user(team.address()))).status).toBe('402');
    expect((await team.scim('GET', `/Users/${cy.id}`)).json().active).toBe(true);
  });
});
