// The SCIM service's Users (docs/contract.md section 4, Enterprise identity; RFC 7644): a User is a member of the
// token's team on one of its verified domains. What a change does to the membership is the members module's
// (directory.service.ts); this reads the protocol: filters, pages, bodies, PATCH, and which refusal is which.
import type { Db } from '../../../db/client.ts';
import { withTenantScope } from '../../../db/tenant-scope.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { ScimCaller } from '../../../lib/caller.ts';
import type { AuthDeps } from '../../auth/auth.service.ts';
import {
  deprovisionMember,
  provisionMember,
  updateDirectoryMember,
} from '../../members/directory.service.ts';
import { invalidScimToken, isLiveScimToken } from '../../scim-tokens/scim-tokens.service.ts';
import { lockTeam } from '../../tenants/tenants.service.ts';
import { isVerifiedDomainOf } from '../sso.repository.ts';
import { domainOf } from '../sso.service.ts';
import { listResponse, MAX_RESULTS } from './scim-documents.ts';
import { filterCondition } from './scim-filter.ts';
import { applyPatch } from './scim-patch.ts';
import * as repo from './scim.repository.ts';
import { type DirectoryMember, readUser, scimRefusal, toUserResource, type UserInput } from './scim-user.ts';

export type ScimDeps = { db: Db; auth: AuthDeps; baseUrl: string };

/** A resource of `kind` this service does not have (for a User: none of the team's directory members has the id). */
export const notFoundOf = (kind: string) => new AppError('NOT_FOUND', `${kind} not found`, 'scim_not_found');
const notFound = () => notFoundOf('User');

/** A query parameter sent once, as a string (a repeated one is refused). */
function queryParameter(query: Record<string, unknown>, name: string): string | undefined {
  const key = Object.keys(query).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : query[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw scimRefusal('invalid_value', `${name} may be given once`);
  return value;
}

/** A whole-number parameter; `fallback` when absent. */
function wholeNumber(query: Record<string, unknown>, name: string, fallback: number): number {
  const value = queryParameter(query, name);
  if (value === undefined || value === '') return fallback;
  if (!/^-?\d{1,9}$/.test(value)) throw scimRefusal('invalid_value', `${name} must be a whole number`);
  return Number(value);
}

export async function listUsers(deps: ScimDeps, { tenantId }: ScimCaller, query: Record<string, unknown>) {
  const filter = queryParameter(query, 'filter');
  const condition = filter === undefined || filter.trim() === '' ? undefined : filterCondition(filter);
  // RFC 7644 section 3.4.2.4: a startIndex below 1 is 1; a negative count is 0; no more than MAX_RESULTS a page.
  const startIndex = Math.max(1, wholeNumber(query, 'startIndex', 1));
  const count = Math.min(MAX_RESULTS, Math.max(0, wholeNumber(query, 'count', MAX_RESULTS)));
  const { members, total } = await withTenantScope(deps.db, tenantId, (tx) =>
    repo.findDirectoryMembers(tx, tenantId, condition, { offset: startIndex - 1, limit: count }),
  );
  return listResponse(
    members.map((member) => toUserResource(member, deps.baseUrl)),
    total,
    startIndex,
  );
}

/**
 * A change of the directory's, in one transaction under the team's lock and then its token's share lock: a change
 * that passed the guard just before the token was revoked or replaced (or its maker lost their role), and reaches this
 * after, is refused with 401 like the next request; one that got here first commits before the revocation does.
 */
async function directoryChange<T>(deps: ScimDeps, caller: ScimCaller, change: (tx: Db) => Promise<T>) {
  return deps.db.transaction(async (tx) => {
    await lockTeam(tx, caller.tenantId);
    if (!(await isLiveScimToken(tx, caller.tenantId, caller.tokenHash))) throw invalidScimToken();
    return change(tx);
  });
}

async function requireMember(tx: Db, tenantId: string, id: string): Promise<DirectoryMember> {
  // Not a uuid: no member has it (and the database is not asked to cast it).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound();
  const member = await repo.findDirectoryMember(tx, tenantId, id.toLowerCase());
  if (!member) throw notFound();
  return member;
}

export async function getUser(deps: ScimDeps, { tenantId }: ScimCaller, id: string) {
  const member = await withTenantScope(deps.db, tenantId, (tx) => requireMember(tx, tenantId, id));
  return toUserResource(member, deps.baseUrl);
}

export async function createUser(deps: ScimDeps, caller: ScimCaller, body: unknown) {
  const { tenantId } = caller;
  const input = readUser(body);
  if (input.emails.some((email) => email !== input.userName)) {
    throw scimRefusal(
      'invalid_value',
      "emails may list only the userName: a member's account has one address",
    );
  }
  const member = await directoryChange(deps, caller, async (tx) => {
    // A directory never vouches for an address outside the team's verified domains.
    if (!(await isVerifiedDomainOf(tx, tenantId, domainOf(input.userName)))) {
      throw scimRefusal('invalid_value', "userName must be an address on one of the team's verified domains");
    }
    const userId = await provisionMember(deps.auth, tx, tenantId, {
      email: input.userName,
      profile: input.profile,
      active: input.active ?? true,
    });
    return (await repo.findDirectoryMember(tx, tenantId, userId))!;
  });
  return toUserResource(member, deps.baseUrl);
}

/**
 * Writes `input` over the member: their address (userName, emails) cannot change (SCIM never changes an account),
 * their names and id are the directory's, `active` unsaid keeps what it was.
 */
async function writeMember(
  deps: ScimDeps,
  tx: Db,
  tenantId: string,
  member: DirectoryMember,
  input: UserInput,
) {
  if (input.userName !== member.email || input.emails.some((email) => email !== member.email)) {
    throw scimRefusal(
      'mutability',
      "userName and emails cannot change: they are the member's account address",
    );
  }
  await updateDirectoryMember(deps.auth, tx, tenantId, member, {
    profile: input.profile,
    active: input.active ?? member.active,
  });
  return toUserResource((await repo.findDirectoryMember(tx, tenantId, member.userId))!, deps.baseUrl);
}

export async function replaceUser(deps: ScimDeps, caller: ScimCaller, id: string, body: unknown) {
  const input = readUser(body);
  const { tenantId } = caller;
  return directoryChange(deps, caller, async (tx) =>
    writeMember(deps, tx, tenantId, await requireMember(tx, tenantId, id), input),
  );
}

export async function patchUser(deps: ScimDeps, caller: ScimCaller, id: string, body: unknown) {
  const { tenantId } = caller;
  return directoryChange(deps, caller, async (tx) => {
    const member = await requireMember(tx, tenantId, id);
    const patched = applyPatch(toUserResource(member, deps.baseUrl), body);
    return writeMember(deps, tx, tenantId, member, readUser(patched));
  });
}

export async function deleteUser(deps: ScimDeps, caller: ScimCaller, id: string) {
  const { tenantId } = caller;
  await directoryChange(deps, caller, async (tx) =>
    deprovisionMember(deps.auth, tx, tenantId, await requireMember(tx, tenantId, id)),
  );
}
