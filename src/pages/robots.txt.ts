import type { APIRoute } from 'astro';

/** robots.txt: everything public is crawlable except the admin area, sign-in and the API (/search?q=… pages name /search as canonical, which crawlers must be allowed to read). */
export const GET: APIRoute = ({ site, url }) => {
  const origin = new URL(site ?? url).origin;
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /login',
    'Disallow: /setup',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
