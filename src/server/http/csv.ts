import Papa from 'papaparse';
import { API_SECURITY_HEADERS } from './http';

// Spreadsheet apps run a cell starting with one of these as a formula (CSV injection), and
// visitors write these cells: prefix them with a quote so they stay text.
const FORMULA_START = /^[=+\-@\t\r]/;

/** Makes one cell value safe to open in a spreadsheet: text, never a formula. */
export function safeCell(value: unknown): string {
  const text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Renders rows as CSV with a header line, in the given column order, formula-safe. */
export function toCsv<T extends object>(rows: T[], columns: (keyof T & string)[]): string {
  const data = rows.map((row) => columns.map((c) => safeCell((row as Record<string, unknown>)[c])));
  return Papa.unparse({ fields: columns, data }, { newline: '\r\n', quotes: false });
}

const csvHeaders = (name: string) => {
  const filename = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  return {
    ...API_SECURITY_HEADERS,
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  };
};

/** A CSV download: text/csv, attachment with a dated file name, never cached. */
export function csvResponse(csv: string, name: string): Response {
  // The byte-order mark makes Excel read the file as UTF-8 (names with accents stay intact).
  return new Response(`\uFEFF${csv}`, { headers: csvHeaders(name) });
}

/**
 * A CSV download streamed batch by batch: `batches` yields rows a few hundred at a time and each
 * batch is sent before the next is fetched, so the export's own memory does not grow with the row
 * count. A failure mid-way aborts the stream, so the download fails rather than ends short.
 */
export function csvStreamResponse<T extends object>(
  batches: AsyncIterable<T[]>,
  columns: (keyof T & string)[],
  name: string,
): Response {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      // The header line alone (no trailing newline: each batch starts with one).
      controller.enqueue(
        encoder.encode(`\uFEFF${Papa.unparse([columns], { newline: '\r\n', quotes: false })}`),
      );
    },
    async pull(controller) {
      let next = await iterator.next();
      while (!next.done && next.value.length === 0) next = await iterator.next();
      if (next.done) return controller.close();
      const value = next.value;
      const data = value.map((row) =>
        columns.map((c) => safeCell((row as Record<string, unknown>)[c])),
      );
      controller.enqueue(
        encoder.encode(`\r\n${Papa.unparse(data, { newline: '\r\n', quotes: false })}`),
      );
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(stream, { headers: csvHeaders(name) });
}
