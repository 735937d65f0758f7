import { z } from 'zod';

import { FEEDBACK_MAX_LENGTH } from './constants.ts';
import type { EndpointSchemas } from './endpoint-schema-types.ts';
import { validationMessage } from './errors.ts';

export const FeedbackBodySchema = z.object({
  message: z
    .string({ error: validationMessage('feedback_required') })
    .refine((message) => message.trim() !== '', validationMessage('feedback_required'))
    .refine((message) => message.length <= FEEDBACK_MAX_LENGTH, validationMessage('feedback_too_long')),
  /** The page the user was on. */
  route: z
    .string({ error: validationMessage('route_required') })
    .trim()
    .min(1, validationMessage('route_required'))
    .max(2000),
});
export type FeedbackBody = z.input<typeof FeedbackBodySchema>;

export const FeedbackSchema = z.object({
  uuid: z.uuid(),
  route: z.string(),
  message: z.string(),
  created_at: z.iso.datetime({ offset: true }),
});
export type Feedback = z.infer<typeof FeedbackSchema>;

export const feedbackEndpointSchemas = {
  sendFeedback: { body: FeedbackBodySchema, response: { 201: FeedbackSchema } },
} as const satisfies EndpointSchemas;
