/**
 * Netlify caps a function's request at 6 MB, and binary bodies (multipart uploads) count
 * base64-encoded: about 4.5 MB of raw bytes get through. The image cap leaves room for the
 * multipart envelope, so a file under it always reaches the function; the browser checks it
 * before sending, the server enforces it.
 */
export const PLATFORM_BODY_LIMIT_BYTES = 6 * 1024 * 1024;
/** Largest raw upload body the platform carries (6 MB after base64 is 4.5 MB before). */
export const MAX_UPLOAD_BODY_BYTES = (PLATFORM_BODY_LIMIT_BYTES / 4) * 3;
/** Largest image accepted. */
export const MAX_IMAGE_BYTES = MAX_UPLOAD_BODY_BYTES - 64 * 1024;
/** The refusal for a larger image, the same in the browser and from the server. */
export const IMAGE_TOO_LARGE = `The image is too large. The limit is ${(MAX_IMAGE_BYTES / 1024 / 1024).toFixed(1)} MB.`;
/** Largest PDF accepted: the same platform cap (a larger report is linked from elsewhere instead). */
export const MAX_PDF_BYTES = MAX_IMAGE_BYTES;
/** The refusal for a larger PDF, the same in the browser and from the server. */
export const PDF_TOO_LARGE = `The PDF is too large. The limit is ${(MAX_PDF_BYTES / 1024 / 1024).toFixed(1)} MB: link a larger file instead.`;

/**
 * Full-size PDFs travel in parts, each its own request under the platform cap (a binary body
 * counts base64-encoded: 4 MiB becomes 5.3 MiB of the 6 MiB), and are stored part by part.
 */
export const PDF_PART_BYTES = 4 * 1024 * 1024;
/** Largest PDF accepted in parts. */
export const MAX_PDF_FILE_BYTES = 100 * 1024 * 1024;
/** The refusal for a larger one, the same in the browser and from the server. */
export const PDF_FILE_TOO_LARGE = `The PDF is too large. The limit is ${MAX_PDF_FILE_BYTES / 1024 / 1024} MB.`;
/** Largest data file (CSV, JSON, XLSX) accepted in parts. */
export const MAX_DATA_FILE_BYTES = 50 * 1024 * 1024;
/** The refusal for a larger one, the same in the browser and from the server. */
export const DATA_FILE_TOO_LARGE = `The data file is too large. The limit is ${MAX_DATA_FILE_BYTES / 1024 / 1024} MB.`;
/** The refusal for a file whose name or bytes are not a CSV, JSON or XLSX file. */
export const NOT_A_DATA_FILE =
  'Data files are CSV, JSON or XLSX: the name must end in .csv, .json or .xlsx and the contents must be one.';
/** The refusal for a file whose bytes are not a PDF. */
export const NOT_A_PDF = 'Only PDF files can be uploaded here.';
