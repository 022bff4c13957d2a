/**
 * The publications archive (/publications): how many cards the home page and each archive page
 * show, how types become URL slugs, and the address of every archive page and publication.
 * Pure functions shared by the pages, the sitemap, the search index and tests, so all of them
 * agree on which page a publication lives on.
 *
 * Routes: /publications, /publications/2, … (every publication, newest first: publication-date.ts),
 * /publications/type/<slug>[/n] (one type), /publications/topic/<slug>[/n] (one research area),
 * /publications/year/<yyyy>[/n] (one year), and one page per publication at /publications/<slug>
 * (slugs never take 'type', 'topic', 'year' or a bare number: src/lib/slug.ts).
 * publicationUrl() is the one place that points cards, feeds and search results at them.
 */

import { publicationYear, type Dated as DatedFields } from './publication-date';

type Dated = DatedFields & { createdAt?: string };

/** Cards on the home page; the rest are in the archive ("View all"). Divides the 1-, 2- and 3-column grids. */
export const HOME_PUBLICATIONS = 6;
/** Cards per archive page (a multiple of the 2- and 3-column grids). */
export const ARCHIVE_PAGE_SIZE = 12;
export const ARCHIVE_PATH = '/publications';

/** A type's URL slug: 'Policy Brief' → 'policy-brief'; types that differ only in case or punctuation share one. */
export function typeSlug(type: string): string {
  const slug = type
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  // A type with no letters or digits at all (say '—') still needs a stable, distinct address.
  return slug || `type-${[...type].map((c) => c.codePointAt(0)!.toString(16)).join('')}`;
}

/** The types in use, alphabetically, each with its number of publications (the label as first written). */
export function publicationTypes(publications: readonly { type: string }[]): ArchiveFilter[] {
  const bySlug = new Map<string, ArchiveFilter>();
  for (const { type } of publications) {
    const slug = typeSlug(type);
    const found = bySlug.get(slug);
    if (found) found.count++;
    else bySlug.set(slug, { kind: 'type', slug, label: type, count: 1 });
  }
  return [...bySlug.values()].sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

/** The years publications came out in, newest first, each with its number of publications. */
export function publicationYears(publications: readonly Dated[]): ArchiveFilter[] {
  const counts = new Map<string, number>();
  for (const p of publications) {
    const year = publicationYear(p);
    if (year) counts.set(year, (counts.get(year) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[0].localeCompare(a[0]))
    .map(([year, count]) => ({ kind: 'year', slug: year, label: year, count }));
}

/** The publications of one year, keeping the order they come in. */
export const publicationsOfYear = <T extends Dated>(
  publications: readonly T[],
  year: string,
): T[] => publications.filter((p) => publicationYear(p) === year);

/** The publications of one type (by slug), keeping the order they come in. */
export const publicationsOfType = <T extends { type: string }>(
  publications: readonly T[],
  slug: string,
): T[] => publications.filter((p) => typeSlug(p.type) === slug);

/** Number of archive pages for `count` publications (an empty archive still has its first page). */
export const archivePageCount = (count: number): number =>
  Math.max(1, Math.ceil(count / ARCHIVE_PAGE_SIZE));

/** The three ways the archive filters: by type, by topic (research area) and by year. */
export const FILTER_KINDS = ['topic', 'type', 'year'] as const;
export type FilterKind = (typeof FILTER_KINDS)[number];

/** One filter's value: its URL slug, what it reads as, and how many publications it lists. */
export interface ArchiveFilter {
  kind: FilterKind;
  slug: string;
  label: string;
  count: number;
}

/** The address of archive page `page` (1-based): of every publication, or of one type, topic or year. */
export function archivePageUrl(page: number, filter?: Partial<Record<FilterKind, string>>): string {
  const kind = FILTER_KINDS.find((k) => filter?.[k]);
  const base = kind ? `${ARCHIVE_PATH}/${kind}/${filter![kind]}` : ARCHIVE_PATH;
  return page > 1 ? `${base}/${page}` : base;
}

/** Every archive address (for the sitemap): all publications and each filter; must match the archive routes. */
export function archivePaths(total: number, filters: readonly ArchiveFilter[]): string[] {
  const pages = (count: number, filter?: ArchiveFilter) =>
    Array.from({ length: archivePageCount(count) }, (_, n) =>
      archivePageUrl(n + 1, filter && { [filter.kind]: filter.slug }),
    );
  return [...pages(total), ...filters.flatMap((f) => pages(f.count, f))];
}

/** The id of a publication's card, so links can point at it. */
export const publicationAnchor = (id: string): string => `publication-${id}`;

/** A publication's own page. */
export const publicationUrl = (publication: { slug: string }): string =>
  `${ARCHIVE_PATH}/${publication.slug}`;
