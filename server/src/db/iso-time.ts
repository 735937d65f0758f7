import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import pg from 'pg';

const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;

/**
 * PostgreSQL's text of a timestamptz as the API writes it, Date#toISOString's form (UTC, milliseconds truncated).
 * In a UTC session with ISO dates (db/client.ts asks for both) the text is '2026-01-31 12:34:56.789123+00' and is
 * sliced; any other form (another session zone, a year past 9999) goes through pg's own parser.
 */
function isoFromText(text: string): string {
  const end = text.length - 3;
  if (text[10] !== ' ' || text.slice(end) !== '+00' || !(end === 19 || text[19] === '.')) {
    return parseTimestamptz(text).toISOString();
  }
  const milliseconds = end === 19 ? '000' : (text.slice(20, end) + '00').slice(0, 3);
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${milliseconds}Z`;
}

/**
 * A timestamptz as PostgreSQL's own text, microseconds kept: a cursor's sort key (lib/pagination.ts). Drizzle's
 * drivers hand timestamps over unparsed, and PostgreSQL writes a column's output form at a fraction of the cost of a
 * `::text` cast, let alone a to_char (docs/decisions/013).
 */
export const pgTime = (column: SQLWrapper): SQL<string> => sql<string>`${column}`;

/**
 * A timestamptz as the API writes it, from PostgreSQL's own text: a page of rows then costs Node no Date per value,
 * parsed from text and printed again, and PostgreSQL no formatting beyond its output form.
 */
export const isoTime = (column: SQLWrapper): SQL<string> => pgTime(column).mapWith(isoFromText);

/**
 * A timestamptz as the API writes it, formatted by PostgreSQL: for a value that leaves inside JSON the database
 * builds (a webhook's payload), which no row mapper reads.
 */
export const isoTimeText = (at: SQLWrapper): SQL<string> =>
  sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
