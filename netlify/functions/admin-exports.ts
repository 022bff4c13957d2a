// CSV exports of personal data, of any size, made in the background in parts of at most 1 MB:
// POST /api/admin/exports {kind: "messages"}                                     (admin) -> 202 {id}
// POST /api/admin/exports {kind: "subscribers", list?: subscribed|unsubscribed, since?: "last"} (admin) -> 202 {id}
//        the confirmed subscribers (or the addresses that unsubscribed), with their consent columns;
//        since=last: only those new since that list's last export. Recorded in the audit log.
// GET  /api/admin/exports/:id          (the admin who started it) -> {id, status: queued|running|ready|failed,
//        filename, parts, rows, bytes, expectedRows, createdAt, expiresAt, error?}; 404 after 24 hours
// GET  /api/admin/exports/:id/parts/:n (the admin who started it) -> part n (1 … parts) as text/csv; 409 until ready.
//        The parts joined in order are the file: the header once, then every row once.
import { exportRequestSchema } from '../../src/schemas/export-job';
import { requirePermission } from '../../src/server/auth/guard';
import { API_SECURITY_HEADERS, byPath, json, readJson, route } from '../../src/server/http/http';
import { exportStatus, readExportPart, startExport } from '../../src/server/workflows/exports';
import { answerOnce } from '../../src/server/workflows/answer-once';

const partNumber = (raw: string | undefined) => (/^\d{1,5}$/.test(raw ?? '') ? Number(raw) : 0);

export default byPath({
  '/api/admin/exports': route({
    POST: answerOnce(
      async (req) => {
        const user = await requirePermission(req, 'personal-data');
        return json(await startExport(user, await readJson(req, exportRequestSchema)), {
          status: 202,
        });
      },
      { signedIn: true },
    ),
  }),
  '/api/admin/exports/:id': route({
    async GET(req, ctx) {
      const user = await requirePermission(req, 'personal-data');
      return json(await exportStatus(user, ctx.params.id ?? ''));
    },
  }),
  '/api/admin/exports/:id/parts/:n': route({
    async GET(req, ctx) {
      const user = await requirePermission(req, 'personal-data');
      const bytes = await readExportPart(user, ctx.params.id ?? '', partNumber(ctx.params.n));
      return new Response(bytes, {
        headers: {
          ...API_SECURITY_HEADERS,
          'Content-Type': 'text/csv; charset=utf-8',
          'Cache-Control': 'private, no-store',
        },
      });
    },
  }),
});

export const config = {
  path: ['/api/admin/exports', '/api/admin/exports/:id', '/api/admin/exports/:id/parts/:n'],
};
