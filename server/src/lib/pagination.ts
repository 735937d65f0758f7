// Keyset pagination (CONTRACT section 3): a page costs the same at any depth because the next one starts from the
// sort key of the last row shown, never from an offset. Cursors are opaque to clients.
import { NEXT_CURSOR_HEADER } from '@app/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

import { AppError } from './app-error.ts';

export type Page<T> = { rows: T[]; nextCursor: string | undefined };

/** Timestamps travel as PostgreSQL's own text (microseconds), which a JavaScript Date would truncate. */
export const TimestampKeySchema = z.tuple([z.string().min(1).max(64), z.uuid()]);

export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The decoded sort key, or undefined for the first page; a cursor that is not ours is a 422. */
export function decodeCursor<S extends z.ZodType>(
  cursor: string | undefined,
  schema: S,
): z.infer<S> | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    return schema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('INVALID', 'querystring.cursor: Invalid cursor');
  }
}

/** Rows were fetched with limit + 1: the extra one only tells that another page exists. */
export function toPage<T>(rows: T[], limit: number, keyOf: (row: T) => readonly unknown[]): Page<T> {
  if (rows.length <= limit) return { rows, nextCursor: undefined };
  const shown = rows.slice(0, limit);
  return { rows: shown, nextCursor: encodeCursor(keyOf(shown[shown.length - 1]!)) };
}

/** Answers the page's rows as the JSON array the SPEC asks for, with the next cursor in a header. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextCursor) reply.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return page.rows;
}
