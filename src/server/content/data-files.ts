/**
 * Data files (CSV, JSON, XLSX) as uploads: the name says the format, and the first bytes must
 * agree: XLSX by its signature, CSV and JSON as UTF-8 text (a JSON file opens with `{` or `[`).
 */
import { DATA_FORMATS, type DataFormat } from '../../schemas/data-file';

/** A safe file name keeping the format's extension, or null when the name is no data format. */
export function dataFileName(name: string): string | null {
  const m = /\.(csv|json|xlsx)$/i.exec(name.trim());
  if (!m) return null;
  const base = name
    .trim()
    .replace(/^.*[\\/]/, '')
    .slice(0, -m[0].length)
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 115);
  return `${base || 'data'}.${m[1]!.toLowerCase()}`;
}

/** Whether `bytes` (the file's start, or all of it when `whole`) are UTF-8 text with no NULs. */
function isText(bytes: Uint8Array, whole: boolean): boolean {
  if (bytes.includes(0)) return false;
  try {
    // `stream` forgives a character cut in two by the end of a part, and only then.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: !whole });
    return true;
  } catch {
    return false;
  }
}

/** Whether the first bytes of a file named `fileName` are what its extension says. */
export async function isDataFile(
  fileName: string,
  bytes: Uint8Array,
  whole: boolean,
): Promise<boolean> {
  const format = fileName.slice(fileName.lastIndexOf('.') + 1) as DataFormat;
  const { fileTypeFromBuffer } = await import('file-type');
  const sniffed = await fileTypeFromBuffer(bytes);
  if (format === 'xlsx') return sniffed?.mime === DATA_FORMATS.xlsx.mime;
  if (sniffed || !isText(bytes, whole)) return false;
  if (format === 'json')
    return /^\uFEFF?\s*[[{]/.test(new TextDecoder().decode(bytes.slice(0, 64)));
  return format === 'csv';
}
