import type { APIRoute } from 'astro';
import { sitemapPartPath, sitemapParts, xmlEscape, XML_HEADERS } from './_sitemap';

/**
 * sitemap.xml: the sitemap index (robots.txt names it), one entry per part file (see _sitemap.ts),
 * each with the newest day any of its pages changed.
 */
export const GET: APIRoute = async ({ site, url }) => {
  const origin = new URL(site ?? url).origin;
  const entries = [...(await sitemapParts())]
    .filter(([, pages]) => pages.length > 0)
    .map(([name, pages]) => {
      const lastmod = pages.reduce((newest, [, d]) => (d > newest ? d : newest), '');
      return `  <sitemap>\n    <loc>${xmlEscape(new URL(sitemapPartPath(name), origin).href)}</loc>\n    <lastmod>${lastmod}</lastmod>\n  </sitemap>`;
    })
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries}\n</sitemapindex>\n`;
  return new Response(body, { headers: XML_HEADERS });
};
