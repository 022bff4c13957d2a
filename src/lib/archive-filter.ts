/**
 * Combining the archive's filters in the browser (topic + type + year) without a page load. The
 * build writes a small index of the filters (/publications/filter-index.json: each value's label
 * and how many publications it has) and, per filter value, the public publications it holds in a
 * compact form (/publications/filter-index/<kind>/<value>.json), so that a change fetches only the
 * publications of the narrowest filter chosen, however large the archive. Each selection has its
 * own address: one filter is its static page (/publications/type/report), several are
 * /publications?topic=…&type=…. Pure, shared by the index routes, the page script and tests.
 */
import { ARCHIVE_PATH, archivePageUrl, FILTER_KINDS, type FilterKind } from './publication-archive';

export const FILTER_INDEX_PATH = `${ARCHIVE_PATH}/filter-index.json`;

/** The publications of one filter value. */
export const filterPartPath = (kind: FilterKind, value: string) =>
  `${ARCHIVE_PATH}/filter-index/${kind}/${encodeURIComponent(value)}.json`;

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

/** The filters' values ([slug, label]), and how many publications each value has. */
export interface FilterMeta {
  topic: [string, string][];
  type: [string, string][];
  counts: Record<FilterKind, Record<string, number>>;
}

/** The publications of one filter value, newest first. */
export interface FilterPart {
  rows: IndexRow[];
}

/** The filters' values with some publications: what filterRows reads. */
export interface FilterIndex {
  topic: [string, string][];
  type: [string, string][];
  rows: IndexRow[];
}

/**
 * The filter value to fetch for a selection: the chosen one with the fewest publications (every
 * match is among them); null when nothing is chosen. `count` 0 means no publication can match.
 */
export function narrowestPart(
  meta: FilterMeta,
  selection: Selection,
): { kind: FilterKind; value: string; count: number } | null {
  let best: { kind: FilterKind; value: string; count: number } | null = null;
  for (const kind of FILTER_KINDS) {
    const value = selection[kind];
    if (!value) continue;
    const count = meta.counts[kind][value] ?? 0;
    if (!best || count < best.count) best = { kind, value, count };
  }
  return best;
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
