import Papa from 'papaparse';
import { API_SECURITY_HEADERS } from './http';

// Spreadsheet apps run a cell starting with one of these as a formula (CSV injection), and
// visitors write these cells: prefix them with a quote so they stay text.
const FORMULA_START = /^[=+\-@\t\r]/;

/** Makes one cell value safe to open in a spreadsheet: text, never a formula. */
export function safeCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Renders rows as CSV with a header line, in the given column order, formula-safe. */
export function toCsv<T extends object>(rows: T[], columns: (keyof T & string)[]): string {
  const data = rows.map((row) => columns.map((c) => safeCell((row as Record<string, unknown>)[c])));
  return Papa.unparse({ fields: columns, data }, { newline: '\r\n', quotes: false });
}

/** A CSV download: text/csv, attachment with a dated file name, never cached. */
export function csvResponse(csv: string, name: string): Response {
  const filename = `${name}-${new Date().toISOString().slice(0, 10)}.csv`;
  // The byte-order mark makes Excel read the file as UTF-8 (names with accents stay intact).
  return new Response(`\uFEFF${csv}`, {
    headers: {
      ...API_SECURITY_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  });
}
