import { z } from 'zod';
import { dataFileUrl, parseDataFileUrl } from './data-file';
import { MAX_PDF_FILE_BYTES, PDF_PART_BYTES } from './upload-limits';

/**
 * A PDF uploaded in parts: the browser opens an upload with the file's name and size, sends each
 * part (any order, again after a dropped connection), then completes it. The finished file's
 * address is `/pdf/<id>/<name>.pdf`: the build writes it into the deploy, so the CDN serves it,
 * and a new upload gets a new id, so a replaced PDF never comes from a cache.
 */

/** `/pdf/<32 hex>/<safe name>.pdf`: a PDF uploaded in parts, as publications link it. */
export const PDF_FILE_PATH = /^\/pdf\/([a-f0-9]{32})\/([A-Za-z0-9._-]{1,124}\.pdf)$/;
export const UPLOAD_ID = /^[a-f0-9]{32}$/;

export const pdfFileUrl = (id: string, fileName: string) => `/pdf/${id}/${fileName}`;

/** The id and name in a parted PDF's address, or null for any other address. */
export function parsePdfFileUrl(url: string): { id: string; fileName: string } | null {
  const m = PDF_FILE_PATH.exec(url);
  return m ? { id: m[1]!, fileName: m[2]! } : null;
}

/** What an upload in parts becomes: a publication's PDF, or one of its data files (data-file.ts). */
export type PartedKind = 'pdf' | 'data';

/** The address of a finished upload of either kind. */
export const partedFileUrl = (kind: PartedKind, id: string, fileName: string) =>
  kind === 'pdf' ? pdfFileUrl(id, fileName) : dataFileUrl(id, fileName);

/** The id and name in the address of a file uploaded in parts (PDF or data), or null. */
export const parsePartedFileUrl = (url: string): { id: string; fileName: string } | null =>
  parsePdfFileUrl(url) ?? parseDataFileUrl(url);

/** POST /api/admin/pdf-uploads and /api/admin/data-uploads */
export const pdfUploadCreateSchema = z.strictObject({
  fileName: z.string().trim().min(1, 'The file needs a name').max(500),
  size: z.number().int().min(1, 'The chosen file is empty'),
});

/** Parts a file of `size` bytes travels in. */
export const partCount = (size: number) => Math.ceil(size / PDF_PART_BYTES);
/** The exact length of part `index` of a file of `size` bytes. */
export const partLength = (size: number, index: number) =>
  Math.min(PDF_PART_BYTES, size - index * PDF_PART_BYTES);

/** An upload as stored (uploads store, `pdf-uploads/<id>`). */
export const pdfUploadSchema = z.object({
  id: z.string().regex(UPLOAD_ID),
  fileName: z.string().max(128),
  size: z.number().int().min(1).max(MAX_PDF_FILE_BYTES),
  partSize: z.number().int().min(1),
  /** Uploads stored before data files existed are PDFs. */
  kind: z.enum(['pdf', 'data']).default('pdf'),
  createdAt: z.string(),
  createdBy: z.string(),
  /** Set once every part arrived and was checked; the upload is then closed. */
  completedAt: z.string().nullable().default(null),
  /**
   * Set by the sweep, in a write guarded by the version it read, before it deletes the upload: a
   * completion landing at the same moment then either finds it abandoned or keeps it whole.
   */
  abandonedAt: z.string().nullable().default(null),
});
export type PdfUpload = z.infer<typeof pdfUploadSchema>;

/** What the API answers about an upload: enough for the browser to resume it. */
export interface PdfUploadStatus {
  id: string;
  fileName: string;
  size: number;
  partSize: number;
  partCount: number;
  /** Indexes of the parts stored so far. */
  received: number[];
  /** A PDF's address once completed (null for a data file). */
  pdfUrl: string | null;
  /** The file's address once completed, of either kind. */
  fileUrl: string | null;
}
