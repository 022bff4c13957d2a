// GET    /api/admin/media?q=&page=&pageSize=&alt=missing (contributor) -> { items, total, page, pageSize, migrated }: the
//                                          library newest first, searched by name, alt text and credit; each item with its uses count
// POST   /api/admin/media                 (contributor) multipart field "file" -> 201 { id, url, width, height }; 413/415 as uploads, 507 past the quota
// POST   /api/admin/media/migrate         (editor) -> { done, created, indexed, skipped }: one step of the one-time move of earlier uploads
// GET    /api/admin/media/:id             (contributor) -> the asset with its uses
// PATCH  /api/admin/media/:id             (editor) { alt?, credit?, licence?, focalX?, focalY? } -> the asset; a new focal point rebuilds the pages that show it
// DELETE /api/admin/media/:id             (editor) -> the deleted asset; 409 { message, uses } while anything shows it
// GET    /api/admin/media/:id/uses        (editor) -> every record and site text that shows it
// PUT    /api/admin/media/:id/file        (editor) multipart field "file" -> the asset with its new file, every use moved to it
// Choosing and uploading an image is part of editing (a contributor's save that shows it waits for
// review, as an upload does); describing, placing, replacing and deleting one change every page
// that shows it at once, so they stay with editors.
import { z } from 'zod';
import { requirePermission } from '../../src/server/auth/guard';
import {
  assertNoFormBody,
  byPath,
  json,
  parseWith,
  readJson,
  route,
} from '../../src/server/http/http';
import { pageQuerySchema, queryOf } from '../../src/server/storage/records';
import { assetPatchSchema } from '../../src/schemas/media';
import {
  assetWithUses,
  deleteAsset,
  inUseMessage,
  listAssets,
  patchAsset,
  storeAsset,
  view,
} from '../../src/server/content/media';
import { migrateUploads } from '../../src/server/content/media-migrate';
import { readImageUpload } from '../../src/server/content/uploads';
import { replaceAssetFile } from '../../src/server/workflows/media-replace';
import { answerOnce } from '../../src/server/workflows/answer-once';

const listSchema = pageQuerySchema.extend({
  alt: z.enum(['missing', ''], { error: 'alt can only be "missing"' }).default(''),
});

export default byPath({
  '/api/admin/media': route({
    async GET(req) {
      await requirePermission(req, 'edit');
      const { alt, ...query } = parseWith(listSchema, queryOf(req));
      return json(await listAssets({ ...query, missingAlt: alt === 'missing' }));
    },
    POST: answerOnce(
      async (req) => {
        const user = await requirePermission(req, 'edit');
        const image = await readImageUpload(req, 'file');
        const asset = await storeAsset(image, { uploadedBy: user.username });
        return json(
          { id: asset.id, url: asset.url, width: asset.width, height: asset.height },
          { status: 201 },
        );
      },
      { signedIn: true },
    ),
  }),
  '/api/admin/media/migrate': route({
    async POST(req) {
      await requirePermission(req, 'content');
      assertNoFormBody(req);
      return json(await migrateUploads());
    },
  }),
  '/api/admin/media/:id': route({
    async GET(req, ctx) {
      await requirePermission(req, 'edit');
      const { asset, uses } = await assetWithUses(ctx.params.id ?? '');
      return json({ ...view(asset), uses });
    },
    async PATCH(req, ctx) {
      const user = await requirePermission(req, 'content');
      const patch = await readJson(req, assetPatchSchema);
      return json(await patchAsset(user, ctx.params.id ?? '', patch));
    },
    async DELETE(req, ctx) {
      const user = await requirePermission(req, 'content');
      const { uses } = await assetWithUses(ctx.params.id ?? '');
      // The one error body, with the places that still show it, so the admin can go to them.
      if (uses.length > 0) return json({ message: inUseMessage(uses), uses }, { status: 409 });
      return json(await deleteAsset(user, ctx.params.id ?? ''));
    },
  }),
  '/api/admin/media/:id/uses': route({
    async GET(req, ctx) {
      await requirePermission(req, 'content');
      return json((await assetWithUses(ctx.params.id ?? '')).uses);
    },
  }),
  '/api/admin/media/:id/file': route({
    async PUT(req, ctx) {
      const user = await requirePermission(req, 'content');
      const image = await readImageUpload(req, 'file');
      return json(await replaceAssetFile(user, ctx.params.id ?? '', image));
    },
  }),
});

export const config = {
  path: [
    '/api/admin/media',
    '/api/admin/media/migrate',
    '/api/admin/media/:id',
    '/api/admin/media/:id/uses',
    '/api/admin/media/:id/file',
  ],
};
