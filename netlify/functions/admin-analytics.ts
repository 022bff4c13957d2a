// GET /api/admin/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD[&format=csv] (editor) -> { days, pages,
//      referrers, downloads, newsletter } for those UTC days (today includes hits not yet rolled
//      up), or the same as one CSV table (section, key, kind, count)
// GET /api/admin/analytics/publications/latest (editor) -> { ids } of the three latest publications
// GET /api/admin/analytics/publications/:id (editor) -> the publication's impact panel; 404 if none
import { analyticsRangeSchema, type AnalyticsReport } from '../../src/schemas/analytics';
import { csvResponse, toCsv } from '../../src/server/http/csv';
import { byPath, json, parseWith, route } from '../../src/server/http/http';
import { analyticsReport } from '../../src/server/visitors/analytics-read';
import {
  latestPublicationIds,
  publicationImpact,
} from '../../src/server/workflows/publication-impact';
import { requirePermission } from '../../src/server/auth/guard';

type Row = { section: string; key: string; kind: string; count: number };

/** The report as one long table, so a spreadsheet can pivot it. */
const rowsOf = (r: AnalyticsReport): Row[] => [
  ...r.days.map((d) => ({ section: 'day', key: d.date, kind: 'view', count: d.views })),
  ...r.pages.map((p) => ({ section: 'page', key: p.path, kind: 'view', count: p.views })),
  ...r.referrers.map((p) => ({ section: 'referrer', key: p.host, kind: 'view', count: p.views })),
  ...r.newsletter.map((p) => ({
    section: 'newsletter',
    key: p.issue,
    kind: 'view',
    count: p.views,
  })),
  ...r.downloads.map((d) => ({ section: 'download', key: d.path, kind: d.kind, count: d.count })),
];

export default byPath({
  '/api/admin/analytics': route({
    async GET(req) {
      await requirePermission(req, 'content');
      const query = Object.fromEntries(new URL(req.url).searchParams);
      const { from, to, format } = parseWith(analyticsRangeSchema, query);
      const report = await analyticsReport(from, to);
      if (format === 'csv')
        return csvResponse(
          toCsv(rowsOf(report), ['section', 'key', 'kind', 'count']),
          `analytics-${from}-${to}.csv`,
        );
      return json(report);
    },
  }),
  '/api/admin/analytics/publications/latest': route({
    async GET(req) {
      await requirePermission(req, 'content');
      return json({ ids: await latestPublicationIds(3) });
    },
  }),
  '/api/admin/analytics/publications/:id': route({
    async GET(req, ctx) {
      await requirePermission(req, 'content');
      return json(await publicationImpact(ctx.params.id ?? ''));
    },
  }),
});

export const config = {
  path: [
    '/api/admin/analytics',
    '/api/admin/analytics/publications/latest',
    '/api/admin/analytics/publications/:id',
  ],
};
