/**
 * Which paths a hit may name: the site's pages and its downloadable files, as patterns derived from
 * the routes in src/pages. Cheap (no read per hit) and strict enough that a beacon cannot fill the
 * counts with made-up addresses outside the site's shape. Pages kept out of search engines (sign-in,
 * admin, previews, 404) send no beacon and are refused here too; /search counts as itself, never
 * with its query.
 */
import type { HitKind } from '../../schemas/analytics';

const SEG = '[A-Za-z0-9%._~-]+';
const re = (body: string) => new RegExp(`^${body}$`);

const PAGE_PATTERNS: readonly RegExp[] = [
  re('/'),
  re('/(team|testimonials|privacy|accessibility|publications|newsletter|search)'),
  re(`/(team|research|events|publications|newsletter)/${SEG}`),
  re('/publications/\\d+'),
  re(`/publications/${SEG}/figures/\\d+`),
  re(`/publications/(topic|type)/${SEG}(/\\d+)?`),
  re('/publications/year/\\d{4}(/\\d+)?'),
];

const FILE_PATTERNS: Partial<Record<HitKind, RegExp>> = {
  pdf: re(`/pdf/${SEG}/${SEG}\\.pdf`),
  citation: re(`/publications/${SEG}\\.(ris|bib)`),
  ics: re(`/events/${SEG}\\.ics`),
};

/** A path as counted: without a trailing slash (the site answers both spellings). */
export const countedPath = (path: string): string =>
  path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;

/** Whether `path` is a page (kind `view`) or a file of that kind on this site. */
export function isSitePath(kind: HitKind, path: string): boolean {
  if (kind === 'view') return PAGE_PATTERNS.some((p) => p.test(path));
  return FILE_PATTERNS[kind]?.test(path) ?? false;
}
