// GET /preview/:token (public, for whoever holds the link) -> the unpublished page as it will look,
// with a preview band; 404 when the link was revoked, expired or never made; 302 to the live page
// once the item is public; 503 while the build that renders a new draft is still running.
// A release's link shows the release's page (its text changes and items), and
// GET /preview/:token/:collection/:id shows each of its items as above.
// A proposal's link shows the record with the proposed change, and takes a comment:
// POST /preview/:token (a form: comment, name?; throttled per address) -> 303 back to the page.
// Once the proposal is decided, its link says so.
import { getDeployStore } from '@netlify/blobs';
import { previewPageKey, type PreviewLink } from '../../src/schemas/preview-link';
import { isPublic } from '../../src/schemas/release';
import { outsideCommentSchema } from '../../src/schemas/proposal';
import { assertPublicPostAllowed } from '../../src/server/auth/throttle';
import { HttpError } from '../../src/server/http/errors';
import { parseWith, route } from '../../src/server/http/http';
import {
  addOutsideComment,
  openProposalOf,
  proposalPreviewHtml,
} from '../../src/server/workflows/proposal-preview';
import { openPreviewLink, previewItem } from '../../src/server/workflows/preview-links';
import { readReleaseDoc } from '../../src/server/workflows/release-bundles';
import { releasePreviewHtml } from '../../src/server/workflows/release-preview';
import { blobCall } from '../../src/server/storage/store';
import { countEvent } from '../../src/server/visitors/analytics-hits';
import { notCounted } from '../../src/server/visitors/analytics-visitor';

// Never cached anywhere, never indexed, never framed, and the address (which is the secret) is not
// sent on as a referrer.
const PRIVATE = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
};

const notice = (status: number, title: string, text: string, extra: Record<string, string> = {}) =>
  new Response(
    `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><h1>${title}</h1><p>${text}</p></html>`,
    {
      status,
      headers: {
        ...PRIVATE,
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
        ...extra,
      },
    },
  );
const gone = (why: string) => notice(404, 'This preview link does not work', why);
const html = (body: string, extra: Record<string, string> = {}) =>
  new Response(body, {
    headers: { ...PRIVATE, 'Content-Type': 'text/html; charset=utf-8', ...extra },
  });

/** One publication's or event's preview page, or where to go instead. */
async function itemPage(kind: 'publication' | 'event', id: string): Promise<Response> {
  const found = await previewItem(kind, id);
  if (!found) return gone('What it showed has been removed.');
  if (isPublic(found.item))
    return new Response(null, { status: 302, headers: { ...PRIVATE, Location: found.liveUrl } });
  // Rendered by the build of the deploy this function belongs to (src/integrations/preview-pages.ts).
  const page = await blobCall('read preview page', () =>
    getDeployStore().get(previewPageKey(kind, id), { type: 'text' }),
  );
  if (page === null)
    return notice(
      503,
      'This preview is being prepared',
      'The site is being rebuilt with the latest changes. Please try again in a minute.',
      { 'Retry-After': '60' },
    );
  return html(page);
}

/** A release's page, or one of its items (`item` set): only while the release is scheduled. */
async function releasePage(
  link: PreviewLink,
  token: string,
  item: { collection: string; id: string } | null,
): Promise<Response> {
  const bundle = (await readReleaseDoc()).bundles.find((b) => b.id === link.itemId);
  if (!bundle || bundle.status === 'cancelled') return gone('The release it showed was cancelled.');
  if (!item) {
    if (bundle.status === 'released')
      return new Response(null, { status: 302, headers: { ...PRIVATE, Location: '/' } });
    return html(await releasePreviewHtml(bundle, token), {
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    });
  }
  const member = bundle.items.find((i) => i.collection === item.collection && i.id === item.id);
  if (!member) return gone('This release has no such item.');
  return itemPage(member.collection === 'publications' ? 'publication' : 'event', member.id);
}

const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";
const closedProposal = () =>
  gone('The change it showed was decided or withdrawn: it takes no more comments.');

/** A proposal's page: the record with the change, and the comment form. */
async function proposalPage(link: PreviewLink, token: string, sent: boolean): Promise<Response> {
  const proposal = await openProposalOf(link.itemId);
  if (!proposal) return closedProposal();
  return html(await proposalPreviewHtml(proposal, token, sent), {
    'Content-Security-Policy': PAGE_CSP,
  });
}

export default route({
  async POST(req, ctx) {
    const token = ctx.params.token ?? '';
    if (ctx.params.collection) return gone('Comments are sent from the preview page itself.');
    const link = await openPreviewLink(token);
    if (!link || link.kind !== 'proposal')
      return gone(
        'It may have expired or been withdrawn. Please ask the person who sent it for a new one.',
      );
    try {
      const form = await req.formData().catch(() => {
        throw new HttpError(400, 'Send the comment from the form on the preview page');
      });
      const input = parseWith(outsideCommentSchema, {
        comment: form.get('comment') ?? undefined,
        name: form.get('name') ?? undefined,
      });
      await assertPublicPostAllowed('preview-comment', ctx.ip);
      await addOutsideComment(link.itemId, input);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return notice(error.status, 'Your comment was not sent', error.message, error.headers);
    }
    // Back to the page, which thanks them (and a reload does not send it again).
    return new Response(null, {
      status: 303,
      headers: { ...PRIVATE, Location: `/preview/${token}?sent=1` },
    });
  },
  async GET(req, ctx) {
    const token = ctx.params.token ?? '';
    const link = await openPreviewLink(token);
    if (!link)
      return gone(
        'It may have expired or been withdrawn. Please ask the person who sent it for a new one.',
      );
    // Counted by what it shows, never by its token (the token is the secret). Link scanners in
    // mail systems are robots and are not counted.
    if (!notCounted(req)) countEvent('preview', `/preview/${link.kind}/${link.itemId}`);
    const item = ctx.params.collection
      ? { collection: ctx.params.collection, id: ctx.params.id ?? '' }
      : null;
    if (link.kind === 'release') return releasePage(link, token, item);
    if (link.kind === 'proposal') {
      if (item) return gone('This link shows one page only.');
      return proposalPage(link, token, new URL(req.url).searchParams.has('sent'));
    }
    if (item) return gone('This link shows one page only.');
    return itemPage(link.kind, link.itemId);
  },
});

export const config = { path: ['/preview/:token', '/preview/:token/:collection/:id'] };
