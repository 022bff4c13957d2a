/**
 * A publication's data files: CSV, JSON or XLSX tables uploaded in parts as PDFs are
 * (pdf-upload.ts), each with a title, a description and a data dictionary. The finished file's
 * address is `/data/<id>/<name>.<format>`: the build writes it into the deploy, so the CDN serves
 * it as a download, and a new upload gets a new id, so a replaced file never comes from a cache.
 */
import { z } from 'zod';
import { longText, text } from './common';

/** The formats a data file may have: its extension, media type and how pages name it. */
export const DATA_FORMATS = {
  csv: { mime: 'text/csv', label: 'CSV' },
  json: { mime: 'application/json', label: 'JSON' },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: 'XLSX',
  },
} as const;
export type DataFormat = keyof typeof DATA_FORMATS;

/** `/data/<32 hex>/<safe name>.csv|json|xlsx`: a data file uploaded in parts. */
export const DATA_FILE_PATH = /^\/data\/([a-f0-9]{32})\/([A-Za-z0-9._-]{1,124}\.(csv|json|xlsx))$/;

export const dataFileUrl = (id: string, fileName: string) => `/data/${id}/${fileName}`;

/** The id, name and format in a data file's address, or null for any other address. */
export function parseDataFileUrl(
  url: string,
): { id: string; fileName: string; format: DataFormat } | null {
  const m = DATA_FILE_PATH.exec(url);
  return m ? { id: m[1]!, fileName: m[2]!, format: m[3] as DataFormat } : null;
}

/** At most this many files on one publication, and columns in one file's dictionary. */
export const MAX_DATA_FILES = 20;
export const MAX_DATA_COLUMNS = 200;

/** One column of a data file's dictionary: its name in the file, what it holds, its unit. */
export const dataColumnSchema = z.strictObject({
  name: text(200).min(1, 'Each column needs its name as the file writes it'),
  meaning: text(1000).default(''),
  unit: text(100).default(''),
});
export type DataColumn = z.infer<typeof dataColumnSchema>;

/** A data file as a publication carries it. */
export const dataFileSchema = z.strictObject({
  url: z
    .string()
    .regex(DATA_FILE_PATH, 'Upload the data file first: its address is /data/<id>/<name>'),
  title: text(300).min(1, 'Give the data file a title'),
  description: longText(2000).default(''),
  columns: z
    .array(dataColumnSchema)
    .max(MAX_DATA_COLUMNS, `At most ${MAX_DATA_COLUMNS} columns in a data dictionary`)
    .default([]),
});
export type DataFile = z.infer<typeof dataFileSchema>;

export const dataFilesSchema = () =>
  z.array(dataFileSchema).max(MAX_DATA_FILES, `At most ${MAX_DATA_FILES} data files`);
