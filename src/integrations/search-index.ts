import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { AstroIntegration } from 'astro';
import { close, createIndex } from 'pagefind';

/** Where the index lands in the output, and so the address the search page loads it from. */
export const SEARCH_INDEX_DIR = 'pagefind';

/**
 * The pages that carry `data-pagefind-body`, the only ones Pagefind indexes: a publication, an
 * event, a person and a research area (`<section>/<slug>/index.html`), and four pages of their
 * own. Pagefind would otherwise read every page of the output (figure pages, archive pages) only
 * to find no marker in them: at 10,000 publications, half of them, and a quarter of its time. The
 * index it writes is the same. A page that gains the marker is added here
 * (tests/unit/search-index-pages.test.ts fails until it is).
 */
export const INDEXED_SECTIONS = ['publications', 'events', 'team', 'research'] as const;
export const INDEXED_PAGES = ['team', 'accessibility', 'testimonials', 'privacy'] as const;
const INDEXED = `{${[...INDEXED_SECTIONS.map((s) => `${s}/*`), ...INDEXED_PAGES].join(',')}}/index.html`;

/**
 * Indexes the built pages for full-text search with Pagefind, over the finished output folder:
 * listed last in astro.config.mjs, so it runs after the page cache has put back the pages it did
 * not render and after preview pages have left the output. Only pages whose main content carries
 * `data-pagefind-body` are indexed (with `src/components/search/SearchFilters.astro` inside), so admin, login,
 * previews and every page without it never are. Runs in every build, Netlify's `astro build` and
 * the local platform's warm build processes alike; a failed index fails the build, since a deploy
 * whose search answers nothing would look like a site with no content.
 */
export default function searchIndex(): AstroIntegration {
  return {
    name: 'search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = Date.now();
        const site = fileURLToPath(dir);
        try {
          const { index, errors } = await createIndex({ forceLanguage: 'en' });
          if (!index) throw new Error(errors.join('; ') || 'Pagefind did not start');
          const added = await index.addDirectory({ path: site, glob: INDEXED });
          if (added.errors.length) throw new Error(added.errors.join('; '));
          const written = await index.writeFiles({
            outputPath: path.join(site, SEARCH_INDEX_DIR),
          });
          if (written.errors.length) throw new Error(written.errors.join('; '));
          logger.info(
            `search index: ${added.page_count} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
          );
        } finally {
          // The service is a child process: a warm build process would otherwise keep it running.
          await close();
        }
      },
    },
  };
}
