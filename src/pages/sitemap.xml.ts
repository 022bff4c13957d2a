import type { APIRoute } from 'astro';
import { loadSiteSettings } from '../lib/content';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * sitemap.xml: the indexable pages. /search is noindex, and /testimonials is left out while it
 * is switched off (it is then only a redirect).
 */
export const GET: APIRoute = async ({ site, url }) => {
  const origin = new URL(site ?? url).origin;
  const settings = await loadSiteSettings();
  const lastmod = (settings.updatedAt || new Date().toISOString()).slice(0, 10);
  const paths = ['/', '/team', ...(settings.showTestimonials ? ['/testimonials'] : [])];
  const urls = paths
    .map((p) => `  <url>\n    <loc>${xmlEscape(new URL(p, origin).href)}</loc>\n    <lastmod>${lastmod}</lastmod>\n  </url>`)
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
