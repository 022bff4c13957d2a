/**
 * Combining the archive's filters in the browser (topic + type + year) without a page load. The
 * build writes a compact index of every public publication (/publications/filter-index.json);
 * the page script reads it on the first change. Each selection has its own address: one filter
 * is its static page (/publications/type/report), several are /publications?topic=…&type=….
 * Pure, shared by the index route, the page script and tests.
 */
import { ARCHIVE_PATH, archivePageUrl, FILTER_KINDS, type FilterKind } from './publication-archive';

export const FILTER_INDEX_PATH = `${ARCHIVE_PATH}/filter-index.json`;

/** One publication in the index: slug, title, type index, topic indexes, year, shown date, authors. */
export type IndexRow = [
  slug: string,
  title: string,
  type: number,
  topics: number[],
  year: string,
  date: string,
  authors: string,
];

/** The index: the filters' values ([slug, label]) and every publication, newest first. */
export interface FilterIndex {
  topic: [string, string][];
  type: [string, string][];
  rows: IndexRow[];
}

/** What is chosen: at most one value per group. */
export type Selection = Partial<Record<FilterKind, string>>;

/** The selection an address shows: its static filter page's, or its query's. */
export function selectionFromUrl(url: URL): Selection {
  const selection: Selection = {};
  const path = new RegExp(`^${ARCHIVE_PATH}/(${FILTER_KINDS.join('|')})/([^/]+)`).exec(
    url.pathname,
  );
  if (path) selection[path[1] as FilterKind] = decodeURIComponent(path[2]!);
  for (const kind of FILTER_KINDS) {
    const value = url.searchParams.get(kind);
    if (value) selection[kind] = value;
  }
  return selection;
}

/** The address of a selection: the archive, one filter's static page, or the archive with a query. */
export function selectionUrl(selection: Selection): string {
  const chosen = FILTER_KINDS.filter((k) => selection[k]);
  if (chosen.length <= 1) return archivePageUrl(1, selection);
  return `${ARCHIVE_PATH}?${new URLSearchParams(chosen.map((k) => [k, selection[k]!])).toString()}`;
}

/** The rows matching every chosen filter, in the index's order (newest first). */
export function filterRows(index: FilterIndex, selection: Selection): IndexRow[] {
  const type = selection.type ? index.type.findIndex(([slug]) => slug === selection.type) : -1;
  const topic = selection.topic ? index.topic.findIndex(([slug]) => slug === selection.topic) : -1;
  // A value the index does not know (an old link) matches nothing rather than everything.
  if ((selection.type && type < 0) || (selection.topic && topic < 0)) return [];
  return index.rows.filter(
    ([, , t, topics, year]) =>
      (!selection.type || t === type) &&
      (!selection.topic || topics.includes(topic)) &&
      (!selection.year || year === selection.year),
  );
}
