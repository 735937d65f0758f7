import { z } from 'zod';

import { MAX_PAGE_SIZE } from './constants.ts';

export const PageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_PAGE_SIZE, `limit must be at most ${MAX_PAGE_SIZE}`)
    .default(MAX_PAGE_SIZE),
  cursor: z.string().max(500, 'Invalid cursor').optional(),
});
export type PageQuery = z.input<typeof PageQuerySchema>;

/** The super-admin lists also search: by team name, or by the feedback author's email. */
export const SearchPageQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().max(200, 'Search must be 200 characters or less').optional(),
});
