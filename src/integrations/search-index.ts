import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { close, createIndex, type PagefindIndex } from 'pagefind';
import { eachLimited, place } from './build-files';
import { onCachedPages, type CachedPage } from './page-cache';

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
const INDEXED = new RegExp(
  `^(?:(?:${INDEXED_SECTIONS.join('|')})/[^/]+|${INDEXED_PAGES.join('|')})/index\\.html$`,
);
/** Whether the output file at `file` (a path inside the output folder) is one Pagefind reads. */
export const isIndexed = (file: string) => INDEXED.test(file.split(path.sep).join('/'));

/** The output files that may be indexed pages; `isIndexed` and the files' existence decide. */
async function candidates(site: string): Promise<string[]> {
  const files: string[] = INDEXED_PAGES.map((page) => `${page}/index.html`);
  for (const section of INDEXED_SECTIONS)
    for (const entry of await readdir(path.join(site, section), { withFileTypes: true }).catch(
      () => [],
    ))
      if (entry.isDirectory()) files.push(`${section}/${entry.name}/index.html`);
  return files;
}

/**
 * One build's search index, read in batches. First the pages the page cache will restore, as
 * each route decides them: Pagefind reads them in a process of its own while this one goes on
 * rendering, on the core a single-threaded render leaves idle, so a rebuild that renders a few
 * pages does not then wait for the whole site to be read. Then, when the build is done, the marked
 * pages it rendered. Each batch is a folder of hard links laid out as the output is, so Pagefind
 * gives every page the address it has on the site and reads the files itself: no page's HTML
 * passes through this process.
 */
class BatchedIndex {
  private readonly index: Promise<PagefindIndex>;
  private readonly queued = new Set<string>();
  private reading: Promise<void> = Promise.resolve();
  private failure: unknown;
  private batches = 0;
  /** Pages read so far, and of them those read before the build was done. */
  pages = 0;
  readEarly = 0;

  constructor(private readonly staging: string) {
    this.index = createIndex({ forceLanguage: 'en' }).then(({ index, errors }) => {
      if (!index) throw new Error(errors.join('; ') || 'Pagefind did not start');
      return index;
    });
    // Seen when the build is done; until then it must not surface as an unhandled rejection.
    this.index.catch((error: unknown) => (this.failure ??= error));
  }

  /** Queues the marked pages among `pages` (each once) to be read after those queued before. */
  add(pages: readonly CachedPage[]): void {
    const batch = pages.filter((p) => isIndexed(p.file) && !this.queued.has(p.file));
    if (!batch.length) return;
    for (const p of batch) this.queued.add(p.file);
    const dir = path.join(this.staging, String(++this.batches));
    this.reading = this.reading
      .then(async () => {
        const index = await this.index;
        let linked = 0;
        await eachLimited(batch, 16, async ({ file, from }) => {
          // A candidate the build did not write (a section folder without a page) is no page.
          await place(from, path.join(dir, file), true).then(
            () => linked++,
            (error: NodeJS.ErrnoException) => {
              if (error.code !== 'ENOENT') throw error;
            },
          );
        });
        if (!linked) return;
        const added = await index.addDirectory({ path: dir });
        if (added.errors.length) throw new Error(added.errors.join('; '));
        this.pages += added.page_count;
      })
      .catch((error: unknown) => {
        this.failure ??= error;
      });
  }

  /** Reads the marked pages of the finished output `site` not read yet, and writes the index there. */
  async finish(site: string): Promise<void> {
    this.readEarly = this.pages;
    this.add((await candidates(site)).map((file) => ({ file, from: path.join(site, file) })));
    await this.reading;
    if (this.failure) throw this.failure;
    const written = await (
      await this.index
    ).writeFiles({ outputPath: path.join(site, SEARCH_INDEX_DIR) });
    if (written.errors.length) throw new Error(written.errors.join('; '));
  }
}

/**
 * Indexes the built pages for full-text search with Pagefind. Only pages whose main content
 * carries `data-pagefind-body` are indexed (with `src/components/search/SearchFilters.astro`
 * inside), so admin, login, previews and every page without it never are. The index is written
 * when the build is done, listed last in astro.config.mjs: after the page cache has put back the
 * pages it did not render and preview pages have left the output. Runs in every build, Netlify's
 * `astro build` and the local platform's warm build processes alike; a failed index fails the
 * build, since a deploy whose search answers nothing would look like a site with no content.
 */
export default function searchIndex(): AstroIntegration {
  let staging = '';
  let index: BatchedIndex | undefined;
  return {
    name: 'search-index',
    hooks: {
      'astro:config:done': ({ config }) => {
        // Beside the page cache's files, so its batches are hard links to them, not copies.
        staging = path.join(fileURLToPath(config.cacheDir), 'search-index-batches');
      },
      'astro:build:start': async () => {
        // A build that stopped half-way in this process may have left its service and batches.
        await close();
        await rm(staging, { recursive: true, force: true });
        const current = (index = new BatchedIndex(staging));
        onCachedPages((pages) => current.add(pages));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = Date.now();
        onCachedPages(null);
        try {
          // The start hook always runs first; without it, every page would be read now.
          const current = index ?? new BatchedIndex(staging);
          await current.finish(fileURLToPath(dir));
          logger.info(
            `search index: ${current.pages} pages, ${current.readEarly} of them read while the build rendered; written ${((Date.now() - started) / 1000).toFixed(1)} s after it`,
          );
        } finally {
          index = undefined;
          await rm(staging, { recursive: true, force: true });
          // The service is a child process: a warm build process would otherwise keep it running.
          await close();
        }
      },
    },
  };
}
