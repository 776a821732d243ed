import { TOTAL_COUNT_HEADER } from "@shared/schemas/page";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { badRequest } from "./http-error";

/**
 * Keyset (cursor) pages (decision 0092): a page is the `limit` rows after a position in a fixed order, so a row
 * inserted or deleted between two requests never makes the next page skip or repeat one, and reading page 400 costs
 * what page 1 costs (no OFFSET). The position is the sort key of the last row shown, carried in an opaque cursor.
 */

/**
 * The sort key of the newest-first lists: creation time as the database wrote it (microseconds kept: a millisecond
 * copy would skip rows created within the same millisecond), then the id to break ties.
 */
const DATABASE_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;
/** A timestamp as the database writes it, in a cursor. */
export const databaseTimestampSchema = z.string().max(40).regex(DATABASE_TIMESTAMP);
export const createdCursorSchema = z.tuple([databaseTimestampSchema, z.string().uuid()]);
export type CreatedCursor = z.output<typeof createdCursorSchema>;

export function encodeCursor(position: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(position)).toString("base64url");
}

/** The position a cursor names, or a 400 naming `cursor` when it was not made by `encodeCursor` for this list. */
export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw badRequest({ code: "page.invalid_cursor" }, "cursor");
  }
  const result = schema.safeParse(parsed);
  if (!result.success) throw badRequest({ code: "page.invalid_cursor" }, "cursor");
  return result.data;
}

export type Page<T> = { items: T[]; next: string | null; total?: number };

/** A page from rows read with `limit + 1`: the extra row only says that a next page exists. */
export function pageOf<T>(rows: T[], limit: number, positionOf: (last: T) => readonly (string | number)[]): Page<T> {
  if (rows.length <= limit) return { items: rows, next: null };
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, next: last === undefined ? null : encodeCursor(positionOf(last)) };
}

/**
 * Answers a page: its rows as the JSON array the list always was, the next page's address in `Link: <…>; rel="next"`
 * (RFC 8288; the same query with the new cursor) and, when counted, the total in `X-Total-Count`.
 */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  if (page.next !== null) {
    const url = new URL(request.url, "http://local");
    url.searchParams.set("cursor", page.next);
    reply.header("link", `<${url.pathname}${url.search}>; rel="next"`);
  }
  if (page.total !== undefined) reply.header(TOTAL_COUNT_HEADER, String(page.total));
  return page.items;
}
