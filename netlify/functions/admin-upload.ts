// POST /api/admin/upload (editor) multipart field "file" -> 201 { imageUrl: '/api/uploads/<key>' }; 507 past the upload quota
import { requirePermission } from '../../src/server/auth/guard';
import { json, route } from '../../src/server/http/http';
import { readImageUpload, storeImage } from '../../src/server/content/uploads';

export default route({
  async POST(req) {
    await requirePermission(req, 'edit');
    const image = await readImageUpload(req, 'file');
    return json({ imageUrl: await storeImage(image) }, { status: 201 });
  },
});

export const config = { path: '/api/admin/upload' };
