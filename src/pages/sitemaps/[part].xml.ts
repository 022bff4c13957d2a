import type { APIRoute, GetStaticPaths } from 'astro';
import { sitemapParts, xmlEscape, XML_HEADERS } from '../_sitemap';

/** /sitemaps/<part>.xml: one part of the sitemap (see _sitemap.ts), listed by /sitemap.xml. */
export const getStaticPaths = (async () =>
  [...(await sitemapParts())]
    .filter(([, pages]) => pages.length > 0)
    .map(([part]) => ({ params: { part } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params, site, url }) => {
  const origin = new URL(site ?? url).origin;
  const pages = (await sitemapParts()).get(params.part!) ?? [];
  const urls = pages
    .map(
      ([p, date]) =>
        `  <url>\n    <loc>${xmlEscape(new URL(p, origin).href)}</loc>\n    <lastmod>${date}</lastmod>\n  </url>`,
    )
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: XML_HEADERS });
};
