import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A timestamptz as the API writes it, Date#toISOString's format (UTC, milliseconds truncated), formatted by
 * PostgreSQL: a page of rows then costs Node no Date per value, parsed from text and printed again.
 */
export const isoTime = (column: SQLWrapper): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
