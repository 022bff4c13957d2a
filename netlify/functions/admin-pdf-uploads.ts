// PDFs up to 100 MB, uploaded in parts of 4 MiB (each request stays under the function body cap):
// POST /api/admin/pdf-uploads {fileName, size}     (editor) -> 201 {id, fileName, size, partSize, partCount, received: [], pdfUrl: null}
//                                                     413 JSON past 100 MB, 507 when the upload quota has no room for it;
//                                                     never completed, its parts are swept after a day (upload-sweep.ts)
// GET  /api/admin/pdf-uploads/:id                  (editor) -> the same, with the parts stored so far (to resume)
// PUT  /api/admin/pdf-uploads/:id/parts/:index     (editor) application/octet-stream, optional Content-Digest: sha-256=:…:
//                                                     -> {index}; 400 when incomplete or damaged, 415 when part 0 is not a PDF,
//                                                     507 past the upload quota
// GET  /api/admin/pdf-uploads/:id/parts/:index     (editor) -> the part's bytes (the admin joins them to open an unpublished PDF)
// POST /api/admin/pdf-uploads/:id/complete         (editor) -> {…, pdfUrl: '/pdf/<id>/<name>.pdf'}; 409 naming missing parts
import { pdfUploadCreateSchema } from '../../src/schemas/pdf-upload';
import { HttpError } from '../../src/server/http/errors';
import { requirePermission } from '../../src/server/auth/guard';
import {
  API_SECURITY_HEADERS,
  assertNoFormBody,
  byPath,
  json,
  readJson,
  route,
} from '../../src/server/http/http';
import {
  completePdfUpload,
  createPdfUpload,
  pdfUploadStatus,
  readPdfPart,
  storePdfPart,
} from '../../src/server/content/pdf-parts';

const partIndex = (raw: string | undefined) => (/^\d{1,4}$/.test(raw ?? '') ? Number(raw) : -1);

export default byPath({
  '/api/admin/pdf-uploads': route({
    async POST(req) {
      const user = await requirePermission(req, 'edit');
      return json(await createPdfUpload(user, await readJson(req, pdfUploadCreateSchema)), {
        status: 201,
      });
    },
  }),
  '/api/admin/pdf-uploads/:id': route({
    async GET(req, ctx) {
      await requirePermission(req, 'edit');
      return json(await pdfUploadStatus(ctx.params.id ?? ''));
    },
  }),
  '/api/admin/pdf-uploads/:id/parts/:index': route({
    async PUT(req, ctx) {
      await requirePermission(req, 'edit');
      return json(await storePdfPart(req, ctx.params.id ?? '', partIndex(ctx.params.index)));
    },
    async GET(req, ctx) {
      await requirePermission(req, 'edit');
      const part = await readPdfPart(ctx.params.id ?? '', partIndex(ctx.params.index));
      if (!part) throw new HttpError(404, 'No such part');
      return new Response(part.bytes as Uint8Array<ArrayBuffer>, {
        headers: {
          ...API_SECURITY_HEADERS,
          'Content-Type': 'application/octet-stream',
          'Cache-Control': 'private, no-store',
        },
      });
    },
  }),
  '/api/admin/pdf-uploads/:id/complete': route({
    async POST(req, ctx) {
      await requirePermission(req, 'edit');
      assertNoFormBody(req);
      return json(await completePdfUpload(ctx.params.id ?? ''));
    },
  }),
});

export const config = {
  path: [
    '/api/admin/pdf-uploads',
    '/api/admin/pdf-uploads/:id',
    '/api/admin/pdf-uploads/:id/parts/:index',
    '/api/admin/pdf-uploads/:id/complete',
  ],
};
