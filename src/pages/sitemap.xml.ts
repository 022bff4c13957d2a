import type { APIRoute } from 'astro';
import { loadPublications, loadSiteSettings } from '../server/content';
import { archivePaths } from '../lib/publication-archive';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * sitemap.xml: the indexable pages. /search is noindex, and /testimonials is left out while it
 * is switched off (it is then only a redirect). Every page of the publications archive is listed
 * while the publications section is shown (the archive is not built otherwise).
 */
export const GET: APIRoute = async ({ site, url }) => {
  const origin = new URL(site ?? url).origin;
  const settings = await loadSiteSettings();
  const lastmod = (settings.updatedAt || new Date().toISOString()).slice(0, 10);
  const archive = settings.showPublications ? archivePaths(await loadPublications()) : [];
  const paths = ['/', '/team', ...(settings.showTestimonials ? ['/testimonials'] : []), '/privacy', ...archive];
  const urls = paths
    .map((p) => `  <url>\n    <loc>${xmlEscape(new URL(p, origin).href)}</loc>\n    <lastmod>${lastmod}</lastmod>\n  </url>`)
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
