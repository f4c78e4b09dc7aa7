import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * The one CSV writer (decision 0150): the customer statement and the back-office exports all write
 * through it, so every export quotes and neutralises cells the same way.
 */

/** RFC 4180: quote every cell; a cell that a spreadsheet would run as a formula gets a leading '. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One CSV line, CRLF-terminated. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The last line of an export that stopped at its row maximum: one cell, so no row is mistaken for it. */
export function csvCutNote(rowsMax: number): string {
  return `Export cut at ${rowsMax} rows: narrow the filter (for example the dates) to export the rest.`;
}

export interface KeysetPage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Header first, then the rows read one keyset page at a time (never the whole table in memory), at
 * most `rowsMax` of them; when there were more, a last line says the export was cut.
 */
export async function* keysetCsv<T>(options: {
  columns: readonly string[];
  page: (cursor: string | undefined) => Promise<KeysetPage<T>>;
  cells: (item: T) => string[];
  rowsMax: number;
}): AsyncGenerator<string> {
  yield csvLine(options.columns);
  let cursor: string | undefined;
  let written = 0;
  do {
    const page = await options.page(cursor);
    for (const item of page.items) {
      if (written >= options.rowsMax) {
        yield csvLine([csvCutNote(options.rowsMax)]);
        return;
      }
      yield csvLine(options.cells(item));
      written += 1;
    }
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/**
 * Streams CSV lines as a download. The header and the first page are read before answering, so a
 * bad filter is a 400 and not a broken download (the header alone runs no query: bench/fuzz found
 * the truncated 200). `beforeSend` runs once the filter has been read successfully (the audit row).
 */
export async function sendCsv(
  reply: FastifyReply,
  lines: AsyncGenerator<string>,
  filenameStem: string,
  beforeSend?: () => Promise<void>,
): Promise<FastifyReply> {
  const header = await lines.next();
  const first = header.done ? header : await lines.next();
  if (beforeSend) await beforeSend();
  const stamp = new Date().toISOString().slice(0, 10);
  reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filenameStem}-${stamp}.csv"`)
    .header('Cache-Control', 'no-store');
  async function* all(): AsyncGenerator<string> {
    if (!header.done) yield header.value;
    if (!first.done && first !== header) yield first.value;
    yield* lines;
  }
  return reply.send(Readable.from(all()));
}
