/**
 * The archive's pages (every publication, and each topic, type and year filter, a page at a time)
 * through the page cache (src/integrations/page-cache.ts): a page whose publications, place in its
 * list and surroundings (filters and their counts, settings, people, topics) are as the last build
 * left them is copied from the cache instead of rendered. (The leading _ keeps this file from
 * being a route.)
 */
import type { Page } from 'astro';
import { contentHash, pagesToRender, recordHash } from '../../integrations/page-cache';
import {
  loadArchiveFilters,
  loadImageFoci,
  loadLibrary,
  loadSiteSettings,
} from '../../server/workflows/page-data';

/** What every archive page shows besides its own list, hashed once per build. */
let surroundings: Promise<string> | null = null;
const archiveSurroundings = () =>
  (surroundings ??= Promise.all([loadSiteSettings(), loadLibrary(), loadArchiveFilters()]).then(
    ([settings, library, filters]) =>
      contentHash(settings, library.people, library.topics, filters),
  ));

/** The archive pages of one route (`route` names its part of the cache) that need rendering. */
export async function archivePagesToRender<T extends { props: { page: Page<unknown> } }>(
  route: string,
  paths: readonly T[],
): Promise<T[]> {
  const [around, foci] = await Promise.all([archiveSurroundings(), loadImageFoci()]);
  // A card is cropped at its image's focal point: a moved point renders the pages that show it.
  const focusOf = (record: unknown) => {
    const image = (record as { image?: string }).image;
    return image ? (foci.get(image) ?? null) : null;
  };
  return pagesToRender(
    route,
    paths,
    (p) => `${p.props.page.url.current.replace(/^\/+/, '')}/index.html`,
    (p) => [
      around,
      {
        ...p.props,
        page: {
          ...p.props.page,
          data: p.props.page.data.map((record) => [recordHash(record as object), focusOf(record)]),
        },
      },
    ],
  );
}
