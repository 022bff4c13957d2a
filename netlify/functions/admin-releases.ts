// GET   /api/admin/releases                        (editor) -> { upcoming: scheduled publications and events, soonest first,
//                                                              releases: scheduled releases soonest first, then finished ones, warning: string | null }
// POST  /api/admin/releases                        (editor) {name, publishAt, timeZone?, items?, texts?} -> 201 the release; its items are scheduled for its time
// GET   /api/admin/releases/:id                    (editor) -> the release with `problems` (what would go wrong at its time)
// PATCH /api/admin/releases/:id                    (editor) {name?, publishAt?, timeZone?, items?, texts?} -> the release (a new time moves all its items)
// POST  /api/admin/releases/:id/cancel             (editor) -> the cancelled release; its items are back to draft
// POST  /api/admin/releases/:id/preview-link       (editor) {expiresInDays?} -> 201 { id, url, expiresAt }: a private link to the whole release
import {
  releaseCreateSchema,
  releasePreviewSchema,
  releaseUpdateSchema,
} from '../../src/schemas/release-bundle';
import { requirePermission } from '../../src/server/auth/guard';
import { byPath, json, readJson, route } from '../../src/server/http/http';
import {
  cancelRelease,
  createRelease,
  getRelease,
  updateRelease,
} from '../../src/server/workflows/release-bundles';
import { checkRelease } from '../../src/server/workflows/release-check';
import { createReleasePreviewLink } from '../../src/server/workflows/release-preview';
import { upcomingReleases } from '../../src/server/workflows/releases';
import { answerOnce } from '../../src/server/workflows/answer-once';

export default byPath({
  '/api/admin/releases': route({
    async GET(req) {
      await requirePermission(req, 'content');
      return json(await upcomingReleases());
    },
    POST: answerOnce(
      async (req) => {
        const user = await requirePermission(req, 'content');
        return json(await createRelease(user, await readJson(req, releaseCreateSchema)), {
          status: 201,
        });
      },
      { signedIn: true },
    ),
  }),
  '/api/admin/releases/:id/cancel': route({
    async POST(req, ctx) {
      const user = await requirePermission(req, 'content');
      return json(await cancelRelease(user, ctx.params.id ?? ''));
    },
  }),
  '/api/admin/releases/:id/preview-link': route({
    POST: answerOnce(
      async (req, ctx) => {
        const user = await requirePermission(req, 'content');
        const { expiresInDays } = await readJson(req, releasePreviewSchema);
        return json(
          await createReleasePreviewLink(
            user,
            ctx.params.id ?? '',
            expiresInDays,
            new URL(req.url).origin,
          ),
          { status: 201 },
        );
      },
      { signedIn: true },
    ),
  }),
  '/api/admin/releases/:id': route({
    async GET(req, ctx) {
      await requirePermission(req, 'content');
      return json(await checkRelease(await getRelease(ctx.params.id ?? '')));
    },
    async PATCH(req, ctx) {
      const user = await requirePermission(req, 'content');
      return json(
        await updateRelease(user, ctx.params.id ?? '', await readJson(req, releaseUpdateSchema)),
      );
    },
  }),
});

export const config = {
  path: [
    '/api/admin/releases',
    '/api/admin/releases/:id',
    '/api/admin/releases/:id/cancel',
    '/api/admin/releases/:id/preview-link',
  ],
};
