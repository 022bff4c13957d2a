/**
 * Which paths a hit may name: the site's pages and its downloadable files, as patterns derived from
 * the routes in src/pages. Cheap (no read per hit) and strict enough that a beacon cannot fill the
 * counts with made-up addresses outside the site's shape. Pages kept out of search engines (sign-in,
 * admin, previews, 404) send no beacon and are refused here too; /search counts as itself, never
 * with its query.
 */
import type { DownloadKind } from '../../schemas/analytics';

const SEG = '[A-Za-z0-9%._~-]+';
const re = (body: string) => new RegExp(`^(?:${body})$`);

const PAGE_PATTERNS: readonly RegExp[] = [
  re('/'),
  re('/(team|testimonials|privacy|accessibility|publications|newsletter|search)'),
  re(`/(team|research|events|publications|newsletter)/${SEG}`),
  re('/publications/\\d+'),
  re(`/publications/${SEG}/figures/\\d+`),
  re(`/publications/(topic|type)/${SEG}(/\\d+)?`),
  re('/publications/year/\\d{4}(/\\d+)?'),
];

// The files the edge counts as the CDN serves them (netlify.toml routes these paths to
// netlify/edge-functions/count-downloads.ts): a PDF written into the deploy or uploaded whole, a
// citation file, an event's calendar file, a feed.
const FILE_PATTERNS: Record<DownloadKind, RegExp> = {
  pdf: re(`/pdf/${SEG}/${SEG}\\.pdf|/api/uploads/[a-f0-9]{64}\\.pdf`),
  citation: re(`/publications/${SEG}\\.(ris|bib)`),
  ics: re(`/events/${SEG}\\.ics`),
  feed: re(`/(publications|events|newsletter)/feed\\.xml|/research/${SEG}/feed\\.xml`),
};

/** A path as counted: without a trailing slash (the site answers both spellings). */
export const countedPath = (path: string): string =>
  path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;

/** Whether `path` is a page of this site a view is counted for. */
export const isSitePage = (path: string): boolean => PAGE_PATTERNS.some((p) => p.test(path));

/** Which kind of download `path` is, or null for a path that is no file of this site. */
export function fileKindOf(path: string): DownloadKind | null {
  const kinds = Object.keys(FILE_PATTERNS) as DownloadKind[];
  return kinds.find((kind) => FILE_PATTERNS[kind].test(path)) ?? null;
}
