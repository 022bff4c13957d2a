/**
 * The publications archive (/publications): how many cards the home page and each archive page
 * show, how types become URL slugs, and the address of every archive page and publication.
 * Pure functions shared by the pages, the sitemap, the search index and tests, so all of them
 * agree on which page a publication lives on.
 *
 * Routes: /publications, /publications/2, … (every publication, newest first: publication-date.ts),
 * /publications/type/<slug>, /publications/type/<slug>/2, … (one type), and one page per
 * publication at /publications/<slug> (slugs never take 'type' or a bare number: src/lib/slug.ts).
 * publicationUrl() is the one place that points cards, feeds and search results at them.
 */

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

export interface PublicationType {
  slug: string;
  /** The type as first written by the admin. */
  label: string;
  count: number;
}

/** The types in use, alphabetically, each with its number of publications. */
export function publicationTypes(publications: readonly { type: string }[]): PublicationType[] {
  const bySlug = new Map<string, PublicationType>();
  for (const { type } of publications) {
    const slug = typeSlug(type);
    const found = bySlug.get(slug);
    if (found) found.count++;
    else bySlug.set(slug, { slug, label: type, count: 1 });
  }
  return [...bySlug.values()].sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

/** The publications of one type (by slug), keeping the order they come in. */
export const publicationsOfType = <T extends { type: string }>(publications: readonly T[], slug: string): T[] =>
  publications.filter((p) => typeSlug(p.type) === slug);

/** Number of archive pages for `count` publications (an empty archive still has its first page). */
export const archivePageCount = (count: number): number => Math.max(1, Math.ceil(count / ARCHIVE_PAGE_SIZE));

/** The address of archive page `page` (1-based), of every type or of one type's slug. */
export function archivePageUrl(page: number, type?: string): string {
  const base = type ? `${ARCHIVE_PATH}/type/${type}` : ARCHIVE_PATH;
  return page > 1 ? `${base}/${page}` : base;
}

/** Every archive address (for the sitemap); must match what the archive routes generate. */
export function archivePaths(publications: readonly { type: string }[]): string[] {
  const pages = (count: number, type?: string) => Array.from({ length: archivePageCount(count) }, (_, n) => archivePageUrl(n + 1, type));
  return [...pages(publications.length), ...publicationTypes(publications).flatMap((t) => pages(t.count, t.slug))];
}

/** The id of a publication's card, so links can point at it. */
export const publicationAnchor = (id: string): string => `publication-${id}`;

/** A publication's own page. */
export const publicationUrl = (publication: { slug: string }): string => `${ARCHIVE_PATH}/${publication.slug}`;
