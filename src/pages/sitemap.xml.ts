import type { APIRoute } from 'astro';
import { loadEvents, loadPublications, loadSiteSettings } from '../server/content';
import { eventUrl } from '../lib/event-page';
import { archivePaths, publicationUrl } from '../lib/publication-archive';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * sitemap.xml: the indexable pages. /search is noindex, and /testimonials is left out while it
 * is switched off (it is then only a redirect). Every page of the publications archive and every
 * publication and event page is listed while its section is shown (they are not built otherwise);
 * drafts and embargoed items are never loaded, so never listed.
 */
export const GET: APIRoute = async ({ site, url }) => {
  const origin = new URL(site ?? url).origin;
  const settings = await loadSiteSettings();
  const lastmod = (settings.updatedAt || new Date().toISOString()).slice(0, 10);
  const publications = settings.showPublications ? await loadPublications() : [];
  const events = settings.showEvents ? await loadEvents() : [];
  const day = (iso: string) => iso.slice(0, 10);
  const pages: [path: string, lastmod: string][] = [
    ...['/', '/team', ...(settings.showTestimonials ? ['/testimonials'] : []), '/privacy', '/accessibility', ...(settings.showPublications ? archivePaths(publications) : [])].map(
      (p): [string, string] => [p, lastmod],
    ),
    ...publications.map((p): [string, string] => [publicationUrl(p), day(p.updatedAt)]),
    ...events.map((e): [string, string] => [eventUrl(e), day(e.updatedAt)]),
  ];
  const urls = pages
    .map(([p, date]) => `  <url>\n    <loc>${xmlEscape(new URL(p, origin).href)}</loc>\n    <lastmod>${date}</lastmod>\n  </url>`)
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
