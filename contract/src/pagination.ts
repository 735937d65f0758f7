import { z } from 'zod';

import { MAX_PAGE_SIZE } from './constants.ts';
import { validationMessage } from './errors.ts';

export const PageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: validationMessage('limit_not_number') })
    .int(validationMessage('limit_not_whole'))
    .min(1, validationMessage('limit_too_small'))
    .max(MAX_PAGE_SIZE, validationMessage('limit_too_large'))
    .default(MAX_PAGE_SIZE),
  cursor: z.string().max(500, validationMessage('cursor_invalid')).optional(),
});
export type PageQuery = z.input<typeof PageQuerySchema>;

/** The super-admin lists also search: by team name, or by the feedback author's email. */
export const SearchPageQuerySchema = PageQuerySchema.extend({
  q: z.string().trim().max(200, validationMessage('search_too_long')).optional(),
});
