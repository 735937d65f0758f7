// The two directories most teams provision from, replayed against /api/scim/v2 (docs/contract.md section 4,
// Enterprise identity, SCIM): each request is shaped as Okta's and Microsoft Entra ID's own documentation shows it
// (only addresses and ids changed), and after each step the team's membership is read back through the product's
// own API (GET /api/members as the owner, the provisioned person's own session on GET /api/tenant) and the SCIM
// resource itself. Every User the service answers is checked against RFC 7643's core User schema by an independent
// implementation (scimmy), every list against RFC 7644's ListResponse, every answer's media type.
import { randomUUID } from 'node:crypto';

import SCIMMY from 'scimmy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  bearer,
  buildTestApp,
  createTeam,
  inTenant,
  mailedInvitation,
  registerVerifiedUser,
  TestClock,
  type TestApp,
} from '../../../../test/helpers.ts';
import {
  directoryTeam,
  PATCH_OP,
  SCIM_ERROR,
  type ScimClient,
  scimClient,
  signInByReset,
  USER_SCHEMA,
} from '../../../../test/scim.ts';

const LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const ENTERPRISE_USER = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
/** RFC 7643 section 4.1's User attributes, with the common ones (schemas, id, externalId, meta), as scimmy has them. */
const CORE_USER_ATTRIBUTES = new Set(
  SCIMMY.Schemas.User.definition.attributes.map((attribute) => attribute.name),
);

// An hour ahead of the database's own clock, which stamps what the app does not (an invitation's membership): the
// directory's writes, on this clock, come after everything else, as they do when both are the system's.
const clock = new TestClock(new Date(Date.now() + 3_600_000));
let app: TestApp;

beforeAll(async () => {
  app = await buildTestApp({ clock });
});
afterAll(() => app.close());

type Directory = Awaited<ReturnType<typeof directoryTeam>>;
type Response = Awaited<ReturnType<TestApp['inject']>>;
type ScimUser = {
  schemas: string[];
  id: string;
  externalId?: string;
  userName: string;
  name?: { givenName?: string; familyName?: string; formatted?: string };
  displayName?: string;
  active: boolean;
  emails: { value: string; type?: string; primary?: boolean }[];
  meta: { resourceType: string; created: string; lastModified: string; location: string };
};
type ListResponse = {
  schemas: string[];
  totalResults: number;
  startIndex: number;
  itemsPerPage: number;
  Resources: ScimUser[];
};
type Session = { access_token: string };

/** A step of the directory's: a second passes before each change, so that meta.lastModified can tell them apart. */
async function send(
  directory: Directory,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
): Promise<Response> {
  if (method !== 'GET') clock.advance(1_000);
  const response = await directory.scim(method, url, payload);
  if (response.statusCode !== 204) {
    expect(response.headers['content-type'], `${method} ${url}`).toMatch(/^application\/scim\+json(;|$)/);
  }
  return response;
}

/** A User resource as RFC 7643 has it: scimmy's core User schema takes it whole, and it points at itself. */
function expectUserResource(directory: Directory, body: ScimUser) {
  expect(body.schemas).toContain(USER_SCHEMA);
  expect(body.meta.resourceType).toBe('User');
  expect(body.meta.location.endsWith(`/Users/${body.id}`)).toBe(true);
  expect(body.meta.location).toBe(`${directory.baseUrl}/Users/${body.id}`);
  expect(Object.keys(body).filter((key) => !CORE_USER_ATTRIBUTES.has(key))).toEqual([]);
  // Throws on a value of the wrong type (a string "false" for active, a date that is not one) or a missing userName;
  // what it answers is the resource as the schema reads it, which must be all that was sent.
  expect(SCIMMY.Schemas.User.definition.coerce(body, 'out')).toEqual(body);
  expect(() => new SCIMMY.Schemas.User(body, 'out')).not.toThrow();
  return body;
}

/** A User answer: its status, its body checked, and nothing but the SCIM media type. */
function userAnswer(directory: Directory, response: Response, status: 200 | 201): ScimUser {
  expect(response.statusCode, response.body).toBe(status);
  return expectUserResource(directory, response.json() as ScimUser);
}

function listAnswer(directory: Directory, response: Response): ListResponse {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as ListResponse;
  expect(body.schemas).toEqual([LIST_RESPONSE]);
  expect(Number.isInteger(body.totalResults)).toBe(true);
  expect(Number.isInteger(body.startIndex)).toBe(true);
  expect(body.itemsPerPage).toBe(body.Resources.length);
  for (const resource of body.Resources) expectUserResource(directory, resource);
  return body;
}

function scimError(response: Response, status: number, scimType?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { schemas: string[]; status: string; scimType?: string; detail: string };
  expect(body.schemas).toEqual([SCIM_ERROR]);
  expect(body.status).toBe(String(status));
  expect(typeof body.detail).toBe('string');
  if (scimType) expect(body.scimType).toBe(scimType);
  return body;
}

/** Okta's query string: `filter=userName%20eq%20%22…%22&startIndex=1&count=100`. */
const oktaFilter = (filter: string) => `/Users?filter=${encodeURIComponent(filter)}&startIndex=1&count=100`;
/**
 * Entra ID's: the filter alone, spaces as `+` (`filter=userName+eq+"…"`, as Microsoft's SCIM validator logs it:
 * https://learn.microsoft.com/en-us/answers/questions/2238842/microsoft-entra-id-scim-validator-test-failing-pat).
 */
const entraFilter = (filter: string) => `/Users?filter=${encodeURIComponent(filter).replace(/%20/g, '+')}`;

/** The person's membership as the owner's Team page reads it: undefined when not a member. */
async function membership(directory: Directory, email: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/members',
    headers: inTenant(directory.owner.access_token, directory.team),
  });
  expect(response.statusCode, response.body).toBe(200);
  const members = response.json() as {
    email: string;
    role: string;
    active: boolean;
    managed_by_directory: boolean;
  }[];
  const found = members.find((member) => member.email === email);
  return (
    found && { role: found.role, active: found.active, managed_by_directory: found.managed_by_directory }
  );
}

/** What the person's own session gets from the team: 200, or the refusal's status and code. */
async function ownTenantAnswer(directory: Directory, session: Session) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/tenant',
    headers: inTenant(session.access_token, directory.team),
  });
  return response.statusCode === 200
    ? { status: 200 }
    : { status: response.statusCode, code: (response.json() as { code?: string }).code };
}

const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

const ownSession = (email: string): Promise<Session> => signInByReset(app, email);

const ACTIVE_MEMBER = { role: 'member', active: true, managed_by_directory: true };
const DEACTIVATED_MEMBER = { role: 'member', active: false, managed_by_directory: true };

describe('Okta', () => {
  // Okta's SCIM 2.0 protocol reference ("Okta and SCIM Version 2.0"):
  //   https://developer.okta.com/docs/api/openapi/okta-scim/guides/scim-20
  //   (source: github.com/okta/okta-developer-docs, packages/@okta/vuepress-site/docs/reference/scim/scim-20/index.md)
  // Build a SCIM provisioning integration / test it (the OIN CRUD suite: create, update firstName, deactivate,
  // reactivate, unassign → active=false, never DELETE):
  //   https://developer.okta.com/docs/guides/scim-provisioning-integration-test/main/
  let directory: Directory;
  beforeAll(async () => {
    const team = await directoryTeam(app);
    // Okta's headers: its client's User-Agent (the protocol reference's requests), and the media type with a
    // charset, as Okta's Runscope suite sends it ("Okta SCIM 2.0 Tests"):
    //   https://raw.githubusercontent.com/joelfranusic-okta/okta-scim-beta/master/SCIM_tests_for_Runscope.json
    const okta: ScimClient = (method, url, payload) =>
      app.inject({
        method,
        url: `/api/scim/v2${url}`,
        headers: {
          authorization: `Bearer ${team.token}`,
          'user-agent': 'Okta SCIM Client 1.0.0',
          accept: 'application/scim+json',
          'accept-charset': 'utf-8',
          ...(payload && { 'content-type': 'application/scim+json; charset=utf-8' }),
        },
        ...(payload && { payload: JSON.stringify(payload) }),
      });
    directory = { ...team, scim: okta };
  });

  /** The user's application profile, as Okta's "Create the User" request sends it. */
  const oktaUser = (email: string) => ({
    schemas: [USER_SCHEMA],
    userName: email,
    name: { givenName: 'Test', familyName: 'User' },
    emails: [{ primary: true, value: email, type: 'work' }],
    displayName: 'Test User',
    locale: 'en-US',
    externalId: '00ujl29u0le5T6Aj10h7',
    groups: [],
    password: '1mz050nq',
    active: true,
  });

  /** Okta's deactivation (and, with true, activation) of a user in an OIN integration: PATCH without a path. */
  const oktaActive = (active: boolean) => ({
    schemas: [PATCH_OP],
    Operations: [{ op: 'replace', value: { active } }],
  });

  /** "Determine if the User already exists", then "Create the User": the new User. */
  async function oktaAssign(email: string) {
    const lookup = listAnswer(directory, await send(directory, 'GET', oktaFilter(`userName eq "${email}"`)));
    expect(lookup).toMatchObject({ totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });
    const created = await send(directory, 'POST', '/Users', oktaUser(email));
    const user = userAnswer(directory, created, 201);
    expect(created.headers.location).toBe(user.meta.location);
    return user;
  }

  it('Okta: assign → the userName filter finds no one, POST /Users makes a member with no password of Okta’s', async () => {
    const email = directory.address();
    const user = await oktaAssign(email);
    expect(user).toMatchObject({
      userName: email,
      externalId: '00ujl29u0le5T6Aj10h7',
      name: { givenName: 'Test', familyName: 'User' },
      displayName: 'Test User',
      active: true,
      emails: [{ value: email, type: 'work', primary: true }],
    });
    expect(await membership(directory, email)).toEqual(ACTIVE_MEMBER);

    // Okta finds the User again by the same filter, and reads it by id.
    const found = listAnswer(directory, await send(directory, 'GET', oktaFilter(`userName eq "${email}"`)));
    expect(found).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect(found.Resources[0]).toEqual(user);
    expect(userAnswer(directory, await send(directory, 'GET', `/Users/${user.id}`), 200)).toEqual(user);

    // The password in Okta's body is not the account's: SCIM never sets one. The person signs in with their own.
    expect((await login(email, '1mz050nq')).statusCode).toBe(401);
    const session = await ownSession(email);
    expect(await ownTenantAnswer(directory, session)).toEqual({ status: 200 });

    // Assigning the same person again is refused as a duplicate, and changes nothing.
    scimError(await send(directory, 'POST', '/Users', oktaUser(email)), 409, 'uniqueness');
    expect(await membership(directory, email)).toEqual(ACTIVE_MEMBER);
  });

  it('Okta: password sync → PATCH replace {password} is taken, and is never the account’s password', async () => {
    // "For new OIN app integrations, the following operations update a User object through a PATCH method
    // request: … Syncing the user password" (shaped as Okta's other PATCH: replace, no path).
    const email = directory.address();
    const user = await oktaAssign(email);
    const synced = await send(directory, 'PATCH', `/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { password: 'okta-synced-Passw0rd' } }],
    });
    expect(userAnswer(directory, synced, 200)).toEqual({
      ...user,
      meta: { ...user.meta, lastModified: expect.any(String) as string },
    });
    expect((await login(email, 'okta-synced-Passw0rd')).statusCode).toBe(401);
    expect(await membership(directory, email)).toEqual(ACTIVE_MEMBER);
  });

  it('Okta: profile update → GET /Users/{id}, then PUT of the whole user renames the member; address and membership stay', async () => {
    const email = directory.address();
    const user = await oktaAssign(email);
    const read = userAnswer(directory, await send(directory, 'GET', `/Users/${user.id}`), 200);

    // "Update the User": Okta changes the attributes that changed and PUTs the whole body back.
    const put = await send(directory, 'PUT', `/Users/${user.id}`, {
      schemas: [USER_SCHEMA],
      id: user.id,
      userName: email,
      name: { givenName: 'Another', middleName: 'Excited', familyName: 'User' },
      emails: [{ primary: true, value: email, type: 'work', display: email }],
      active: true,
      groups: [],
      meta: { resourceType: 'User' },
    });
    const updated = userAnswer(directory, put, 200);
    expect(updated).toMatchObject({
      id: user.id,
      userName: email,
      name: { givenName: 'Another', familyName: 'User' },
      active: true,
      emails: [{ value: email, type: 'work', primary: true }],
    });
    expect(updated.meta.created).toBe(read.meta.created);
    expect(Date.parse(updated.meta.lastModified)).toBeGreaterThan(Date.parse(read.meta.lastModified));
    expect(userAnswer(directory, await send(directory, 'GET', `/Users/${user.id}`), 200)).toEqual(updated);
    expect(await membership(directory, email)).toEqual(ACTIVE_MEMBER);

    // A PUT that would move the member to another address is refused: the account is the person's own.
    const moved = directory.address();
    scimError(
      await send(directory, 'PUT', `/Users/${user.id}`, {
        ...updated,
        userName: moved,
        emails: [{ primary: true, value: moved, type: 'work' }],
      }),
      400,
      'mutability',
    );
    expect(userAnswer(directory, await send(directory, 'GET', `/Users/${user.id}`), 200).userName).toBe(
      email,
    );
  });

  it('Okta: deactivate → PATCH replace {active:false} without a path shuts the member out at once; reactivate → {active:true} lets the same session back', async () => {
    const email = directory.address();
    const user = await oktaAssign(email);
    const session = await ownSession(email);
    expect(await ownTenantAnswer(directory, session)).toEqual({ status: 200 });

    const deactivated = userAnswer(
      directory,
      await send(directory, 'PATCH', `/Users/${user.id}`, oktaActive(false)),
      200,
    );
    expect(deactivated).toMatchObject({ id: user.id, userName: email, active: false });
    expect(deactivated.name).toEqual(user.name);
    expect(await membership(directory, email)).toEqual(DEACTIVATED_MEMBER);
    expect(await ownTenantAnswer(directory, session)).toEqual({ status: 403, code: 'member_deactivated' });
    const theirList = await app.inject({
      method: 'GET',
      url: '/api/members',
      headers: inTenant(session.access_token, directory.team),
    });
    expect(theirList.statusCode).toBe(403);
    expect((theirList.json() as { code: string }).code).toBe('member_deactivated');
    // Still there for the directory, inactive.
    const listed = listAnswer(directory, await send(directory, 'GET', oktaFilter(`userName eq "${email}"`)));
    expect(listed.totalResults).toBe(1);
    expect(listed.Resources[0]).toMatchObject({ id: user.id, active: false });
    expect(userAnswer(directory, await send(directory, 'GET', `/Users/${user.id}`), 200).active).toBe(false);

    const reactivated = userAnswer(
      directory,
      await send(directory, 'PATCH', `/Users/${user.id}`, oktaActive(true)),
      200,
    );
    expect(reactivated).toMatchObject({ id: user.id, userName: email, active: true });
    expect(await membership(directory, email)).toEqual(ACTIVE_MEMBER);
    expect(await ownTenantAnswer(directory, session)).toEqual({ status: 200 });
  });

  it('Okta: deactivate a member the owner made an admin → their API key stops at once; reactivated, they are back as a member', async () => {
    const email = directory.address();
    const user = await oktaAssign(email);
    const session = await ownSession(email);
    const promoted = await app.inject({
      method: 'PATCH',
      url: '/api/members/role',
      headers: inTenant(directory.owner.access_token, directory.team),
      payload: { user_uuid: user.id, new_role: 'admin' },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const made = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: inTenant(session.access_token, directory.team),
      payload: { name: 'Deploy', scopes: ['members:read'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const useKey = async () =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/members',
          headers: bearer((made.json() as { key: string }).key),
        })
      ).statusCode;
    expect(await useKey()).toBe(200);

    userAnswer(directory, await send(directory, 'PATCH', `/Users/${user.id}`, oktaActive(false)), 200);
    expect(await membership(directory, email)).toEqual(DEACTIVATED_MEMBER);
    expect(await useKey()).toBe(401);
    expect(await ownTenantAnswer(directory, session)).toEqual({ status: 403, code: 'member_deactivated' });

    userAnswer(directory, await send(directory, 'PATCH', `/Users/${user.id}`, oktaActive(true)), 200);
    expect(await membership(directory, email)).toEqual(ACTIVE_MEMBER);
    expect(await useKey()).toBe(401);
  });

  it('Okta: assign someone who already has an account (their login in Okta’s case) → taken as it is; deactivation shuts them out of this team only', async () => {
    // Okta keeps a login's case ("Jane.Doe@…"); the account holds the address in lower case.
    const email = directory.address();
    const oktaLogin = email.replace(/^person-/, 'Person-');
    const existing = await registerVerifiedUser(app, email, 'their own passphrase');
    const { uuid: ownTeam } = await createTeam(app, existing, 'Their own team');

    const user = await oktaAssign(oktaLogin);
    expect(user.userName).toBe(email);
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(existing.access_token),
    });
    expect(user.id).toBe((me.json() as { uuid: string }).uuid);
    expect(await membership(directory, email)).toEqual(ACTIVE_MEMBER);
    // Okta's next update PUTs the login as Okta spells it: the same address, so not a change of it.
    const put = await send(directory, 'PUT', `/Users/${user.id}`, {
      schemas: [USER_SCHEMA],
      id: user.id,
      userName: oktaLogin,
      name: { givenName: 'Jane', middleName: '', familyName: 'Doe' },
      emails: [{ primary: true, value: oktaLogin, type: 'work', display: oktaLogin }],
      active: true,
      groups: [],
      meta: { resourceType: 'User' },
    });
    expect(userAnswer(directory, put, 200)).toMatchObject({ userName: email, name: { givenName: 'Jane' } });

    userAnswer(directory, await send(directory, 'PATCH', `/Users/${user.id}`, oktaActive(false)), 200);
    expect(await membership(directory, email)).toEqual(DEACTIVATED_MEMBER);
    expect(await ownTenantAnswer(directory, existing)).toEqual({ status: 403, code: 'member_deactivated' });
    // Their account, password and other team are theirs, untouched by the directory.
    const elsewhere = await app.inject({
      method: 'GET',
      url: '/api/tenant',
      headers: inTenant(existing.access_token, ownTeam),
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect((await login(email, 'their own passphrase')).statusCode).toBe(200);
  });

  it('Okta: assign someone already in the team (invited earlier, on the verified domain) → the filter finds them, Okta links and PUTs their profile; meta.created stays when they were added', async () => {
    const email = directory.address();
    const token = await mailedInvitation(app, directory.owner, directory.team, email);
    const accepted = await app.inject({ method: 'GET', url: `/api/invitations/${token}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await membership(directory, email)).toEqual({ ...ACTIVE_MEMBER, managed_by_directory: false });

    // "If the SCIM server does return a User object, Okta automatically matches the result with the user in Okta
    // and sends the user's application profile to the SCIM server."
    const lookup = listAnswer(directory, await send(directory, 'GET', oktaFilter(`userName eq "${email}"`)));
    expect(lookup.totalResults).toBe(1);
    const found = lookup.Resources[0]!;
    expect(found).toMatchObject({ userName: email, active: true });
    const read = userAnswer(directory, await send(directory, 'GET', `/Users/${found.id}`), 200);
    expect(read).toEqual(found);
    const put = await send(directory, 'PUT', `/Users/${found.id}`, {
      schemas: [USER_SCHEMA],
      id: found.id,
      userName: email,
      name: { givenName: 'Test', middleName: '', familyName: 'User' },
      emails: [{ primary: true, value: email, type: 'work', display: email }],
      active: true,
      groups: [],
      meta: { resourceType: 'User' },
    });
    const linked = userAnswer(directory, put, 200);
    expect(linked).toMatchObject({
      id: found.id,
      name: { givenName: 'Test', familyName: 'User' },
      active: true,
    });
    expect(await membership(directory, email)).toEqual(ACTIVE_MEMBER);
    // RFC 7643 section 3.1: meta.created is when the resource was added, read-only; only lastModified moves.
    expect(Date.parse(linked.meta.lastModified)).toBeGreaterThan(Date.parse(found.meta.lastModified));
    expect(linked.meta.created).toBe(found.meta.created);
    expect(userAnswer(directory, await send(directory, 'GET', `/Users/${found.id}`), 200).meta.created).toBe(
      found.meta.created,
    );
  });

  it('Okta: unassign → the same PATCH active:false (Okta never DELETEs): the User stays listed in Okta’s import; re-assign finds it and activates it', async () => {
    const email = directory.address();
    const user = await oktaAssign(email);
    const session = await ownSession(email);

    userAnswer(directory, await send(directory, 'PATCH', `/Users/${user.id}`, oktaActive(false)), 200);
    expect(await membership(directory, email)).toEqual(DEACTIVATED_MEMBER);
    expect(await ownTenantAnswer(directory, session)).toEqual({ status: 403, code: 'member_deactivated' });

    // "Retrieve Users": Okta's import pages through every User with startIndex and count=100.
    const imported = listAnswer(directory, await send(directory, 'GET', '/Users?startIndex=1&count=100'));
    expect(imported.startIndex).toBe(1);
    expect(imported.Resources.find((resource) => resource.id === user.id)).toMatchObject({
      userName: email,
      active: false,
    });

    // Assigned again: Okta's lookup finds the inactive User, and Okta activates it rather than creating one.
    const lookup = listAnswer(directory, await send(directory, 'GET', oktaFilter(`userName eq "${email}"`)));
    expect(lookup.Resources).toHaveLength(1);
    expect(lookup.Resources[0]).toMatchObject({ id: user.id, active: false });
    userAnswer(directory, await send(directory, 'PATCH', `/Users/${user.id}`, oktaActive(true)), 200);
    expect(await membership(directory, email)).toEqual(ACTIVE_MEMBER);
    expect(await ownTenantAnswer(directory, session)).toEqual({ status: 200 });
  });

  it('Okta (App Integration Wizard app): deactivate and reactivate are a PUT of the whole user with active false, then true', async () => {
    // "For any custom app integrations created using the AIW, this request is sent through a PUT method request."
    const email = directory.address();
    const user = await oktaAssign(email);
    const session = await ownSession(email);
    const whole = (active: boolean) => ({
      schemas: [USER_SCHEMA],
      id: user.id,
      userName: email,
      name: { givenName: 'Test', middleName: '', familyName: 'User' },
      emails: [{ primary: true, value: email, type: 'work', display: email }],
      active,
      groups: [],
      meta: { resourceType: 'User' },
    });

    const off = userAnswer(directory, await send(directory, 'PUT', `/Users/${user.id}`, whole(false)), 200);
    expect(off).toMatchObject({ id: user.id, active: false });
    expect(await membership(directory, email)).toEqual(DEACTIVATED_MEMBER);
    expect(await ownTenantAnswer(directory, session)).toEqual({ status: 403, code: 'member_deactivated' });

    const on = userAnswer(directory, await send(directory, 'PUT', `/Users/${user.id}`, whole(true)), 200);
    expect(on).toMatchObject({ id: user.id, active: true });
    expect(await membership(directory, email)).toEqual(ACTIVE_MEMBER);
    expect(await ownTenantAnswer(directory, session)).toEqual({ status: 200 });
  });
});

describe('Microsoft Entra ID', () => {
  // "Tutorial: Develop and plan provisioning for a SCIM endpoint in Microsoft Entra ID" (user operations: Create
  // User, Get User, Get User by query, Update User, Disable User, Delete User):
  //   https://learn.microsoft.com/en-us/entra/identity/app-provisioning/use-scim-to-provision-users-and-groups
  // "Known issues and resolutions with SCIM 2.0 protocol compliance of the Microsoft Entra user provisioning
  // service" (what the provisioning job sends without and with the aadOptscim062020 flag: "Replace"/"Add" ops,
  // "active": "False", several attributes in one PATCH):
  //   https://learn.microsoft.com/en-us/entra/identity/app-provisioning/application-provisioning-config-problem-scim-compatibility
  // (sources: github.com/MicrosoftDocs/entra-docs, docs/identity/app-provisioning/)
  let directory: Directory;
  beforeAll(async () => {
    directory = await directoryTeam(app);
  });

  /** "Create User": Entra's request, the user's mail as both userName (UPN) and work email. */
  const entraUser = (email: string, externalId: string) => ({
    schemas: [USER_SCHEMA, ENTERPRISE_USER],
    externalId,
    userName: email,
    active: true,
    emails: [{ primary: true, type: 'work', value: email }],
    meta: { resourceType: 'User' },
    name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
    roles: [],
  });

  const patch = (...operations: object[]) => ({ schemas: [PATCH_OP], Operations: operations });

  /** Entra's matching query, then Create User: the new User. */
  async function entraAssign(email: string, externalId = randomUUID()) {
    const lookup = listAnswer(directory, await send(directory, 'GET', entraFilter(`userName eq "${email}"`)));
    expect(lookup).toMatchObject({ totalResults: 0, Resources: [] });
    const created = await send(directory, 'POST', '/Users', entraUser(email, externalId));
    const user = userAnswer(directory, created, 201);
    expect(created.headers.location).toBe(user.meta.location);
    return user;
  }

  it('Entra ID: test connection → a query for a user that does not exist answers an empty ListResponse', async () => {
    const none = listAnswer(
      directory,
      await send(directory, 'GET', entraFilter(`userName eq "${randomUUID()}"`)),
    );
    expect(none).toMatchObject({ totalResults: 0, Resources: [] });
    // "Get User" of an id that is no one's: 404 in SCIM's error body.
    scimError(await send(directory, 'GET', `/Users/${randomUUID()}`), 404);
    // Test Connection with a secret token that is not the team's: refused, in SCIM's error body and media type.
    const wrongToken = { ...directory, scim: scimClient(app, `tscim_${randomUUID().replace(/-/g, '')}`) };
    scimError(await send(wrongToken, 'GET', entraFilter(`userName eq "${randomUUID()}"`)), 401);
  });

  it('Entra ID: assign → POST /Users with the enterprise extension makes a member, found by userName, externalId and emails[type eq "work"].value', async () => {
    const email = directory.address();
    const externalId = randomUUID();
    const user = await entraAssign(email, externalId);
    expect(user).toMatchObject({
      userName: email,
      externalId,
      name: { familyName: 'familyName', givenName: 'givenName' },
      active: true,
      emails: [{ value: email, type: 'work', primary: true }],
    });
    expect(await membership(directory, email)).toEqual(ACTIVE_MEMBER);

    for (const filter of [
      `userName eq "${email}"`,
      `externalId eq "${externalId}"`,
      `emails[type eq "work"].value eq "${email}"`,
    ]) {
      const found = listAnswer(directory, await send(directory, 'GET', entraFilter(filter)));
      expect(found.totalResults, filter).toBe(1);
      expect(found.Resources[0], filter).toEqual(user);
    }
    expect(userAnswer(directory, await send(directory, 'GET', `/Users/${user.id}`), 200)).toEqual(user);

    const session = await ownSession(email);
    expect(await ownTenantAnswer(directory, session)).toEqual({ status: 200 });
  });

  it('Entra ID: update → "Replace" of displayName, the same work email, names, externalId and an enterprise attribute in one PATCH (without the flag)', async () => {
    const email = directory.address();
    const user = await entraAssign(email);
    const newExternalId = randomUUID();

    const answer = await send(
      directory,
      'PATCH',
      `/Users/${user.id}`,
      patch(
        { op: 'Replace', path: 'displayName', value: 'Pvlo' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: email },
        { op: 'Replace', path: 'name.givenName', value: 'Gtfd' },
        { op: 'Replace', path: 'name.familyName', value: 'Pkqf' },
        { op: 'Replace', path: 'externalId', value: newExternalId },
        { op: 'Replace', path: `${ENTERPRISE_USER}:employeeNumber`, value: 'Eqpj' },
      ),
    );
    const updated = userAnswer(directory, answer, 200);
    expect(updated).toMatchObject({
      id: user.id,
      userName: email,
      externalId: newExternalId,
      displayName: 'Pvlo',
      name: { givenName: 'Gtfd', familyName: 'Pkqf' },
      active: true,
      emails: [{ value: email, type: 'work', primary: true }],
    });
    expect(updated.meta.created).toBe(user.meta.created);
    expect(Date.parse(updated.meta.lastModified)).toBeGreaterThan(Date.parse(user.meta.lastModified));
    expect(userAnswer(directory, await send(directory, 'GET', `/Users/${user.id}`), 200)).toEqual(updated);
    const byExternalId = listAnswer(
      directory,
      await send(directory, 'GET', entraFilter(`externalId eq "${newExternalId}"`)),
    );
    expect(byExternalId.Resources.map((resource) => resource.id)).toEqual([user.id]);
    expect(await membership(directory, email)).toEqual(ACTIVE_MEMBER);
  });

  it('Entra ID: update → the same change as the SCIM-compliant job sends it (aadOptscim062020): one "replace" without a path, dotted names', async () => {
    const email = directory.address();
    const user = await entraAssign(email);

    const answer = await send(
      directory,
      'PATCH',
      `/Users/${user.id}`,
      patch(
        { op: 'replace', path: 'emails[type eq "work"].value', value: email },
        {
          op: 'replace',
          value: {
            displayName: 'Bjfe',
            'name.givenName': 'Kkom',
            'name.familyName': 'Unua',
            [`${ENTERPRISE_USER}:employeeNumber`]: 'Aklq',
          },
        },
      ),
    );
    expect(userAnswer(directory, answer, 200)).toMatchObject({
      id: user.id,
      userName: email,
      displayName: 'Bjfe',
      name: { givenName: 'Kkom', familyName: 'Unua' },
      active: true,
    });
    expect(await membership(directory, email)).toEqual(ACTIVE_MEMBER);
  });

  it('Entra ID: update → "Add" of an attribute the user had no value for (displayName, then name.givenName)', async () => {
    const email = directory.address();
    const user = await entraAssign(email);
    expect(user.displayName).toBeUndefined();

    const added = userAnswer(
      directory,
      await send(
        directory,
        'PATCH',
        `/Users/${user.id}`,
        patch({ op: 'Add', path: 'displayName', value: 'Babs' }),
      ),
      200,
    );
    expect(added).toMatchObject({ displayName: 'Babs', name: { givenName: 'givenName' } });
    const renamed = userAnswer(
      directory,
      await send(
        directory,
        'PATCH',
        `/Users/${user.id}`,
        patch({ op: 'Add', path: 'name.givenName', value: 'Barbara' }),
      ),
      200,
    );
    expect(renamed).toMatchObject({
      displayName: 'Babs',
      name: { givenName: 'Barbara', familyName: 'familyName' },
    });
    expect(await membership(directory, email)).toEqual(ACTIVE_MEMBER);
  });

  it('Entra ID: update → a new work email or userName (the tutorial’s own examples) is refused, and nothing changes', async () => {
    const email = directory.address();
    const user = await entraAssign(email);
    const other = directory.address();

    // "Update User [Multi-valued properties]".
    scimError(
      await send(
        directory,
        'PATCH',
        `/Users/${user.id}`,
        patch(
          { op: 'Replace', path: 'emails[type eq "work"].value', value: other },
          { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
        ),
      ),
      400,
      'mutability',
    );
    // "Update User [Single-valued properties]".
    scimError(
      await send(
        directory,
        'PATCH',
        `/Users/${user.id}`,
        patch({ op: 'Replace', path: 'userName', value: other }),
      ),
      400,
      'mutability',
    );
    expect(userAnswer(directory, await send(directory, 'GET', `/Users/${user.id}`), 200)).toEqual(user);
    expect(await membership(directory, email)).toEqual(ACTIVE_MEMBER);
    expect(await membership(directory, other)).toBeUndefined();
  });

  it('Entra ID: unassign (soft delete) → "Replace" active "False" shuts the member out at once; restore → "True" lets the same session back', async () => {
    const email = directory.address();
    const user = await entraAssign(email);
    const session = await ownSession(email);

    const disabled = userAnswer(
      directory,
      await send(
        directory,
        'PATCH',
        `/Users/${user.id}`,
        patch({ op: 'Replace', path: 'active', value: 'False' }),
      ),
      200,
    );
    expect(disabled).toMatchObject({ id: user.id, userName: email, active: false });
    expect(await membership(directory, email)).toEqual(DEACTIVATED_MEMBER);
    expect(await ownTenantAnswer(directory, session)).toEqual({ status: 403, code: 'member_deactivated' });
    // "The user object should be returned in a request whether or not the user is active."
    expect(userAnswer(directory, await send(directory, 'GET', `/Users/${user.id}`), 200).active).toBe(false);
    const found = listAnswer(directory, await send(directory, 'GET', entraFilter(`userName eq "${email}"`)));
    expect(found.Resources).toHaveLength(1);
    expect(found.Resources[0]).toMatchObject({ id: user.id, active: false });

    const restored = userAnswer(
      directory,
      await send(
        directory,
        'PATCH',
        `/Users/${user.id}`,
        patch({ op: 'Replace', path: 'active', value: 'True' }),
      ),
      200,
    );
    expect(restored).toMatchObject({ id: user.id, active: true });
    expect(await membership(directory, email)).toEqual(ACTIVE_MEMBER);
    expect(await ownTenantAnswer(directory, session)).toEqual({ status: 200 });
  });

  it('Entra ID: hard delete → "Disable User", then DELETE /Users/{id}: 204, then 404, the membership gone, the account itself untouched; assigning again makes a new member', async () => {
    const email = directory.address();
    const user = await entraAssign(email);
    const session = await ownSession(email);

    // "Disable User", as the tutorial shows it (a boolean).
    const disabled = userAnswer(
      directory,
      await send(
        directory,
        'PATCH',
        `/Users/${user.id}`,
        patch({ op: 'Replace', path: 'active', value: false }),
      ),
      200,
    );
    expect(disabled.active).toBe(false);
    expect(await membership(directory, email)).toEqual(DEACTIVATED_MEMBER);

    // "Delete User", 30 days after the soft delete.
    const deleted = await send(directory, 'DELETE', `/Users/${user.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(deleted.body).toBe('');
    scimError(await send(directory, 'GET', `/Users/${user.id}`), 404);
    scimError(await send(directory, 'DELETE', `/Users/${user.id}`), 404);
    const none = listAnswer(directory, await send(directory, 'GET', entraFilter(`userName eq "${email}"`)));
    expect(none).toMatchObject({ totalResults: 0, Resources: [] });
    expect(await membership(directory, email)).toBeUndefined();
    expect(await ownTenantAnswer(directory, session)).toEqual({ status: 403, code: 'not_a_member' });
    // Their account is their own: its session still opens its account routes.
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(session.access_token),
    });
    expect(me.statusCode, me.body).toBe(200);

    // Assigned again: Entra's query finds no one, and Create User makes a member of the same account anew.
    const again = await entraAssign(email);
    expect(again).toMatchObject({ id: user.id, userName: email, active: true });
    expect(Date.parse(again.meta.created)).toBeGreaterThan(Date.parse(user.meta.created));
    expect(await membership(directory, email)).toEqual(ACTIVE_MEMBER);
    expect(await ownTenantAnswer(directory, session)).toEqual({ status: 200 });
  });
});
