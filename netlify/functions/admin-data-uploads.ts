// A publication's data files (CSV, JSON, XLSX) up to 50 MB, uploaded in parts as PDFs are
// (admin-pdf-uploads.ts):
// POST /api/admin/data-uploads {fileName, size}     (edit) -> 201 {id, fileName, size, partSize, partCount, received: [], fileUrl: null}
//                                                     413 past 50 MB, 415 unless the name ends in .csv, .json or .xlsx,
//                                                     507 when the upload quota has no room for it
// GET  /api/admin/data-uploads/:id                  (edit) -> the same, with the parts stored so far (to resume)
// PUT  /api/admin/data-uploads/:id/parts/:index     (edit) application/octet-stream, optional Content-Digest: sha-256=:…:
//                                                     -> {index}; 400 when incomplete or damaged, 415 when part 0 is not
//                                                     what the name says (XLSX by signature, CSV and JSON as UTF-8 text)
// POST /api/admin/data-uploads/:id/complete         (edit) -> {…, fileUrl: '/data/<id>/<name>'}; 409 naming missing parts
import { pdfUploadCreateSchema } from '../../src/schemas/pdf-upload';
import { requirePermission } from '../../src/server/auth/guard';
import { assertNoFormBody, byPath, json, readJson, route } from '../../src/server/http/http';
import {
  completePdfUpload,
  createPdfUpload,
  pdfUploadStatus,
  storePdfPart,
} from '../../src/server/content/pdf-parts';

const partIndex = (raw: string | undefined) => (/^\d{1,4}$/.test(raw ?? '') ? Number(raw) : -1);

export default byPath({
  '/api/admin/data-uploads': route({
    async POST(req) {
      const user = await requirePermission(req, 'edit');
      const input = await readJson(req, pdfUploadCreateSchema);
      return json(await createPdfUpload(user, input, 'data'), { status: 201 });
    },
  }),
  '/api/admin/data-uploads/:id': route({
    async GET(req, ctx) {
      await requirePermission(req, 'edit');
      return json(await pdfUploadStatus(ctx.params.id ?? '', 'data'));
    },
  }),
  '/api/admin/data-uploads/:id/parts/:index': route({
    async PUT(req, ctx) {
      await requirePermission(req, 'edit');
      return json(
        await storePdfPart(req, ctx.params.id ?? '', partIndex(ctx.params.index), 'data'),
      );
    },
  }),
  '/api/admin/data-uploads/:id/complete': route({
    async POST(req, ctx) {
      await requirePermission(req, 'edit');
      assertNoFormBody(req);
      return json(await completePdfUpload(ctx.params.id ?? '', 'data'));
    },
  }),
});

export const config = {
  path: [
    '/api/admin/data-uploads',
    '/api/admin/data-uploads/:id',
    '/api/admin/data-uploads/:id/parts/:index',
    '/api/admin/data-uploads/:id/complete',
  ],
};
