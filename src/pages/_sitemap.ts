/**
 * The sitemap's parts: the site's own pages in one, then publications (with their figure pages)
 * and events by year, each year cut into parts of 10,000 addresses at most. /sitemap.xml is
 * the index of these parts, so no file nears the protocol's 50,000 addresses however large the
 * archive grows. Worked out once per build. (The leading _ keeps this file from being a route.)
 *
 * Listed: the indexable pages but /search (a search box until someone searches), and
 * /testimonials is left out while it is switched off (it is then only a redirect). Every page of
 * the publications archive (and of its topic, type and year filters), every publication (and each
 * of its figures' pages), event and topic page is listed while its section is shown (they are not
 * built otherwise), and every person page; drafts and embargoed items are never loaded, so never
 * listed. The newsletter archive and every sent issue are listed too.
 */
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
import { publicationYear } from '../lib/publication-date';
import { personUrl } from '../lib/people';
import { topicUrl } from '../lib/topics';
import { issueUrl, NEWSLETTER_PATH, sentOn } from '../lib/newsletter-archive';
import { loadSentIssues } from '../server/workflows/newsletter/archive';
import { publicationFigures } from '../server/workflows/record-pages';
import { figurePageUrl } from '../lib/figures';
import { byYear, type SitemapEntry } from '../lib/sitemap-parts';

const day = (iso: string) => iso.slice(0, 10);

async function load(): Promise<Map<string, SitemapEntry[]>> {
  const settings = await loadSiteSettings();
  const lastmod = day(settings.updatedAt || new Date().toISOString());
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
  const pages: SitemapEntry[] = [
    ...[
      '/',
      '/team',
      ...(settings.showTestimonials ? ['/testimonials'] : []),
      '/privacy',
      '/accessibility',
      NEWSLETTER_PATH,
      ...archive,
    ].map((p): SitemapEntry => [p, lastmod]),
    ...people.map((p): SitemapEntry => [personUrl(p), lastmod]),
    ...issues.map((i): SitemapEntry => [issueUrl(i), day(sentOn(i))]),
    ...(settings.showResearch
      ? library.topics.map((t): SitemapEntry => [topicUrl(t), lastmod])
      : []),
  ];
  const publicationEntries = await Promise.all(
    publications.map(async (p): Promise<[string, SitemapEntry[]]> => [
      publicationYear(p),
      [
        [publicationUrl(p), day(p.updatedAt)],
        ...(await publicationFigures(p)).map((f): SitemapEntry => [
          figurePageUrl(p, f.number),
          day(p.updatedAt),
        ]),
      ],
    ]),
  );
  return new Map([
    ['pages', pages],
    ...byYear('publications', publicationEntries),
    ...byYear(
      'events',
      events.map((e): [string, SitemapEntry[]] => [
        e.startDate.slice(0, 4),
        [[eventUrl(e), day(e.updatedAt)]],
      ]),
    ),
  ]);
}

let parts: Promise<Map<string, SitemapEntry[]>> | null = null;
/** Every part by name, in the order the index lists them. */
export const sitemapParts = () => (parts ??= load());

/** The address of a part. */
export const sitemapPartPath = (name: string) => `/sitemaps/${name}.xml`;

export const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const XML_HEADERS = { 'Content-Type': 'application/xml; charset=utf-8' };
