import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import pg from 'pg';

const parseTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ) as (text: string) => Date;

/**
 * PostgreSQL's text of a timestamptz as the API writes it, Date#toISOString's form (UTC, milliseconds truncated).
 * In a UTC session with ISO dates (db/client.ts asks for both) the text is '2026-01-31 12:34:56.789123+00' and is
 * sliced; any other form (another session zone, a year past 9999) goes through pg's own parser.
 */
export function isoFromText(text: string): string {
  const end = text.length - 3;
  if (text[10] !== ' ' || text.slice(end) !== '+00' || !(end === 19 || text[19] === '.')) {
    return parseTimestamptz(text).toISOString();
  }
  const milliseconds = end === 19 ? '000' : (text.slice(20, end) + '00').slice(0, 3);
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${milliseconds}Z`;
}

/**
 * A timestamptz read as PostgreSQL's text and written as the API writes it: a page of rows then costs no Date per
 * value, parsed from text and printed again, and PostgreSQL no to_char per value either (docs/decisions/013).
 */
export const isoTime = (column: SQLWrapper): SQL<string> => sql`${column}::text`.mapWith(isoFromText);
