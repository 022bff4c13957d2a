/**
 * Uploads a PDF or a data file in parts (POST /api/admin/pdf-uploads or data-uploads, then PUT
 * each part, then complete) and
 * resumes an interrupted one: the upload's id is kept per file (name, size, date) in
 * localStorage, so choosing the same file again, after a dropped connection or a reload, sends
 * only the parts the server does not list yet. Each part is a mutation under the site's retry
 * rule (one retry, only when no answer came); a part that still fails pauses the upload.
 */
import type { PdfUploadStatus } from '../schemas/pdf-upload';
import { saveFile } from './save-file';
import {
  DATA_FILE_TOO_LARGE,
  MAX_DATA_FILE_BYTES,
  MAX_PDF_FILE_BYTES,
  PDF_FILE_TOO_LARGE,
} from '../schemas/upload-limits';
import { apiRequest, ApiError, mutate } from './api';
import { local } from './safe-storage';

/** Where an upload in parts goes, and its limit in the server's words. */
interface PartedTarget {
  base: string;
  max: number;
  tooLarge: string;
}
const PDF: PartedTarget = {
  base: '/api/admin/pdf-uploads',
  max: MAX_PDF_FILE_BYTES,
  tooLarge: PDF_FILE_TOO_LARGE,
};
const DATA: PartedTarget = {
  base: '/api/admin/data-uploads',
  max: MAX_DATA_FILE_BYTES,
  tooLarge: DATA_FILE_TOO_LARGE,
};
const BASE = PDF.base;
const resumeKey = (target: PartedTarget, file: File) =>
  `${target === PDF ? 'pdf' : 'data'}-upload:${file.name}:${file.size}:${file.lastModified}`;

/** Bytes of the file the server holds so far, of its size. */
export type UploadProgress = { sent: number; total: number };

async function digest(bytes: ArrayBuffer): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return `sha-256=:${btoa(String.fromCharCode(...hash))}:`;
}

async function sendPart(
  target: PartedTarget,
  id: string,
  index: number,
  bytes: ArrayBuffer,
): Promise<void> {
  const headers = {
    'Content-Type': 'application/octet-stream',
    'Content-Digest': await digest(bytes),
  };
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${target.base}/${id}/parts/${index}`, {
      method: 'PUT',
      credentials: 'include',
      headers,
      body: bytes,
    }).catch(() => null);
    if (res?.ok) return;
    if (res) {
      const text = await res.text();
      let body: ApiError['body'] = null;
      try {
        body = JSON.parse(text) as ApiError['body'];
      } catch {
        body = null;
      }
      throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, body);
    }
    if (attempt >= 1)
      throw new Error(
        'The connection dropped. Choose Resume (or the same file again) to send the rest.',
      );
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** The upload to continue for this file, or a new one. */
async function openUpload(target: PartedTarget, file: File): Promise<PdfUploadStatus> {
  const key = resumeKey(target, file);
  const known = local.get(key);
  if (known) {
    const status = await apiRequest<PdfUploadStatus>(
      'GET',
      `${target.base}/${encodeURIComponent(known)}`,
    ).catch(() => null);
    if (status && status.size === file.size) return status;
    local.remove(key);
  }
  const created = await mutate<PdfUploadStatus>('POST', target.base, {
    fileName: file.name,
    size: file.size,
  });
  local.set(key, created.id);
  return created;
}

/** Uploads (or finishes uploading) a PDF; resolves to its address once every part is stored. */
export async function uploadPdf(
  file: File,
  onProgress: (p: UploadProgress) => void,
): Promise<{ pdfUrl: string; fileName: string }> {
  const { fileUrl, fileName } = await uploadInParts(PDF, file, onProgress);
  return { pdfUrl: fileUrl, fileName };
}

/** Uploads (or finishes uploading) a data file (CSV, JSON, XLSX); resolves to its address. */
export const uploadDataFile = (file: File, onProgress: (p: UploadProgress) => void) =>
  uploadInParts(DATA, file, onProgress);

async function uploadInParts(
  target: PartedTarget,
  file: File,
  onProgress: (p: UploadProgress) => void,
): Promise<{ fileUrl: string; fileName: string }> {
  // Refused here in the server's own words, as a 413: nothing was sent, so there is nothing to resume.
  if (file.size > target.max)
    throw new ApiError(413, `413: ${target.tooLarge}`, { message: target.tooLarge });
  const upload = await openUpload(target, file);
  const have = new Set(upload.received);
  const length = (i: number) => Math.min(upload.partSize, upload.size - i * upload.partSize);
  let sent = upload.received.reduce((sum, i) => sum + length(i), 0);
  onProgress({ sent, total: file.size });
  try {
    // Part 0 first: the server checks that the file is what it says before taking more of it.
    for (let i = 0; i < upload.partCount && !upload.fileUrl; i++) {
      if (have.has(i)) continue;
      await sendPart(
        target,
        upload.id,
        i,
        await file.slice(i * upload.partSize, i * upload.partSize + length(i)).arrayBuffer(),
      );
      sent += length(i);
      onProgress({ sent, total: file.size });
    }
    const done = upload.fileUrl
      ? upload
      : await mutate<PdfUploadStatus>('POST', `${target.base}/${upload.id}/complete`);
    local.remove(resumeKey(target, file));
    return { fileUrl: done.fileUrl!, fileName: done.fileName };
  } catch (error) {
    // A refusal (wrong type, too large, upload gone) cannot be resumed: the next try starts afresh.
    if (error instanceof ApiError && [404, 413, 415].includes(error.status))
      local.remove(resumeKey(target, file));
    throw error;
  }
}

/**
 * Saves an uploaded PDF that is not on the site yet (no published item links it), joined in the
 * browser from its parts: no function answer may carry the whole file.
 */
export async function downloadUnpublishedPdf(id: string, fileName: string): Promise<void> {
  const status = await apiRequest<PdfUploadStatus>('GET', `${BASE}/${encodeURIComponent(id)}`);
  const parts: Blob[] = [];
  for (let i = 0; i < status.partCount; i++) {
    const res = await fetch(`${BASE}/${status.id}/parts/${i}`, { credentials: 'include' });
    if (!res.ok) throw new ApiError(res.status, `${res.status}: ${res.statusText}`, null);
    parts.push(await res.blob());
  }
  saveFile(new Blob(parts, { type: 'application/pdf' }), fileName);
}
