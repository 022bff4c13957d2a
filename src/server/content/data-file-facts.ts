/**
 * What a report's page shows of a data file besides its words, read by the build from the file
 * it joined (pdf-deploy.ts): its format, its size and, for a CSV, its first rows.
 */
import { open } from 'node:fs/promises';
import { csvRows } from '../../lib/csv-preview';
import { parseDataFileUrl, type DataFormat } from '../../schemas/data-file';
import { joinedFilePath } from './pdf-deploy';

/** What a report's page shows of a data file besides its words: format, size, a CSV's first rows. */
export interface DataFileFacts {
  format: DataFormat;
  bytes: number;
  /** A CSV's header and first rows (at most PREVIEW_ROWS after the header); null for other formats. */
  preview: string[][] | null;
}

/** Rows a CSV's preview shows under its header. */
export const PREVIEW_ROWS = 5;
/** Read from the file's start for the preview: a preview of wider rows is cut short, never slow. */
const PREVIEW_BYTES = 64 * 1024;

/** The facts of a data file this build has joined (`preparePdfs` said it is ready). */
export async function dataFileFacts(url: string): Promise<DataFileFacts> {
  const ref = parseDataFileUrl(url)!;
  const file = await open(joinedFilePath(url));
  try {
    const { size } = await file.stat();
    if (ref.format !== 'csv') return { format: ref.format, bytes: size, preview: null };
    const start = Buffer.alloc(Math.min(size, PREVIEW_BYTES));
    await file.read(start, 0, start.length, 0);
    const text = new TextDecoder().decode(start);
    const rows = csvRows(text, PREVIEW_ROWS + 1, size <= PREVIEW_BYTES);
    return { format: ref.format, bytes: size, preview: rows.length ? rows : null };
  } finally {
    await file.close();
  }
}
