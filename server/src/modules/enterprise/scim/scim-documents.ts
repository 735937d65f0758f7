// What the SCIM service says of itself (RFC 7643 sections 5 to 7; RFC 7644 section 4): the features it supports, the
// one resource type it serves (User) and that type's schema, as far as this service keeps it. A directory reads these
// to learn what to send; they are constants, but for the URLs, which are the deployment's.

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const SERVICE_PROVIDER_CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

/** The largest page a list answers (`count`); a directory asks for more pages. */
export const MAX_RESULTS = 200;

/** A list of resources, as every list of this service answers (RFC 7644 section 3.4.2). */
export const listResponse = <T>(resources: T[], totalResults: number, startIndex: number) => ({
  schemas: [LIST_RESPONSE],
  totalResults,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

export const serviceProviderConfig = (baseUrl: string) => ({
  schemas: [SERVICE_PROVIDER_CONFIG_SCHEMA],
  documentationUri: `${baseUrl.replace(/\/api\/scim\/v2$/, '')}/api/docs`,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: MAX_RESULTS },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description: "The team's SCIM token, made on its Security page: Authorization: Bearer tscim_…",
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
});

export const userResourceType = (baseUrl: string) => ({
  schemas: [RESOURCE_TYPE_SCHEMA],
  id: 'User',
  name: 'User',
  endpoint: '/Users',
  description: 'A member of the team',
  schema: USER_SCHEMA,
  meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
});

/** A string attribute of the User schema as this service keeps it. */
const stringAttribute = (name: string, description: string, more: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  description,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...more,
});

/**
 * The core User schema (RFC 7643 section 4.1) as far as this service keeps it: the member's address as `userName` and
 * their one email, both fixed once provisioned (the account is the person's own); the names the directory gives,
 * kept on the membership; whether they are active in the team.
 */
export const userSchema = (baseUrl: string) => ({
  schemas: [SCHEMA_SCHEMA],
  id: USER_SCHEMA,
  name: 'User',
  description: 'A member of the team',
  attributes: [
    stringAttribute('userName', "The member's email address, on one of the team's verified domains", {
      required: true,
      mutability: 'immutable',
      uniqueness: 'server',
    }),
    {
      ...stringAttribute('name', "The member's name", { type: 'complex' }),
      subAttributes: [
        stringAttribute('formatted', 'The full name'),
        stringAttribute('familyName', 'The family name'),
        stringAttribute('givenName', 'The given name'),
      ],
    },
    stringAttribute('displayName', 'The name shown for the member'),
    { ...stringAttribute('active', 'Whether the member may use the team'), type: 'boolean' },
    {
      ...stringAttribute('emails', "The member's email address: their userName", {
        type: 'complex',
        multiValued: true,
        mutability: 'immutable',
      }),
      subAttributes: [
        stringAttribute('value', 'The address', { mutability: 'immutable' }),
        stringAttribute('type', 'Always work', { mutability: 'readOnly', canonicalValues: ['work'] }),
        {
          ...stringAttribute('primary', 'Always true', { mutability: 'readOnly' }),
          type: 'boolean',
        },
      ],
    },
  ],
  meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${USER_SCHEMA}` },
});
