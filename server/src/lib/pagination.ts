// Keyset pagination (docs/contract.md section 3): a page costs the same at any depth because the next one starts from the
// sort key of the last row shown, never from an offset. Cursors are opaque to clients.
import { NEXT_CURSOR_HEADER, UuidSchema } from '@app/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

import { AppError } from './app-error.ts';

export type Page<T> = { rows: T[]; nextCursor: string | undefined };

/**
 * PostgreSQL's text of a timestamptz as the server writes it (ISO style, microseconds, a whole-hour or minute offset).
 * Anything else would reach `::timestamptz` and fail there as a 500, so the cursor is refused first (422).
 */
const PG_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::([0-5]\d))?$/;

function isPgTimestamp(text: string): boolean {
  const match = PG_TIMESTAMP.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offset] = match.slice(1, 8).map(Number) as number[];
  const lastDay = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  return (
    year! >= 1970 &&
    month! >= 1 &&
    month! <= 12 &&
    day! >= 1 &&
    day! <= lastDay &&
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    offset! <= 15
  );
}

/** Timestamps travel as PostgreSQL's own text (microseconds), which a JavaScript Date would truncate. */
const TimestampKeySchema = z.tuple([z.string().max(40).refine(isPgTimestamp), UuidSchema]);

function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The decoded sort key, or undefined for the first page; a cursor that is not ours is a 422. */
function decodeCursor<S extends z.ZodType>(cursor: string | undefined, schema: S): z.infer<S> | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    return schema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('INVALID', 'querystring.cursor: Invalid cursor', 'invalid_cursor');
  }
}

export type PageQuery = { limit: number; cursor?: string | undefined };
type TimestampKey = z.infer<typeof TimestampKeySchema>;

/**
 * One page of a list ordered by (timestamp, uuid): decodes the cursor, reads one row more than the page holds (it
 * only tells that another page exists), and maps the rows shown. `read` gets the key to continue after, if any.
 */
export async function readPage<R extends { sortAt: string; uuid: string }, T>(
  { limit, cursor }: PageQuery,
  read: (limit: number, after: TimestampKey | undefined) => Promise<R[]>,
  toItem: (row: R) => T,
): Promise<Page<T>> {
  const rows = await read(limit + 1, decodeCursor(cursor, TimestampKeySchema));
  if (rows.length <= limit) return { rows: rows.map(toItem), nextCursor: undefined };
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1]!;
  return { rows: shown.map(toItem), nextCursor: encodeCursor([last.sortAt, last.uuid]) };
}

/** Answers the page's rows as the JSON array docs/spec.md section 7 asks for, with the next cursor in a header. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.rows;
}
