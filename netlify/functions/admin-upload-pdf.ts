// POST /api/admin/upload-pdf (editor) multipart field "file" -> 201 { pdfUrl: '/api/uploads/<key>.pdf', fileName }
//   415 when the bytes are not a PDF, 413 (JSON) past the size cap, 507 past the upload quota
import { requirePermission } from '../../src/server/auth/guard';
import { json, route } from '../../src/server/http/http';
import { readPdfUpload, storePdf } from '../../src/server/content/uploads';

export default route({
  async POST(req) {
    await requirePermission(req, 'edit');
    const pdf = await readPdfUpload(req, 'file');
    return json({ pdfUrl: await storePdf(pdf), fileName: pdf.fileName }, { status: 201 });
  },
});

export const config = { path: '/api/admin/upload-pdf' };
