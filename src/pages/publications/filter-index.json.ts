import type { APIRoute } from 'astro';
import type { FilterIndex } from '../../lib/archive-filter';
import { publicationYear, displayDate } from '../../lib/publication-date';
import { typeSlug } from '../../lib/publication-archive';
import {
  loadArchiveFilters,
  loadLibrary,
  loadPublicationsNewestFirst,
  loadSiteSettings,
} from '../../server/workflows/page-data';

/**
 * /publications/filter-index.json: every public publication in a compact form, newest first, for
 * combining the archive's filters in the browser. Empty while publications are switched off.
 */
export const GET: APIRoute = async () => {
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
  const index: FilterIndex = {
    topic: filters.topic.map((t) => [t.slug, t.label]),
    type: filters.type.map((t) => [t.slug, t.label]),
    rows: publications.map((p) => [
      p.slug,
      p.title,
      typeIndex.get(typeSlug(p.type)) ?? -1,
      [...new Set(p.topics.flatMap((id) => topicIndex.get(id) ?? []))],
      publicationYear(p),
      displayDate(p),
      library
        .authors(p)
        .map((c) => c.name)
        .join(', '),
    ]),
  };
  return new Response(JSON.stringify(index), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
