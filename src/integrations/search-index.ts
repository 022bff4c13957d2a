import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { AstroIntegration } from 'astro';
import { plannedFiles } from './page-cache';
import { candidatePages, syncSearchCopies } from './search-copies';

/** Where the index lands in the output, and so the address the search page loads it from. */
export const SEARCH_INDEX_DIR = 'pagefind';

/**
 * The pages that carry `data-pagefind-body`, the only ones Pagefind indexes: a publication, an
 * event, a person and a research area (`<section>/<slug>/index.html`), and four pages of their
 * own. Pagefind would otherwise read every page of the output (figure pages, archive pages) only
 * to find no marker in them. A page that gains the marker is added here
 * (tests/unit/search-index-pages.test.ts fails until it is).
 */
export const INDEXED_SECTIONS = ['publications', 'events', 'team', 'research'] as const;
export const INDEXED_PAGES = ['team', 'accessibility', 'testimonials', 'privacy'] as const;

const run = promisify(execFile);

/**
 * Pagefind's own command, over the pages' search copies. Its Node API builds the whole index
 * twice when asked to write it (the service builds it, then the write it calls builds it again:
 * `WriteFiles` in pagefind/src/service/mod.rs and `write_files` in service/api.rs, Pagefind
 * 1.6.0), which cost a tenth of the indexing at 10,000 publications; the command builds it once
 * and writes the same files.
 */
async function pagefind(root: string, site: string, outputPath: string): Promise<void> {
  const command = path.join(root, 'node_modules', 'pagefind', 'lib', 'runner', 'bin.cjs');
  const args = ['--site', site, '--output-path', outputPath, '--force-language', 'en', '--silent'];
  try {
    await run(process.execPath, [command, ...args], { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const {
      stdout = '',
      stderr = '',
      message,
    } = error as Error & {
      stdout?: string;
      stderr?: string;
    };
    throw new Error(`Pagefind failed: ${`${stderr}\n${stdout}`.trim() || message}`);
  }
}

/**
 * Indexes the built pages for full-text search with Pagefind. Only pages whose main content
 * carries `data-pagefind-body` are indexed (with `src/components/search/SearchFilters.astro`
 * inside), so admin, login, previews and every page without it never are. Pagefind reads each
 * page's search copy (search-copies.ts), kept between builds and made again only for the pages
 * that changed, so it needs no page the page cache is still to put back: `start` runs before the
 * page cache in astro.config.mjs (after the preview pages have left the output) and indexes while
 * the cache restores the unchanged pages, and `finish`, last, waits for the index. Runs in every
 * build, Netlify's `astro build` and the local platform's warm build processes alike; a failed
 * index fails the build, since a deploy whose search answers nothing would look like a site with
 * no content.
 */
export default function searchIndex(): { start: AstroIntegration; finish: AstroIntegration } {
  let root = process.cwd();
  let cacheDir = '';
  let indexing: Promise<string> | null = null;
  const start: AstroIntegration = {
    name: 'search-index',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:build:start': () => {
        indexing = null;
      },
      'astro:build:done': ({ dir }) => {
        const started = Date.now();
        const site = fileURLToPath(dir);
        indexing = (async () => {
          const planned = await plannedFiles(cacheDir);
          const pages = await candidatePages(site, INDEXED_SECTIONS, INDEXED_PAGES, planned.keys());
          const copies = await syncSearchCopies(
            site,
            path.join(cacheDir, 'search-copies'),
            pages,
            planned,
          );
          await pagefind(root, copies.folder, path.join(site, SEARCH_INDEX_DIR));
          return `search index: ${copies.indexed} pages (${copies.changed} copies made anew) in ${((Date.now() - started) / 1000).toFixed(1)} s`;
        })();
        // Awaited, and a failure thrown, by `finish`; until then it must not count as unhandled.
        indexing.catch(() => undefined);
      },
    },
  };
  const finish: AstroIntegration = {
    name: 'search-index-done',
    hooks: {
      'astro:build:done': async ({ logger }) => {
        if (!indexing) throw new Error('The search index was never started in this build');
        logger.info(await indexing);
      },
    },
  };
  return { start, finish };
}
