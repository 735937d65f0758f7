// A SCIM filter (RFC 7644 section 3.4.2.2) as a SQL condition on the team's directory members. scim2-parse-filter
// parses it; each attribute it names is looked up in ATTRIBUTES (anything else is refused), and each value becomes a
// bound parameter: a filter never writes SQL of its own. A filter that does not parse, or asks what this service
// cannot answer, is 400 invalidFilter, never a 5xx.
import { and, not, or, type SQL, sql } from 'drizzle-orm';
import { type Filter, parse } from 'scim2-parse-filter';

import { directoryProfiles, memberships } from '../../../db/schema/memberships.ts';
import { users } from '../../../db/schema/users.ts';
import { scimRefusal } from './scim-user.ts';
import { USER_SCHEMA } from './scim-documents.ts';

/** The longest filter read: Okta's and Entra ID's are a few dozen characters. */
const MAX_FILTER_LENGTH = 1000;

type Kind = 'text' | 'exact' | 'boolean' | 'time' | 'constant';
type Attribute = { kind: Kind; column: SQL };

const lowerText = (column: SQL): Attribute => ({ kind: 'text', column });
const created = sql`${memberships.joinedAt}`;
const lastModified = sql`greatest(${directoryProfiles.updatedAt}, ${memberships.joinedAt})`;

/**
 * The attributes a filter may name, lower case, without the User schema's URN: a member has one email, their
 * userName, of type work and primary. `text` compares without regard to case (caseExact false), `exact` with it.
 */
const ATTRIBUTES: Record<string, Attribute> = {
  id: { kind: 'exact', column: sql`${memberships.userId}::text` },
  externalid: { kind: 'exact', column: sql`${directoryProfiles.externalId}` },
  username: lowerText(sql`${users.email}`),
  displayname: lowerText(sql`${directoryProfiles.displayName}`),
  'name.givenname': lowerText(sql`${directoryProfiles.givenName}`),
  'name.familyname': lowerText(sql`${directoryProfiles.familyName}`),
  emails: lowerText(sql`${users.email}`),
  'emails.value': lowerText(sql`${users.email}`),
  'emails.type': { kind: 'constant', column: sql`'work'` },
  'emails.primary': { kind: 'boolean', column: sql`true` },
  active: { kind: 'boolean', column: sql`${memberships.deactivatedAt} is null` },
  'meta.created': { kind: 'time', column: created },
  'meta.lastmodified': { kind: 'time', column: lastModified },
};

const invalid = (detail: string) => scimRefusal('invalid_filter', detail);

function attributeOf(path: string, within?: string): Attribute {
  let name = path.toLowerCase();
  const urn = `${USER_SCHEMA.toLowerCase()}:`;
  if (name.startsWith(urn)) name = name.slice(urn.length);
  const key = within ? `${within}.${name}` : name;
  const found = Object.hasOwn(ATTRIBUTES, key) ? ATTRIBUTES[key] : undefined;
  if (!found) throw invalid(`The filter names an attribute this service cannot filter on: ${path}`);
  return found;
}

/** A LIKE pattern matching `value` literally, with `%` where the operator allows anything. */
const pattern = (value: string, op: 'co' | 'sw' | 'ew') => {
  const literal = value.replace(/[\\%_]/g, (character) => `\\${character}`);
  return `${op === 'sw' ? '' : '%'}${literal}${op === 'ew' ? '' : '%'}`;
};

const ORDER = { gt: sql`>`, ge: sql`>=`, lt: sql`<`, le: sql`<=` } as const;

function compare(filter: Extract<Filter, { compValue: unknown }>, within?: string): SQL {
  const { kind, column } = attributeOf(filter.attrPath, within);
  const { op, compValue: value } = filter;
  if (kind === 'boolean') {
    if (typeof value !== 'boolean' || (op !== 'eq' && op !== 'ne')) {
      throw invalid(`${filter.attrPath} takes eq or ne with true or false`);
    }
    return op === 'eq' ? sql`(${column}) = ${value}` : sql`(${column}) <> ${value}`;
  }
  if (typeof value !== 'string') throw invalid(`${filter.attrPath} is compared with a string`);
  if (kind === 'time') {
    const at = new Date(value);
    // Years 1 to 9999: what PostgreSQL's timestamps hold of what Date parses.
    if (Number.isNaN(at.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value) || value.startsWith('0000')) {
      throw invalid(`${filter.attrPath} is compared with a date and time (ISO 8601)`);
    }
    if (op === 'eq') return sql`${column} = ${at.toISOString()}::timestamptz`;
    if (op === 'ne') return sql`${column} <> ${at.toISOString()}::timestamptz`;
    if (op in ORDER)
      return sql`${column} ${ORDER[op as keyof typeof ORDER]} ${at.toISOString()}::timestamptz`;
    throw invalid(`${filter.attrPath} takes eq, ne, gt, ge, lt or le`);
  }
  // Text: the column and the value both in lower case, unless the attribute is case-exact.
  const side = kind === 'exact' ? column : sql`lower(${column})`;
  const operand = kind === 'exact' ? value : value.toLowerCase();
  switch (op) {
    case 'eq':
      return sql`${side} = ${operand}`;
    case 'ne':
      return sql`${side} is distinct from ${operand}`;
    case 'co':
    case 'sw':
    case 'ew':
      return sql`${side} like ${pattern(operand, op)} escape '\\'`;
    default:
      return sql`${side} ${ORDER[op]} ${operand}`;
  }
}

function toSql(filter: Filter, within?: string): SQL {
  switch (filter.op) {
    case 'and':
    case 'or': {
      const parts = filter.filters.map((part) => toSql(part, within));
      return (filter.op === 'and' ? and(...parts) : or(...parts))!;
    }
    case 'not':
      return not(toSql(filter.filter, within));
    case 'pr':
      return sql`(${attributeOf(filter.attrPath, within).column}) is not null`;
    case '[]': {
      // A member has one email: emails[type eq "work" and value eq "…"] is a condition on it.
      const path = filter.attrPath.toLowerCase();
      if (within || path !== 'emails') throw invalid(`Only emails takes a [filter]: ${filter.attrPath}`);
      return toSql(filter.valFilter, 'emails');
    }
    default:
      return compare(filter, within);
  }
}

/** The condition `filter` sets on the team's directory members; 400 invalidFilter for one that cannot be answered. */
export function filterCondition(filter: string): SQL {
  if (filter.length > MAX_FILTER_LENGTH)
    throw invalid(`A filter may have at most ${MAX_FILTER_LENGTH} characters`);
  let parsed: Filter;
  try {
    parsed = parse(filter);
  } catch {
    // Whatever the parser's complaint (a bad token, a stack overflow on deep nesting): the filter is malformed.
    throw invalid('The filter is not a valid SCIM filter');
  }
  return toSql(parsed);
}
