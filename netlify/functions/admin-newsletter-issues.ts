// GET    /api/admin/newsletter-issues?page=&pageSize=   (editor) -> { items: summary rows newest first, page, pageSize, total }
// POST   /api/admin/newsletter-issues {subject, intro, items, topics} (editor) -> 201 { id, status: 'draft' }
// GET    /api/admin/newsletter-issues/:id               (editor) -> the issue, with status and counts { recipients, sent, failed, unknown, skipped }
// PATCH  /api/admin/newsletter-issues/:id {subject?, intro?, items?, topics?} (editor) -> the issue; 409 unless draft or scheduled
// DELETE /api/admin/newsletter-issues/:id               (editor) -> 204; 409 unless draft or scheduled
// GET    /api/admin/newsletter-issues/:id/preview       (editor) -> { subject, html, text, recipients }: a sample reader's copy
// POST   /api/admin/newsletter-issues/:id/test          (editor) -> 202 { to }: one copy to the user's own verified address
// POST   /api/admin/newsletter-issues/:id/send {at?}    (admin, or editor when allowed) -> 202 the issue (sending, or scheduled at `at`); 409 once sent or sending
// POST   /api/admin/newsletter-issues/:id/cancel        (editor) -> the issue, back to draft; 409 unless scheduled
// GET    /api/admin/newsletter-issues/:id/unknown       (admin)  -> { total, items: [{ email, at, reason }] }: readers whose copy may not have arrived
import {
  issueCreateSchema,
  issueSendSchema,
  issueUpdateSchema,
} from '../../src/schemas/newsletter-issue';
import { requirePermission } from '../../src/server/auth/guard';
import {
  assertNoFormBody,
  byPath,
  json,
  parseWith,
  readJson,
  route,
} from '../../src/server/http/http';
import {
  createIssue,
  deleteIssue,
  getIssue,
  listIssues,
  updateIssue,
} from '../../src/server/workflows/newsletter/issues';
import {
  cancelIssue,
  previewIssue,
  sendIssue,
  sendTestCopy,
} from '../../src/server/workflows/newsletter/send-control';
import { unknownRecipients } from '../../src/server/workflows/newsletter/deliveries';
import { pageQuerySchema, queryOf } from '../../src/server/storage/records';
import { answerOnce } from '../../src/server/workflows/answer-once';

/** The send body is optional: none sends now; a form body is refused (cross-site forms send those). */
async function sendBody(req: Request) {
  assertNoFormBody(req);
  return req.headers.get('content-type')
    ? readJson(req, issueSendSchema)
    : parseWith(issueSendSchema, {});
}

export default byPath({
  '/api/admin/newsletter-issues': route({
    async GET(req) {
      await requirePermission(req, 'content');
      const { page, pageSize } = parseWith(pageQuerySchema, queryOf(req));
      return json(await listIssues(page, pageSize));
    },
    POST: answerOnce(
      async (req) => {
        const user = await requirePermission(req, 'content');
        const issue = await createIssue(
          user.id,
          await readJson(req, issueCreateSchema, 256 * 1024),
        );
        return json({ id: issue.id, status: issue.status }, { status: 201 });
      },
      { signedIn: true },
    ),
  }),
  '/api/admin/newsletter-issues/:id': route({
    async GET(req, ctx) {
      await requirePermission(req, 'content');
      return json(await getIssue(ctx.params.id ?? ''));
    },
    async PATCH(req, ctx) {
      await requirePermission(req, 'content');
      const patch = await readJson(req, issueUpdateSchema, 256 * 1024);
      return json(await updateIssue(ctx.params.id ?? '', patch));
    },
    async DELETE(req, ctx) {
      await requirePermission(req, 'content');
      await deleteIssue(ctx.params.id ?? '');
      return new Response(null, { status: 204 });
    },
  }),
  '/api/admin/newsletter-issues/:id/preview': route({
    async GET(req, ctx) {
      await requirePermission(req, 'content');
      return json(await previewIssue(ctx.params.id ?? ''));
    },
  }),
  '/api/admin/newsletter-issues/:id/test': route({
    async POST(req, ctx) {
      const user = await requirePermission(req, 'content');
      assertNoFormBody(req);
      return json(await sendTestCopy(user, ctx.params.id ?? ''), { status: 202 });
    },
  }),
  '/api/admin/newsletter-issues/:id/send': route({
    async POST(req, ctx) {
      const user = await requirePermission(req, 'content');
      const { at } = await sendBody(req);
      return json(await sendIssue(user, ctx.params.id ?? '', at), { status: 202 });
    },
  }),
  '/api/admin/newsletter-issues/:id/unknown': route({
    async GET(req, ctx) {
      // Subscribers' addresses: personal data, for admins.
      await requirePermission(req, 'personal-data');
      const issue = await getIssue(ctx.params.id ?? '');
      return json(await unknownRecipients(issue.id));
    },
  }),
  '/api/admin/newsletter-issues/:id/cancel': route({
    async POST(req, ctx) {
      const user = await requirePermission(req, 'content');
      assertNoFormBody(req);
      return json(await cancelIssue(user, ctx.params.id ?? ''));
    },
  }),
});

export const config = {
  path: [
    '/api/admin/newsletter-issues',
    '/api/admin/newsletter-issues/:id',
    '/api/admin/newsletter-issues/:id/preview',
    '/api/admin/newsletter-issues/:id/test',
    '/api/admin/newsletter-issues/:id/send',
    '/api/admin/newsletter-issues/:id/cancel',
    '/api/admin/newsletter-issues/:id/unknown',
  ],
};
