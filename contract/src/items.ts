import { z } from 'zod';

import { ITEM_DESCRIPTION_MAX_LENGTH, ITEM_NAME_MAX_LENGTH } from './constants.ts';
import type { EndpointSchemas } from './endpoint-schema-types.ts';
import { validationMessage } from './errors.ts';
import { PageQuerySchema } from './pagination.ts';

/** docs/contract.md section 3: a name of 1-200 characters after trimming, a description of up to 2000 or null. */
export const ItemNameSchema = z
  .string({ error: validationMessage('name_required') })
  .trim()
  .min(1, validationMessage('name_required'))
  .max(ITEM_NAME_MAX_LENGTH, validationMessage('item_name_too_long'));

/** Trimmed; blank means none. */
export const ItemDescriptionSchema = z
  .string()
  .trim()
  .max(ITEM_DESCRIPTION_MAX_LENGTH, validationMessage('item_description_too_long'))
  .transform((value) => value || null)
  .nullable();

export const ItemSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Item = z.infer<typeof ItemSchema>;

export const CreateItemBodySchema = z.object({
  name: ItemNameSchema,
  description: ItemDescriptionSchema.optional(),
});
export type CreateItemBody = z.input<typeof CreateItemBodySchema>;

/** Only the fields to change. */
export const UpdateItemBodySchema = z.object({
  name: ItemNameSchema.optional(),
  description: ItemDescriptionSchema.optional(),
});
export type UpdateItemBody = z.input<typeof UpdateItemBodySchema>;

/** Any string: an id that is not a uuid is simply not found (404), like an unknown one. */
export const ItemParamsSchema = z.object({ id: z.string().max(100) });

export const itemsEndpointSchemas = {
  listItems: { query: PageQuerySchema, response: { 200: z.array(ItemSchema) } },
  createItem: { body: CreateItemBodySchema, response: { 201: ItemSchema } },
  getItem: { params: ItemParamsSchema, response: { 200: ItemSchema } },
  updateItem: { params: ItemParamsSchema, body: UpdateItemBodySchema, response: { 200: ItemSchema } },
  deleteItem: { params: ItemParamsSchema, response: { 204: z.null() } },
} as const satisfies EndpointSchemas;
