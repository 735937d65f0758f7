/**
 * A super admin by the database flag or by SUPER_ADMIN_EMAILS (docs/contract.md section 2), never by a token's claim, and only
 * with a verified email: whoever registers a listed address before its owner does must not hold it unproven.
 */
export const isSuperAdmin = (
  user: { email: string; isVerified: boolean; isSuperAdmin: boolean },
  superAdminEmails: readonly string[],
): boolean => user.isVerified && (user.isSuperAdmin || superAdminEmails.includes(user.email));
