/** A super admin by the database flag or by SUPER_ADMIN_EMAILS (CONTRACT section 2), never by a token's claim. */
export const isSuperAdmin = (
  user: { email: string; isSuperAdmin: boolean },
  superAdminEmails: readonly string[],
): boolean => user.isSuperAdmin || superAdminEmails.includes(user.email);
