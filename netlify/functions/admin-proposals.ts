// Review before publish (src/server/workflows/proposals/):
// GET    /api/admin/proposals?status=&page=&pageSize=  (contributor: own; editor, admin: all) -> {items, page, pageSize, hasMore}, newest first
// GET    /api/admin/proposals/open?subjects=a,b        -> {items}: the open proposals on those subjects (the in-place editor's badges)
// GET    /api/admin/proposals/:id                      -> {proposal, current, diff: [{field, base, proposed, current, changedSince}]}
// PATCH  /api/admin/proposals/:id {fields…}            (its author) -> the proposal, pending again (resubmit)
// POST   /api/admin/proposals/:id/withdraw             (its author) -> the proposal, withdrawn
// POST   /api/admin/proposals/:id/approve              (editor, admin; not its author) -> {proposal, record}; 409 with
//                                                        {proposed, base, current} when the record changed since
// POST   /api/admin/proposals/:id/request-changes {comment} (editor, admin; not its author) -> the proposal
// DELETE /api/admin/proposals/:id [{comment}]          (editor, admin; not its author) -> the proposal, rejected
// POST   /api/admin/proposals/:id/preview-link [{expiresInDays}] (editor, admin) -> 201 the link (shown this once): an
//                                                        outside reviewer sees the change there and comments without an account
// GET    /api/admin/review-policy                      (signed in) -> {changesNeedApproval}
// PUT    /api/admin/review-policy {changesNeedApproval} (admin) -> the policy
import { z } from 'zod';
import {
  optionalCommentSchema,
  proposalCommentSchema,
  proposalListQuerySchema,
  reviewPolicySchema,
} from '../../src/schemas/proposal';
import { expiresInDaysSchema, PREVIEW_DEFAULT_DAYS } from '../../src/schemas/preview-link';
import { requirePermission } from '../../src/server/auth/guard';
import { createProposalPreviewLink } from '../../src/server/workflows/proposal-preview';
import { byPath, json, parseWith, readJson, route } from '../../src/server/http/http';
import { queryOf } from '../../src/server/storage/records';
import {
  approveProposal,
  ConflictWithVersions,
  listVisibleProposals,
  openProposalsFor,
  proposalWithDiff,
  rejectProposal,
  requestChanges,
  resubmitProposal,
  visibleProposal,
  withdrawProposal,
} from '../../src/server/workflows/proposals';
import { proposalSubject } from '../../src/server/workflows/proposal-subjects';
import { getReviewPolicy, setReviewPolicy } from '../../src/server/workflows/review-policy';

const idOf = (params: Record<string, string | undefined>) => params.id ?? '';
const anyFields = z.record(z.string(), z.unknown());
const openQuerySchema = z.object({
  subjects: z
    .string({ error: 'Send subjects: names separated by commas' })
    .transform((s) => [...new Set(s.split(',').filter(Boolean))])
    .pipe(z.array(z.string()).min(1, 'Send subjects: names separated by commas').max(10)),
});

export default byPath({
  '/api/admin/proposals': route({
    async GET(req) {
      const user = await requirePermission(req, 'edit');
      return json(
        await listVisibleProposals(user, parseWith(proposalListQuerySchema, queryOf(req))),
      );
    },
  }),
  '/api/admin/proposals/open': route({
    async GET(req) {
      const user = await requirePermission(req, 'edit');
      const { subjects } = parseWith(openQuerySchema, queryOf(req));
      return json({ items: await openProposalsFor(user, subjects) });
    },
  }),
  '/api/admin/proposals/:id': route({
    async GET(req, ctx) {
      const user = await requirePermission(req, 'edit');
      return json(await proposalWithDiff(user, idOf(ctx.params)));
    },
    async PATCH(req, ctx) {
      const user = await requirePermission(req, 'edit');
      const found = await visibleProposal(user, idOf(ctx.params));
      const limit = proposalSubject(found.subject).maxJsonBytes;
      const body = await readJson(req, anyFields, limit);
      return json(await resubmitProposal(user, found.id, body));
    },
    async DELETE(req, ctx) {
      const user = await requirePermission(req, 'content');
      // The comment is optional: a DELETE may come without a body.
      const { comment } = req.headers.get('content-type')
        ? await readJson(req, optionalCommentSchema)
        : { comment: '' };
      return json(await rejectProposal(user, idOf(ctx.params), comment));
    },
  }),
  '/api/admin/proposals/:id/approve': route({
    async POST(req, ctx) {
      const user = await requirePermission(req, 'content');
      try {
        return json(await approveProposal(user, idOf(ctx.params)));
      } catch (error) {
        if (error instanceof ConflictWithVersions) return error.toResponse();
        throw error;
      }
    },
  }),
  '/api/admin/proposals/:id/request-changes': route({
    async POST(req, ctx) {
      const user = await requirePermission(req, 'content');
      const { comment } = await readJson(req, proposalCommentSchema);
      return json(await requestChanges(user, idOf(ctx.params), comment));
    },
  }),
  '/api/admin/proposals/:id/withdraw': route({
    async POST(req, ctx) {
      const user = await requirePermission(req, 'edit');
      return json(await withdrawProposal(user, idOf(ctx.params)));
    },
  }),
  '/api/admin/proposals/:id/preview-link': route({
    async POST(req, ctx) {
      const user = await requirePermission(req, 'content');
      const { expiresInDays } = req.headers.get('content-type')
        ? await readJson(req, expiresInDaysSchema)
        : { expiresInDays: PREVIEW_DEFAULT_DAYS };
      const origin = new URL(req.url).origin;
      return json(await createProposalPreviewLink(user, idOf(ctx.params), expiresInDays, origin), {
        status: 201,
      });
    },
  }),
  '/api/admin/review-policy': route({
    async GET(req) {
      await requirePermission(req, 'edit');
      return json(await getReviewPolicy());
    },
    async PUT(req) {
      const admin = await requirePermission(req, 'users');
      return json(await setReviewPolicy(admin, await readJson(req, reviewPolicySchema)));
    },
  }),
});

export const config = {
  path: [
    '/api/admin/proposals',
    '/api/admin/proposals/open',
    '/api/admin/proposals/:id',
    '/api/admin/proposals/:id/approve',
    '/api/admin/proposals/:id/request-changes',
    '/api/admin/proposals/:id/withdraw',
    '/api/admin/proposals/:id/preview-link',
    '/api/admin/review-policy',
  ],
};
