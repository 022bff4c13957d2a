import { ApiError, errorMessage, mutate } from '../../../lib/api';
import { IMAGE_HINT, prepareUpload } from '../../../lib/image-resize';
import { uploadDataFile, uploadPdf } from '../../../lib/pdf-upload';
import { MAX_DATA_FILE_BYTES, MAX_PDF_FILE_BYTES } from '../../../schemas/upload-limits';
import { announce } from '../../../stores/admin-announce';
import type { UploadKind } from '../../ui/UploadField';

// Site images are shown larger than avatars: keep up to 2000 px.
const MAX_SIDE = 2000;

/** Accepted image types (the server checks the bytes too). */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

/** Uploads an image (POST /api/admin/upload, field 'file') and resolves to its address. */
export async function uploadImage(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', await prepareUpload(file, MAX_SIDE));
  const { imageUrl } = await mutate<{ imageUrl: string }>('POST', '/api/admin/upload', body);
  return imageUrl;
}

/** An admin image field: shrunk in the browser, then one request. */
export const IMAGE_UPLOAD: UploadKind = {
  upload: (file) => uploadImage(file),
  accept: IMAGE_ACCEPT,
  // A pasted address is fetched onto this site when the form is saved (server: image-import.ts).
  placeholder: 'Paste an image address (copied here on save) or upload an image',
  uploadLabel: 'Upload image',
  hint: IMAGE_HINT,
  uploaded: 'Image uploaded successfully',
  failed: 'Failed to upload image',
  onUploaded: () => announce('Image uploaded'),
};

/**
 * A report's PDF: sent in parts with a progress bar (lib/pdf-upload.ts), and an upload that
 * stopped part-way resumes where it stopped. The server checks the bytes.
 */
export const PDF_UPLOAD: UploadKind = {
  upload: async (file, onProgress) => (await uploadPdf(file, onProgress)).pdfUrl,
  accept: 'application/pdf',
  placeholder: 'https://… or upload a PDF',
  uploadLabel: 'Upload PDF',
  hint: `PDF only, at most ${MAX_PDF_FILE_BYTES / 1024 / 1024} MB.`,
  uploaded: 'PDF uploaded successfully',
  failed: 'Failed to upload the PDF',
  // A dropped connection says so in its own words; the server's refusals in theirs.
  describeFailure: (failure) =>
    failure instanceof ApiError || !(failure instanceof Error)
      ? errorMessage(failure, 'Failed to upload the PDF')
      : failure.message,
  // Too large or not a PDF: nothing to resume. Anything else stopped part-way.
  resumable: (failure) => !(failure instanceof ApiError && [413, 415].includes(failure.status)),
  progressLabel: 'PDF upload progress',
  onUploaded: () => announce('PDF uploaded'),
};

/** A publication's data file (CSV, JSON, XLSX): sent in parts as a PDF is, resumable the same way. */
export const DATA_UPLOAD: UploadKind = {
  ...PDF_UPLOAD,
  upload: async (file, onProgress) => (await uploadDataFile(file, onProgress)).fileUrl,
  accept: '.csv,.json,.xlsx,text/csv,application/json',
  placeholder: 'Upload a CSV, JSON or XLSX file',
  uploadLabel: 'Upload data file',
  hint: `CSV, JSON or XLSX, at most ${MAX_DATA_FILE_BYTES / 1024 / 1024} MB.`,
  uploaded: 'Data file uploaded successfully',
  failed: 'Failed to upload the data file',
  describeFailure: (failure) =>
    failure instanceof ApiError || !(failure instanceof Error)
      ? errorMessage(failure, 'Failed to upload the data file')
      : failure.message,
  progressLabel: 'Data file upload progress',
  onUploaded: () => announce('Data file uploaded'),
};
