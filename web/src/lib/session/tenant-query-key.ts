/**
 * The query key of anything that belongs to one team: the team comes first, so data cached for one team
 * can never be read under another.
 */
export const tenantQueryKey = <const T extends readonly unknown[]>(tenantUuid: string, ...rest: T) =>
  ['tenants', tenantUuid, ...rest] as const;

/**
 * What a team uses of its plan (GET /tenant/usage): shared, because every feature that adds or removes members,
 * invitations or items makes it stale.
 */
export const usageQueryKey = (tenantUuid: string) => tenantQueryKey(tenantUuid, 'usage');
