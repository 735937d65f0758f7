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
/**
 * The attributes a PATCH may reach: those this service keeps, and userName and emails, which it refuses to change
 * (mutability). Any other (Entra ID's title, an extension's department) is dropped unread: the library is never handed
 * a path it was not meant to walk, `__proto__` and `constructor` included.
 */
const PATCHABLE = new Set(['userName', 'name', 'displayName', 'active', 'emails', 'externalId']);
/** A directory sends a handful of operations; a PATCH past this many is refused rather than walked. */
export const MAX_OPERATIONS = 50;

const CORE_URN = `${USER_SCHEMA.toLowerCase()}:`;

/**
 * A path's attribute names as the resource spells them (`Name.GivenName` → `name.givenName`), without the core User
 * schema's URN; filters kept.
 */
const canonicalPath = (path: string) =>
  (path.toLowerCase().startsWith(CORE_URN) ? path.slice(CORE_URN.length) : path).replace(
    /(^|\.)([A-Za-z]+)/g,
    (whole, dot: string, name: string) => {
      const canonical = CANONICAL.get(name.toLowerCase());
      return canonical ? `${dot}${canonical}` : whole;
    },
  );

/** Names that would walk into an object's prototype wherever they appear in a path. */
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * Whether a canonical path is one a PATCH may reach: its first attribute, before any `.` or `[`. A path through a
 * prototype is refused outright.
 */
function isPatchable(path: string): boolean {
  if (path.split(/[.[\]\s"]/).some((segment) => PROTOTYPE_KEYS.includes(segment))) {
    throw scimRefusal('invalid_path', `The path is not one of this service's attributes: ${path}`);
  }
  return PATCHABLE.has(path.split(/[.[]/, 1)[0]!);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as plain data: objects rebuilt without keys that would reach a prototype. */
function plain(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(plain);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !PROTOTYPE_KEYS.includes(key))
      .map(([key, inner]) => [key, plain(inner)]),
  );
}

/** The library's scimType, as the refusal's reason names it. */
const SCIM_TYPES: Record<
  string,
  'invalid_syntax' | 'invalid_path' | 'no_target' | 'invalid_value' | 'mutability'
> = {
  invalidSyntax: 'invalid_syntax',
  invalidPath: 'invalid_path',
  noTarget: 'no_target',
  invalidValue: 'invalid_value',
  mutability: 'mutability',
};

/** The operations of a PATCH body, normalised and kept to PATCHABLE; 400 invalidSyntax for a body that is not one. */
function operationsOf(body: unknown): ScimPatchOperation[] {
  if (!isObject(body)) throw scimRefusal('invalid_syntax', 'The body must be a SCIM PatchOp');
  const schemas = attribute(body, 'schemas');
  if (!Array.isArray(schemas) || !schemas.includes(PATCH_OP)) {
    throw scimRefusal('invalid_syntax', `The body's schemas must list ${PATCH_OP}`);
  }
  const operations = attribute(body, 'Operations');
  if (!Array.isArray(operations) || operations.length === 0 || operations.length > MAX_OPERATIONS) {
    throw scimRefusal('invalid_syntax', `Operations must list from 1 to ${MAX_OPERATIONS} operations`);
  }
  return operations.flatMap((operation) => {
    if (!isObject(operation)) throw scimRefusal('invalid_syntax', 'Each operation must be an object');
    const op = attribute(operation, 'op');
    const path = attribute(operation, 'path');
    let value = plain(attribute(operation, 'value'));
    if (typeof op !== 'string' || !['add', 'replace', 'remove'].includes(op.toLowerCase())) {
      throw scimRefusal('invalid_syntax', 'op must be add, replace or remove');
    }
    if (path !== undefined && typeof path !== 'string') {
      throw scimRefusal('invalid_path', 'path must be a string');
    }
    if (path === undefined && isObject(value)) {
      value = Object.fromEntries(
        Object.entries(value)
          .map(([key, inner]) => [canonicalPath(key), inner] as const)
          .filter(([key]) => isPatchable(key)),
      );
    }
    const canonical = path === undefined ? undefined : canonicalPath(path);
    if (canonical !== undefined && !isPatchable(canonical)) return [];
    return [
      {
        op: op.toLowerCase(),
        ...(canonical !== undefined && { path: canonical }),
        ...(value !== undefined && { value }),
      } as ScimPatchOperation,
    ];
  });
}

/** The resource after the PATCH `body`; the resource itself is left as it was. */
export function applyPatch<T extends { schemas: string[]; meta: object }>(resource: T, body: unknown): T {
  const operations = operationsOf(body);
  // Nothing this service keeps: the resource as it was (an extension attribute's PATCH is accepted and not kept).
  if (operations.length === 0) return resource;
  try {
    return scimPatch(structuredClone(resource) as never, operations, { mutateDocument: false }) as T;
  } catch (error) {
    if (!(error instanceof ScimError)) throw error;
    // A path the library cannot follow is a malformed path (RFC 7644 section 3.12), whatever code it gives.
    const code = error instanceof InvalidScimPatchOp ? 'invalidPath' : (error.scimCode ?? '');
    throw scimRefusal(Object.hasOwn(SCIM_TYPES, code) ? SCIM_TYPES[code]! : 'invalid_syntax', error.message);
  }
}
