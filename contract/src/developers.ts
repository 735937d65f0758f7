// The developer platform (docs/contract.md section 4): a team's API keys and its webhook endpoints with their
// deliveries. The scopes and events are plain values in constants.ts, which endpoints.ts reads without zod.
import { z } from 'zod';

import {
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_SCOPES,
  WEBHOOK_DISABLED_REASONS,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEvent,
} from './constants.ts';
import type { EndpointSchemas } from './endpoint-schema-types.ts';
import { type ValidationMessage, validationMessage } from './errors.ts';
import { ItemSchema } from './items.ts';
import { PageQuerySchema } from './pagination.ts';

const Timestamp = z.iso.datetime({ offset: true });

/** A list of choices, each named once: a repeat is dropped rather than refused. */
const choices = <T extends readonly [string, ...string[]]>(
  values: T,
  messages: Record<'unknown' | 'required' | 'tooMany', ValidationMessage>,
) =>
  z
    .array(z.enum(values, { error: validationMessage(messages.unknown) }), {
      error: validationMessage(messages.required),
    })
    .min(1, validationMessage(messages.required))
    .max(values.length * 4, validationMessage(messages.tooMany))
    .transform((chosen) => [...new Set(chosen)]);

const EVENT_MESSAGES = {
  unknown: 'event_unknown',
  required: 'event_required',
  tooMany: 'events_too_many',
} as const;

export const CreateApiKeyBodySchema = z.object({
  name: z
    .string({ error: validationMessage('name_required') })
    .trim()
    .min(1, validationMessage('name_required'))
    .max(API_KEY_NAME_MAX_LENGTH, validationMessage('api_key_name_too_long')),
  scopes: choices(API_KEY_SCOPES, {
    unknown: 'scope_unknown',
    required: 'scope_required',
    tooMany: 'scopes_too_many',
  }),
});
export type CreateApiKeyBody = z.input<typeof CreateApiKeyBodySchema>;

export const ApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The key's first characters, enough to tell it apart from the team's others. */
  prefix: z.string(),
  created_at: Timestamp,
  /** Null once the creator's account is gone. */
  created_by_email: z.string().nullable(),
  last_used_at: Timestamp.nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The answer to a create: the only time the key itself is shown. */
export const CreatedApiKeySchema = ApiKeySchema.pick({
  id: true,
  name: true,
  scopes: true,
  prefix: true,
  created_at: true,
}).extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

const WebhookUrlSchema = z
  .url({ protocol: /^https?$/, error: validationMessage('url_invalid') })
  .max(WEBHOOK_URL_MAX_LENGTH, validationMessage('url_too_long'));

export const CreateWebhookBodySchema = z.object({
  url: WebhookUrlSchema,
  events: choices(WEBHOOK_EVENTS, EVENT_MESSAGES),
});
export type CreateWebhookBody = z.input<typeof CreateWebhookBodySchema>;

/** Only the fields to change. */
export const UpdateWebhookBodySchema = z.object({
  url: WebhookUrlSchema.optional(),
  events: choices(WEBHOOK_EVENTS, EVENT_MESSAGES).optional(),
  enabled: z.boolean({ error: validationMessage('enabled_not_boolean') }).optional(),
});
export type UpdateWebhookBody = z.input<typeof UpdateWebhookBodySchema>;

export const WebhookSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  created_at: Timestamp,
  /**
   * Who answers for the endpoint: the account that made it, or the admin who last pointed it elsewhere or switched
   * it back on (docs/contract.md section 4, Credential lifecycle); null once that account is gone.
   */
  created_by_email: z.string().nullable(),
  /** Why it is off when the app switched it off: its maker stopped being an admin or the owner. Null otherwise. */
  disabled_reason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** The answer to a create: the only time the signing secret is shown. */
export const CreatedWebhookSchema = WebhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhookSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const WebhookDeliverySchema = z.object({
  /** Also the `webhook-id` header of every attempt. */
  id: z.string(),
  /** One of the endpoint's events, or `ping` for a test. */
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The HTTP status of the last attempt's answer; null before one, or when it got none (a timeout, a refusal). */
  response_status: z.number().int().nullable(),
  created_at: Timestamp,
  last_attempt_at: Timestamp.nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

const RoleSchema = z.enum(['owner', 'admin', 'member']);
const MemberDataSchema = z.object({ user: z.uuid(), email: z.string() });

/** What each event's `data` holds: the item as the API answers it, the member, the subscription's plan and status. */
export const WEBHOOK_DATA_SCHEMAS = {
  'item.created': ItemSchema,
  'item.updated': ItemSchema,
  'item.deleted': ItemSchema,
  'member.joined': MemberDataSchema.extend({ role: RoleSchema }),
  'member.role_changed': MemberDataSchema.extend({ from: RoleSchema, to: RoleSchema }),
  'member.removed': MemberDataSchema,
  'subscription.changed': z.object({
    plan: z.string(),
    status: z.string(),
    cancel_at_period_end: z.boolean(),
  }),
  /** The test button's. */
  ping: z.object({}),
} as const satisfies Record<WebhookEvent | 'ping', z.ZodType>;

/**
 * The JSON body of a delivery of `event` (the Standard Webhooks payload): `type` is the event, `timestamp` when it
 * happened, `data` what changed.
 */
export const webhookPayloadSchema = (event: WebhookEvent | 'ping') =>
  z.object({
    type: z.literal(event),
    timestamp: Timestamp,
    tenant_uuid: z.uuid(),
    data: WEBHOOK_DATA_SCHEMAS[event],
  });

const IdParamsSchema = z.object({ id: z.string().max(100) });
const DeliveryParamsSchema = IdParamsSchema.extend({ delivery_id: z.string().max(100) });

export const developersEndpointSchemas = {
  createApiKey: { body: CreateApiKeyBodySchema, response: { 201: CreatedApiKeySchema } },
  listApiKeys: { response: { 200: z.array(ApiKeySchema) } },
  revokeApiKey: { params: IdParamsSchema, response: { 204: z.null() } },
  createWebhook: { body: CreateWebhookBodySchema, response: { 201: CreatedWebhookSchema } },
  listWebhooks: { response: { 200: z.array(WebhookSchema) } },
  updateWebhook: { params: IdParamsSchema, body: UpdateWebhookBodySchema, response: { 200: WebhookSchema } },
  deleteWebhook: { params: IdParamsSchema, response: { 204: z.null() } },
  testWebhook: { params: IdParamsSchema, response: { 202: WebhookDeliverySchema } },
  listWebhookDeliveries: {
    params: IdParamsSchema,
    query: PageQuerySchema,
    response: { 200: z.array(WebhookDeliverySchema) },
  },
  retryWebhookDelivery: { params: DeliveryParamsSchema, response: { 202: WebhookDeliverySchema } },
} as const satisfies EndpointSchemas;
