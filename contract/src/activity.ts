import { z } from 'zod';

import type { EndpointSchemas } from './endpoint-schema-types.ts';
import { validationMessage } from './errors.ts';
import { PageQuerySchema } from './pagination.ts';

/** docs/contract.md section 4, Team activity: the changes a team's log records, and the filter's choices. */
export const ACTIVITY_ACTIONS = [
  'member.invited',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'invitation.revoked',
  'team.updated',
  'ownership.transferred',
  'subscription.changed',
  'item.created',
  'item.updated',
  'item.deleted',
  'impersonation.started',
  'impersonation.stopped',
  'apikey.created',
  'apikey.revoked',
  'webhook.disabled',
  'webhook.deleted',
  'domain.added',
  'domain.verified',
  'domain.removed',
  'sso.updated',
  'sso.removed',
  'security.updated',
  'scim.token_created',
  'scim.token_revoked',
  'member.provisioned',
  'member.deactivated',
  'member.reactivated',
  'member.deprovisioned',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Blank is no filter, as an empty select in a form sends it. */
const ActionFilterSchema = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.enum(ACTIVITY_ACTIONS, { error: validationMessage('action_unknown') }).optional(),
);

export const ActivityQuerySchema = PageQuerySchema.extend({ action: ActionFilterSchema });
export const ActivityExportQuerySchema = z.object({ action: ActionFilterSchema });

export const ActivityEntrySchema = z.object({
  uuid: z.uuid(),
  /**
   * Who made the change: a member's email, `API key {name}`, or `SCIM` (the team's directory); null once the actor's
   * account is gone (or for a change the payment provider made).
   */
  actor_email: z.string().nullable(),
  /** One of ACTIVITY_ACTIONS; a string, so an entry of an older name still reads. */
  action: z.string(),
  /** What was acted on, in a few words; empty when nothing names it. */
  target: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

/** The export's columns, in order. */
export const ACTIVITY_CSV_COLUMNS = ['created_at', 'actor_email', 'action', 'target'] as const;

export const activityEndpointSchemas = {
  listActivity: { query: ActivityQuerySchema, response: { 200: z.array(ActivityEntrySchema) } },
  /** CSV, streamed: no JSON answer to declare. */
  exportActivity: { query: ActivityExportQuerySchema, response: {} },
} as const satisfies EndpointSchemas;
