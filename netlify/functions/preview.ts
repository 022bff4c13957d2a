// GET /preview/:token (public, for whoever holds the link) -> the unpublished page as it will look,
// with a preview band; 404 when the link was revoked, expired or never made; 302 to the live page
// once the item is public; 503 while the build that renders a new draft is still running.
import { getDeployStore } from '@netlify/blobs';
import { previewPageKey } from '../../src/schemas/preview-link';
import { isPublic } from '../../src/schemas/release';
import { route } from '../../src/server/http';
import { openPreviewLink, previewItem } from '../../src/server/preview-links';
import { blobCall } from '../../src/server/store';

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
    { status, headers: { ...PRIVATE, 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'", ...extra } },
  );

export default route({
  async GET(_req, ctx) {
    const link = await openPreviewLink(ctx.params.token ?? '');
    if (!link) return notice(404, 'This preview link does not work', 'It may have expired or been withdrawn. Please ask the person who sent it for a new one.');
    const found = await previewItem(link.kind, link.itemId);
    if (!found) return notice(404, 'This preview link does not work', 'What it showed has been removed.');
    if (isPublic(found.item)) return new Response(null, { status: 302, headers: { ...PRIVATE, Location: found.liveUrl } });
    // Rendered by the build of the deploy this function belongs to (src/integrations/preview-pages.ts).
    const html = await blobCall('read preview page', () => getDeployStore().get(previewPageKey(link.kind, link.itemId), { type: 'text' }));
    if (html === null) return notice(503, 'This preview is being prepared', 'The site is being rebuilt with the latest changes. Please try again in a minute.', { 'Retry-After': '60' });
    return new Response(html, { headers: { ...PRIVATE, 'Content-Type': 'text/html; charset=utf-8' } });
  },
});

export const config = { path: '/preview/:token' };
