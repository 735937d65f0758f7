// A SCIM PATCH (RFC 7644 section 3.5.2) applied to a User resource by scim-patch, after one normalising pass for what
// directories actually send: op names in any case (Entra ID's "Replace"), attribute names in any case, an op without a
// path whose value names sub-attributes ("name.givenName"). Values are read afterwards, by readUser, like a PUT's.
import { InvalidScimPatchOp, type ScimPatchOperation, ScimError, scimPatch } from 'scim-patch';

import { PATCH_OP, USER_SCHEMA } from './scim-documents.ts';
import { attribute, scimRefusal } from './scim-user.ts';

/** The User's attributes as this service spells them, by their lower-case name. */
const CANONICAL = new Map(
  [
    'userName',
    'name',
    'displayName',
    'active',
    'emails',
    'externalId',
    'givenName',
    'familyName',
    'formatted',
  ].map((name) => [name.toLowerCase(), name]),
);

const CORE_URN = `${USER_SCHEMA.toLowerCase()}:`;

/**
 * A path's attribute names as the resource spells them (`Name.GivenName` → `name.givenName`), without the core User
 * schema's URN; filters and extension attributes kept.
 */
const canonicalPath = (path: string) =>
  (path.toLowerCase().startsWith(CORE_URN) ? path.slice(CORE_URN.length) : path).replace(
    /(^|\.)([A-Za-z]+)/g,
    (whole, dot: string, name: string) => {
      const canonical = CANONICAL.get(name.toLowerCase());
      return canonical ? `${dot}${canonical}` : whole;
    },
  );

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const SCIM_TYPES = new Set(['invalidSyntax', 'invalidPath', 'noTarget', 'invalidValue', 'mutability']);

/** The operations of a PATCH body, normalised; 400 invalidSyntax for a body that is not one. */
function operationsOf(body: unknown): ScimPatchOperation[] {
  if (!isObject(body)) throw scimRefusal('invalidSyntax', 'The body must be a SCIM PatchOp');
  const schemas = attribute(body, 'schemas');
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_OP)) {
    throw scimRefusal('invalidSyntax', `The body's schemas must list ${PATCH_OP}`);
  }
  const operations = attribute(body, 'Operations');
  if (!Array.isArray(operations) || operations.length === 0) {
    throw scimRefusal('invalidSyntax', 'Operations must list at least one operation');
  }
  return operations.map((operation) => {
    if (!isObject(operation)) throw scimRefusal('invalidSyntax', 'Each operation must be an object');
    const op = attribute(operation, 'op');
    const path = attribute(operation, 'path');
    let value = attribute(operation, 'value');
    if (typeof op !== 'string' || !['add', 'replace', 'remove'].includes(op.toLowerCase())) {
      throw scimRefusal('invalidSyntax', 'op must be add, replace or remove');
    }
    if (path !== undefined && typeof path !== 'string')
      throw scimRefusal('invalidPath', 'path must be a string');
    if (path === undefined && isObject(value)) {
      value = Object.fromEntries(Object.entries(value).map(([key, inner]) => [canonicalPath(key), inner]));
    }
    return {
      op: op.toLowerCase(),
      ...(path !== undefined && { path: canonicalPath(path) }),
      ...(value !== undefined && { value }),
    } as ScimPatchOperation;
  });
}

/** The resource after the PATCH `body`; the resource itself is left as it was. */
export function applyPatch<T extends { schemas: string[]; meta: object }>(resource: T, body: unknown): T {
  const operations = operationsOf(body);
  try {
    return scimPatch(structuredClone(resource) as never, operations, { mutateDocument: false }) as T;
  } catch (error) {
    if (!(error instanceof ScimError)) throw error;
    // A path the library cannot follow is a malformed path (RFC 7644 section 3.12), whatever code it gives.
    const code = error instanceof InvalidScimPatchOp ? 'invalidPath' : error.scimCode;
    const reason = SCIM_TYPES.has(code ?? '') ? code : 'invalidSyntax';
    throw scimRefusal(reason as 'invalidSyntax', error.message);
  }
}
