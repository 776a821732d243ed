import type { Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";
import type { FastifyReply } from "fastify";

export type CsvCell = string | number | null;

const OPTIONS = { delimiter: ";", record_delimiter: "windows", escape_formulas: true } as const;

/**
 * A CSV file as Excel in France opens it by double-click: UTF-8 with a byte order mark (accents), `;` between cells
 * (French Excel's list separator, since `,` is its decimal mark) and CRLF line ends (RFC 4180). Cells are quoted when
 * they hold `;`, `"` or a line break, and a cell starting with `=`, `+`, `-`, `@`, tab or CR gets a leading `'` so no
 * spreadsheet runs it as a formula (OWASP "CSV injection"); csv-stringify does both.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify([header, ...rows], { ...OPTIONS, bom: true });
}

/** The same file built batch by batch, for an export too large to hold at once: the header first, then each batch. */
export async function* csvChunks(
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly CsvCell[])[]>,
): AsyncGenerator<string> {
  yield stringify([header], { ...OPTIONS, bom: true });
  for await (const rows of batches) if (rows.length > 0) yield stringify([...rows], OPTIONS);
}

/** Sends `csv` (text, or a stream of it) as a download named `filename` (ASCII only), never cached. */
export function sendCsv(reply: FastifyReply, filename: string, csv: string | Readable): FastifyReply {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .header("cache-control", "no-store")
    .send(csv);
}

/** A number as French Excel reads it: decimal comma. */
export const frenchDecimal = (value: number) => String(value).replace(".", ",");
