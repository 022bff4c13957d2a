// POST /api/admin/markdown-preview (editor) {markdown} -> {html, contents, words, minutes}:
// a report body as the built page will show it (the same renderer and sanitiser), for the
// admin's preview while writing.
import { z } from 'zod';
import { BODY_MAX_CHARS } from '../../src/schemas/publication';
import { longText } from '../../src/schemas/common';
import { requirePermission } from '../../src/server/auth/guard';
import { json, readJson, route } from '../../src/server/http/http';
import { renderReportBody } from '../../src/server/content/report-body';

const previewSchema = z.strictObject({ markdown: longText(BODY_MAX_CHARS) });

export default route({
  async POST(req) {
    await requirePermission(req, 'edit');
    const { markdown } = await readJson(req, previewSchema, 256 * 1024);
    return json(renderReportBody(markdown));
  },
});

export const config = { path: '/api/admin/markdown-preview' };
