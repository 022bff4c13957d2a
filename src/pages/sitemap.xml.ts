import type { APIRoute } from 'astro';
import {
  loadArchiveFilters,
  loadEvents,
  loadLibrary,
  loadPeople,
  loadPublications,
  loadSiteSettings,
} from '../server/workflows/page-data';
import { eventUrl } from '../lib/event-page';
import { archivePaths, publicationUrl } from '../lib/publication-archive';
import { personUrl } from '../lib/people';
import { topicUrl } from '../lib/topics';
import { issueUrl, NEWSLETTER_PATH, sentOn } from '../lib/newsletter-archive';
import { loadSentIssues } from '../server/workflows/newsletter/archive';

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * sitemap.xml: the indexable pages. /search is noindex, and /testimonials is left out while it
 * is switched off (it is then only a redirect). Every page of the publications archive (and of its
 * topic, type and year filters), every publication, event and topic page is listed while its
 * section is shown (they are not built otherwise), and every person page; drafts and embargoed
 * items are never loaded, so never listed. The newsletter archive and every sent issue are listed too.
 */
export const GET: APIRoute = async ({ site, url }) => {
  const origin = new URL(site ?? url).origin;
  const settings = await loadSiteSettings();
  const lastmod = (settings.updatedAt || new Date().toISOString()).slice(0, 10);
  const publications = settings.showPublications ? await loadPublications() : [];
  const events = settings.showEvents ? await loadEvents() : [];
  const [people, library, filters, issues] = await Promise.all([
    loadPeople(),
    loadLibrary(),
    loadArchiveFilters(),
    loadSentIssues(),
  ]);
  const archive = settings.showPublications
    ? archivePaths(filters.total, [...filters.topic, ...filters.type, ...filters.year])
    : [];
  const day = (iso: string) => iso.slice(0, 10);
  const pages: [path: string, lastmod: string][] = [
    ...[
      '/',
      '/team',
      ...(settings.showTestimonials ? ['/testimonials'] : []),
      '/privacy',
      '/accessibility',
      NEWSLETTER_PATH,
      ...archive,
    ].map((p): [string, string] => [p, lastmod]),
    ...publications.map((p): [string, string] => [publicationUrl(p), day(p.updatedAt)]),
    ...events.map((e): [string, string] => [eventUrl(e), day(e.updatedAt)]),
    ...people.map((p): [string, string] => [personUrl(p), lastmod]),
    ...issues.map((i): [string, string] => [issueUrl(i), day(sentOn(i))]),
    ...(settings.showResearch
      ? library.topics.map((t): [string, string] => [topicUrl(t), lastmod])
      : []),
  ];
  const urls = pages
    .map(
      ([p, date]) =>
        `  <url>\n    <loc>${xmlEscape(new URL(p, origin).href)}</loc>\n    <lastmod>${date}</lastmod>\n  </url>`,
    )
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
