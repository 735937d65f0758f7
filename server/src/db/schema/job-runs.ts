import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * When each periodic job runs next: an instance runs a job only if it moved `next_run_at` forward itself, so each
 * run happens once whatever the number of workers (modules/maintenance).
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
});
