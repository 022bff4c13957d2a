/**
 * Report bodies as the build shows them: rendered once per content (parsing and sanitising a
 * long report takes milliseconds, which thousands of publications turn into minutes), kept by a
 * hash of the Markdown in Astro's cache folder. That folder survives between builds (the
 * content-store plugin saves it on Netlify; locally it lives in DATA_DIR), so a build renders only
 * the bodies that changed since the last one.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { renderReportBody, type RenderedBody, type RenderOptions } from './report-body';
import { buildCacheDir } from '../../lib/build-cache-dir';

/** Bump when the renderer's output changes, so cached bodies are rendered again. */
const RENDERER_VERSION = 4;

const cacheDir = () => buildCacheDir('report-bodies');
const cacheName = (markdown: string, options: RenderOptions) =>
  `${createHash('sha256')
    .update(`${RENDERER_VERSION}\n${options.figureBase ?? ''}\n${markdown}`)
    .digest('hex')
    .slice(0, 32)}.json`;

// The folder is listed once per build (and created once), not asked about each body: a first
// build of 10,000 publications otherwise spent a second on failed reads and repeated mkdirs.
let listed: Promise<Set<string>> | null = null;
const cachedNames = () =>
  (listed ??= readdir(cacheDir()).then(
    (names) => new Set(names),
    () => new Set<string>(),
  ));
let made: Promise<unknown> | null = null;

/** The rendered body: from the cache, or rendered now and cached (written whole, then renamed in). */
export async function renderedReportBody(
  markdown: string,
  options: RenderOptions = {},
): Promise<RenderedBody> {
  const name = cacheName(markdown, options);
  const file = path.join(cacheDir(), name);
  // A listed file that cannot be read (cut short, removed since) is rendered again.
  const cached = (await cachedNames()).has(name)
    ? await readFile(file, 'utf8').then(
        (text) => JSON.parse(text) as RenderedBody,
        () => null,
      )
    : null;
  if (cached) return cached;
  const rendered = renderReportBody(markdown, options);
  // A cache that cannot be written costs time, not correctness: the page still gets its body.
  await (made ??= mkdir(cacheDir(), { recursive: true }))
    .then(async () => {
      const temp = `${file}.${process.pid}.tmp`;
      await writeFile(temp, JSON.stringify(rendered));
      await rename(temp, file);
      (await cachedNames()).add(name);
    })
    .catch(() => undefined);
  return rendered;
}
