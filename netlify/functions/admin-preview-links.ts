// POST   /api/admin/preview-links {kind, id, expiresInDays?} (editor) -> 201 { id, url, expiresAt, ... }; the link is shown this once
// GET    /api/admin/preview-links?kind=&id=                  (editor) -> the links (never their tokens), newest first
// DELETE /api/admin/preview-links/:id                        (editor) -> the revoked link; its address answers 404 from then on
import { z } from 'zod';
import { PREVIEW_KINDS, previewLinkCreateSchema } from '../../src/schemas/preview-link';
import { HttpError } from '../../src/server/http/errors';
import { requirePermission } from '../../src/server/auth/guard';
import { json, parseWith, readJson, route } from '../../src/server/http/http';
import {
  createPreviewLink,
  listPreviewLinks,
  revokePreviewLink,
} from '../../src/server/workflows/preview-links';
import { queryOf } from '../../src/server/storage/records';
import { answerOnce } from '../../src/server/workflows/answer-once';

const filterSchema = z.object({
  kind: z.enum(PREVIEW_KINDS, { error: "kind must be 'publication' or 'event'" }).optional(),
  id: z.string().max(100).optional(),
});
const notHere = (method: string) =>
  new HttpError(405, `Method ${method} is not allowed here`, undefined, { Allow: 'DELETE' });

export default route({
  async GET(req, ctx) {
    await requirePermission(req, 'content');
    if (ctx.params.id) throw notHere('GET');
    return json(await listPreviewLinks(parseWith(filterSchema, queryOf(req))));
  },
  POST: answerOnce(
    async (req, ctx) => {
      const user = await requirePermission(req, 'content');
      if (ctx.params.id) throw notHere('POST');
      const input = await readJson(req, previewLinkCreateSchema);
      return json(await createPreviewLink(user, input, new URL(req.url).origin), { status: 201 });
    },
    { signedIn: true },
  ),
  async DELETE(req, ctx) {
    const user = await requirePermission(req, 'content');
    if (!ctx.params.id)
      throw new HttpError(405, 'Method DELETE is not allowed here', undefined, {
        Allow: 'GET, POST',
      });
    return json(await revokePreviewLink(user, ctx.params.id));
  },
});

export const config = { path: ['/api/admin/preview-links', '/api/admin/preview-links/:id'] };
