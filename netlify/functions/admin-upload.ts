// POST /api/admin/upload (editor) multipart field "file" -> 201 { imageUrl: '/api/uploads/<key>', id }; 507 past the upload quota
// The image joins the media library (the same as POST /api/admin/media).
import { requirePermission } from '../../src/server/auth/guard';
import { json, route } from '../../src/server/http/http';
import { storeAsset } from '../../src/server/content/media';
import { readImageUpload } from '../../src/server/content/uploads';

export default route({
  async POST(req) {
    const user = await requirePermission(req, 'edit');
    const image = await readImageUpload(req, 'file');
    const asset = await storeAsset(image, { uploadedBy: user.username });
    return json({ imageUrl: asset.url, id: asset.id }, { status: 201 });
  },
});

export const config = { path: '/api/admin/upload' };
