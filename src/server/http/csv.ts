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

/** Makes Excel read a file as UTF-8 (names with accents stay intact). */
export const CSV_BOM = '\uFEFF';

/** A CSV file's name: what it holds and the day it was made. */
export const csvFilename = (name: string, at = new Date()) =>
  `${name}-${at.toISOString().slice(0, 10)}.csv`;

/** A CSV download: text/csv, attachment with a dated file name, never cached. */
export function csvResponse(csv: string, name: string): Response {
  return new Response(`${CSV_BOM}${csv}`, {
    headers: {
      ...API_SECURITY_HEADERS,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csvFilename(name)}"`,
      'Cache-Control': 'no-store',
    },
  });
}

/** A file's first line: the byte-order mark and the header, without a line end (each row brings one). */
export const csvHeaderLine = (columns: readonly string[]) =>
  `${CSV_BOM}${Papa.unparse([columns as string[]], { newline: '\r\n', quotes: false })}`;

/**
 * One row as it follows the lines before it: a line end, then its cells in the columns' order,
 * formula-safe. A file is its header line and then these, so it can be written in parts.
 */
export function csvRowLine(row: object, columns: readonly string[]): string {
  const cells = columns.map((c) => safeCell((row as Record<string, unknown>)[c]));
  return `\r\n${Papa.unparse([cells], { newline: '\r\n', quotes: false })}`;
}
