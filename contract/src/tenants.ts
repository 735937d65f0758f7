import { z } from 'zod';

import { TenantUsageSchema } from './billing.ts';
import { EmailSchema, MessageSchema, NewPasswordSchema, UuidSchema } from './common.ts';
import { ROLES, type Role } from './constants.ts';
import type { EndpointSchemas } from './endpoint-schema-types.ts';
import { validationMessage } from './errors.ts';
import { PageQuerySchema } from './pagination.ts';

export const RoleSchema = z.enum(ROLES);

/** The roles that can be given by invitation or a role change: never owner (docs/contract.md section 3). */
export const AssignableRoleSchema = z.enum(['admin', 'member']);
export type AssignableRole = z.infer<typeof AssignableRoleSchema>;

/** Admins and the owner manage the team: rename it, invite, change roles and pay (docs/contract.md section 3). */
export const canManageTeam = (role: Role): boolean => role === 'owner' || role === 'admin';

export const TeamNameSchema = z
  .string({ error: validationMessage('team_name_required') })
  .trim()
  .min(1, validationMessage('team_name_required'))
  .max(100, validationMessage('team_name_too_long'));

/** Optional and trimmed; blank means none. */
export const TeamDescriptionSchema = z
  .string()
  .trim()
  .max(500, validationMessage('team_description_too_long'))
  .transform((value) => value || null)
  .nullable();

export const TenantSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  user_role: RoleSchema,
});
export type Tenant = z.infer<typeof TenantSchema>;

/** The team's security rules (docs/contract.md section 4, Enterprise identity), as they hold now. */
export const TeamRulesSchema = z.object({ require_sso: z.boolean(), require_two_factor: z.boolean() });
export type TeamRules = z.infer<typeof TeamRulesSchema>;

/** GET /tenant: the team, the caller's role, and its rules (which GET /tenant is never refused by). */
export const TenantDetailSchema = TenantSchema.extend({ security: TeamRulesSchema });
export type TenantDetail = z.infer<typeof TenantDetailSchema>;

export const CreateTenantBodySchema = z.object({
  name: TeamNameSchema,
  description: TeamDescriptionSchema.optional(),
});
export type CreateTenantBody = z.input<typeof CreateTenantBodySchema>;

export const UpdateTenantBodySchema = z.object({
  name: TeamNameSchema,
  description: TeamDescriptionSchema.optional(),
});
export type UpdateTenantBody = z.input<typeof UpdateTenantBodySchema>;

export const MemberSchema = z.object({
  user_uuid: z.uuid(),
  email: z.string(),
  role: RoleSchema,
  joined_at: z.iso.datetime({ offset: true }),
  /** The team's directory provisioned or changed them through SCIM: it owns their membership. */
  managed_by_directory: z.boolean(),
  /** False once the directory deactivated them: listed, but shut out of the team. */
  active: z.boolean(),
});
export type Member = z.infer<typeof MemberSchema>;

export const InviteBodySchema = z.object({
  email: EmailSchema,
  role: AssignableRoleSchema.default('member'),
});
export type InviteBody = z.input<typeof InviteBodySchema>;

export const RemoveMemberBodySchema = z.object({ user_uuid: UuidSchema });
export type RemoveMemberBody = z.infer<typeof RemoveMemberBodySchema>;

export const ChangeRoleBodySchema = z.object({ user_uuid: UuidSchema, new_role: AssignableRoleSchema });
export type ChangeRoleBody = z.infer<typeof ChangeRoleBodySchema>;

export const TransferOwnershipBodySchema = z.object({ user_uuid: UuidSchema });
export type TransferOwnershipBody = z.infer<typeof TransferOwnershipBodySchema>;

export const InvitationTokenParamsSchema = z.object({ token: z.string().min(1).max(512) });

/** docs/spec.md section 3's acceptance response, plus what the web app needs to keep the session and offer a password. */
export const InvitationAcceptanceSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  email: z.string(),
  tenant_name: z.string(),
  tenant_uuid: z.uuid(),
  user_uuid: z.uuid(),
  has_password: z.boolean(),
});
export type InvitationAcceptance = z.infer<typeof InvitationAcceptanceSchema>;

/**
 * The acceptance of an account with two-factor on: it joined the team, and signs in by the second step. The link
 * proves the mailbox only, and a mailbox is what a second factor protects an account against.
 */
export const InvitationAcceptanceSecondStepSchema = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string(),
  tenant_name: z.string(),
  tenant_uuid: z.uuid(),
});
export type InvitationAcceptanceSecondStep = z.infer<typeof InvitationAcceptanceSecondStepSchema>;

/** What an invitation's link answers: a signed-in session, or the second step of a sign-in with two-factor on. */
export const InvitationAcceptanceResultSchema = z.union([
  InvitationAcceptanceSchema,
  InvitationAcceptanceSecondStepSchema,
]);

export const SetInvitationPasswordBodySchema = z.object({ password: NewPasswordSchema });
export type SetInvitationPasswordBody = z.infer<typeof SetInvitationPasswordBodySchema>;

/** A team's invitation not yet accepted, revoked or expired (admins and the owner see them on the Team page). */
export const PendingInvitationSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  role: AssignableRoleSchema,
  /** Null once the inviter's account is gone. */
  invited_by_email: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  expires_at: z.iso.datetime({ offset: true }),
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

export const InvitationParamsSchema = z.object({ uuid: UuidSchema });

export const tenantsEndpointSchemas = {
  listTenants: { query: PageQuerySchema, response: { 200: z.array(TenantSchema) } },
  createTenant: { body: CreateTenantBodySchema, response: { 201: TenantSchema } },
  getTenant: { response: { 200: TenantDetailSchema } },
  updateTenant: { body: UpdateTenantBodySchema, response: { 200: TenantSchema } },
  deleteTenant: { response: { 204: z.null() } },
  transferOwnership: { body: TransferOwnershipBodySchema, response: { 200: MessageSchema } },
  getUsage: { response: { 200: TenantUsageSchema } },

  listMembers: { query: PageQuerySchema, response: { 200: z.array(MemberSchema) } },
  removeMember: { body: RemoveMemberBodySchema, response: { 204: z.null() } },
  changeMemberRole: { body: ChangeRoleBodySchema, response: { 200: MemberSchema } },

  invite: { body: InviteBodySchema, response: { 201: MessageSchema } },
  listInvitations: { query: PageQuerySchema, response: { 200: z.array(PendingInvitationSchema) } },
  revokeInvitation: { params: InvitationParamsSchema, response: { 204: z.null() } },
  resendInvitation: { params: InvitationParamsSchema, response: { 204: z.null() } },
  acceptInvitation: {
    params: InvitationTokenParamsSchema,
    response: { 200: InvitationAcceptanceResultSchema },
  },
  setInvitationPassword: {
    params: InvitationTokenParamsSchema,
    body: SetInvitationPasswordBodySchema,
    response: { 200: MessageSchema },
  },
} as const satisfies EndpointSchemas;
