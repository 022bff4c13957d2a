/**
 * The static paths of the archive filtered by one kind (topic, type or year): a run of pages for
 * each value, newest first, through the page cache. (The leading _ keeps this file from being a
 * route.)
 */
import type { PaginateFunction } from 'astro';
import { archivePagesToRender } from './_archive-cache';
import {
  ARCHIVE_PAGE_SIZE,
  publicationsOfType,
  publicationsOfYear,
  type FilterKind,
} from '../../lib/publication-archive';
import type { Publication } from '../../schemas/publication';
import {
  loadArchiveFilters,
  loadLibrary,
  loadPublicationsNewestFirst,
  loadSiteSettings,
} from '../../server/workflows/page-data';

/** The publications a filter value lists, newest first. */
async function selector(kind: FilterKind): Promise<(slug: string) => Publication[]> {
  if (kind === 'topic') {
    const library = await loadLibrary();
    return (slug) => library.ofTopic(library.topics.find((t) => t.slug === slug)!.id).publications;
  }
  const publications = await loadPublicationsNewestFirst();
  return kind === 'type'
    ? (slug) => publicationsOfType(publications, slug)
    : (slug) => publicationsOfYear(publications, slug);
}

export async function filteredArchivePaths(paginate: PaginateFunction, kind: FilterKind) {
  if (!(await loadSiteSettings()).showPublications) return [];
  const [filters, pick] = await Promise.all([loadArchiveFilters(), selector(kind)]);
  const paths = filters[kind].flatMap((filter) =>
    paginate(pick(filter.slug), {
      pageSize: ARCHIVE_PAGE_SIZE,
      params: { [kind]: filter.slug },
      props: { filter },
    }),
  );
  return archivePagesToRender(`archive-${kind}`, paths);
}
