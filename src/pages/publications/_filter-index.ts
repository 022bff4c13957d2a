/**
 * The archive's filter index, worked out once per build: the filters' labels and counts
 * (filter-index.json) and, per filter value, its publications in the compact row form
 * (filter-index/<kind>/<value>.json). Empty while publications are switched off. (The leading _
 * keeps this file from being a route.)
 */
import type { FilterMeta, IndexRow } from '../../lib/archive-filter';
import type { FilterKind } from '../../lib/publication-archive';
import { publicationYear, displayDate } from '../../lib/publication-date';
import { typeSlug } from '../../lib/publication-archive';
import {
  loadArchiveFilters,
  loadLibrary,
  loadPublicationsNewestFirst,
  loadSiteSettings,
} from '../../server/workflows/page-data';

interface FilterIndexParts {
  meta: FilterMeta;
  /** Rows by kind, then by value (newest first). */
  parts: Record<FilterKind, Map<string, IndexRow[]>>;
}

async function load(): Promise<FilterIndexParts> {
  const show = (await loadSiteSettings()).showPublications;
  const [publications, library, filters] = await Promise.all([
    show ? loadPublicationsNewestFirst() : [],
    loadLibrary(),
    loadArchiveFilters(),
  ]);
  const typeIndex = new Map(filters.type.map((t, n) => [t.slug, n]));
  const topicIndex = new Map(
    filters.topic.map((t, n) => [library.topics.find((a) => a.slug === t.slug)!.id, n]),
  );
  const parts: FilterIndexParts['parts'] = { topic: new Map(), type: new Map(), year: new Map() };
  const add = (kind: FilterKind, value: string, row: IndexRow) => {
    const list = parts[kind].get(value);
    if (list) list.push(row);
    else parts[kind].set(value, [row]);
  };
  for (const p of publications) {
    const type = typeIndex.get(typeSlug(p.type)) ?? -1;
    const topics = [...new Set(p.topics.flatMap((id) => topicIndex.get(id) ?? []))];
    const row: IndexRow = [
      p.slug,
      p.title,
      type,
      topics,
      publicationYear(p),
      displayDate(p),
      library
        .authors(p)
        .map((c) => c.name)
        .join(', '),
    ];
    if (type >= 0) add('type', filters.type[type]!.slug, row);
    for (const t of topics) add('topic', filters.topic[t]!.slug, row);
    add('year', row[4], row);
  }
  const counts = (kind: FilterKind) =>
    Object.fromEntries([...parts[kind]].map(([value, rows]) => [value, rows.length]));
  return {
    meta: {
      topic: filters.topic.map((t) => [t.slug, t.label]),
      type: filters.type.map((t) => [t.slug, t.label]),
      counts: { topic: counts('topic'), type: counts('type'), year: counts('year') },
    },
    parts,
  };
}

let built: Promise<FilterIndexParts> | null = null;
export const filterIndexParts = () => (built ??= load());
