// A SCIM User (RFC 7643 section 4.1) as this service reads and writes it. Directories send attribute names in any
// case (RFC 7643 section 2.1) and values loosely typed (Entra ID's "True"/"False"): a body is read here, once, into
// what the service keeps, and every refusal says which attribute and why in SCIM's terms.
import { EmailSchema } from '@app/contract';

import { AppError } from '../../../lib/app-error.ts';
import type { DirectoryProfile } from '../../members/directory.service.ts';
import { USER_SCHEMA } from './scim-documents.ts';

/** The longest name or external id kept. */
const MAX_TEXT = 256;

/** What a body says of a person: their address, the emails it lists, whether active (unsaid: undefined), the rest. */
export type UserInput = {
  userName: string;
  emails: string[];
  active: boolean | undefined;
  profile: DirectoryProfile;
};

export const scimRefusal = (
  reason: 'invalid_syntax' | 'invalid_value' | 'mutability' | 'invalid_filter' | 'invalid_path' | 'no_target',
  detail: string,
) => new AppError('BAD_REQUEST', detail, 'scim', { reason });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value of an attribute, whatever the case of its name. */
export function attribute(object: Record<string, unknown>, name: string): unknown {
  const lower = name.toLowerCase();
  const key = Object.keys(object).find((candidate) => candidate.toLowerCase() === lower);
  return key === undefined ? undefined : object[key];
}

/** A text attribute: absent or null as null, else a string of at most MAX_TEXT characters. */
function text(object: Record<string, unknown>, name: string, label = name): string | null {
  const value = attribute(object, name);
  if (value === undefined || value === null || value === '') return null;
  // No NUL: PostgreSQL's text cannot hold it.
  if (typeof value !== 'string' || value.length > MAX_TEXT || value.includes('\u0000')) {
    throw scimRefusal('invalid_value', `${label} must be a string of at most ${MAX_TEXT} characters`);
  }
  return value;
}

/** `active`: a boolean, or its spelling as a string in any case (Entra ID sends "False"). */
function active(object: Record<string, unknown>): boolean | undefined {
  const value = attribute(object, 'active');
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw scimRefusal('invalid_value', 'active must be true or false');
}

const address = (value: unknown, label: string): string => {
  const parsed = EmailSchema.safeParse(value);
  if (!parsed.success) throw scimRefusal('invalid_value', `${label} must be an email address`);
  return parsed.data;
};

/** Reads a User from a request's body (a create, a replace) or from a resource a PATCH produced. */
export function readUser(body: unknown): UserInput {
  if (!isObject(body)) throw scimRefusal('invalid_syntax', 'The body must be a SCIM User');
  const userName = attribute(body, 'userName');
  if (userName === undefined || userName === null) throw scimRefusal('invalid_value', 'userName is required');
  const emails = attribute(body, 'emails') ?? [];
  if (!Array.isArray(emails) || !emails.every(isObject)) {
    throw scimRefusal('invalid_value', 'emails must be a list of {value}');
  }
  const name = attribute(body, 'name') ?? {};
  if (!isObject(name)) throw scimRefusal('invalid_value', 'name must be an object');
  return {
    userName: address(userName, 'userName'),
    emails: emails.flatMap((email) => {
      const value = attribute(email, 'value');
      return value === undefined || value === null ? [] : [address(value, 'emails.value')];
    }),
    active: active(body),
    profile: {
      externalId: text(body, 'externalId'),
      givenName: text(name, 'givenName', 'name.givenName'),
      familyName: text(name, 'familyName', 'name.familyName'),
      displayName: text(body, 'displayName'),
    },
  };
}

/** A member as the directory sees them. */
export type DirectoryMember = {
  userId: string;
  email: string;
  role: 'owner' | 'admin' | 'member';
  active: boolean;
  profile: DirectoryProfile;
  created: string;
  lastModified: string;
};

/** A member as a SCIM User resource; an attribute the directory never set is left out. */
export function toUserResource(member: DirectoryMember, baseUrl: string) {
  const { profile } = member;
  const name = {
    ...(profile.givenName !== null && { givenName: profile.givenName }),
    ...(profile.familyName !== null && { familyName: profile.familyName }),
  };
  return {
    schemas: [USER_SCHEMA],
    id: member.userId,
    ...(profile.externalId !== null && { externalId: profile.externalId }),
    userName: member.email,
    ...(Object.keys(name).length > 0 && { name }),
    ...(profile.displayName !== null && { displayName: profile.displayName }),
    active: member.active,
    emails: [{ value: member.email, type: 'work', primary: true }],
    meta: {
      resourceType: 'User',
      created: member.created,
      lastModified: member.lastModified,
      location: `${baseUrl}/Users/${member.userId}`,
    },
  };
}
