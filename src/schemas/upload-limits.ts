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
