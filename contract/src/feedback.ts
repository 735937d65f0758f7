import { z } from 'zod';
import type { EndpointSchemas } from './endpoint-schema-types.ts';

/** docs/spec.md sections 5 and 9. */
export const FEEDBACK_MAX_LENGTH = 5000;

export const FeedbackBodySchema = z.object({
  message: z
    .string({ error: 'Please enter your feedback' })
    .refine((message) => message.trim() !== '', 'Please enter your feedback')
    .refine((message) => message.length <= FEEDBACK_MAX_LENGTH, 'Feedback must be 5000 characters or less'),
  /** The page the user was on. */
  route: z.string({ error: 'route is required' }).trim().min(1, 'route is required').max(2000),
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
