/**
 * What Pagefind reads of each page, kept between builds. Pagefind indexes only what is inside
 * `data-pagefind-body`, yet it parses every page whole, and re-reads every page on every build: at
 * 10,000 publications that was 430 MB of HTML for each save. A page's search copy is its `<html>`
 * tag, its head and its marked elements, without scripts and styles: about a quarter of the page,
 * from which Pagefind makes the same fragments, byte for byte (tests/api/page-cache.test.ts
 * compares them on the demo site, so a page that one day marks something outside its body fails
 * there).
 *
 * The copies live in the build cache (`<cacheDir>/search-copies`), laid out as the site is, with a
 * manifest of what each was made from: a page the page cache planned is known by its key, so the
 * copy of an unchanged one is kept without reading it (and one that must be made is read from the
 * cache, which need not have put it back yet); any other page is read and its copy rewritten only
 * when it differs. A build thus reads and writes the pages that changed, not the whole site, and
 * makes no folder for the pages that did not.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eachLimited } from './each-limited';
import type { PlannedFile } from './page-cache';

/** Bump when searchCopy changes, so every copy is made again. */
const VERSION = 1;

interface Manifest {
  version: number;
  /**
   * Page (path in the output) → what its copy was made from (the page cache's key of the page, or
   * a hash of the copy itself); `copy: false` for a page with nothing marked.
   */
  pages: Record<string, { from: string; copy: boolean }>;
}

const MARKED = /<([a-z][a-z0-9-]*)\b[^>]*\sdata-pagefind-body\b[^>]*>/gi;

/** The end of the element whose start tag ends at `from`, counting nested elements of its name. */
function elementEnd(html: string, tag: string, from: number): number {
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
  tags.lastIndex = from;
  let depth = 1;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return m.index + m[0].length;
  }
  return html.length;
}

/**
 * A page's search copy, or null when nothing on it is marked for search. Scripts and styles go
 * first: Pagefind reads neither, and a script may hold the marker's text.
 */
export function searchCopy(page: string): string | null {
  const html = page
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<style\b[\s\S]*?<\/style>/gi, '');
  const bodies: string[] = [];
  MARKED.lastIndex = 0;
  for (let m = MARKED.exec(html); m; m = MARKED.exec(html)) {
    const end = elementEnd(html, m[1]!, m.index + m[0].length);
    bodies.push(html.slice(m.index, end));
    MARKED.lastIndex = end;
  }
  if (!bodies.length) return null;
  const open = /<html\b[^>]*>/i.exec(html)?.[0] ?? '<html>';
  const head = /<head\b[^>]*>[\s\S]*?<\/head>/i.exec(html)?.[0] ?? '<head></head>';
  return `<!DOCTYPE html>${open}${head}<body>${bodies.join('')}</body></html>`;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32);

/** Writes a file whole, so a cut-short write never looks complete. */
async function writeWhole(file: string, data: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

/**
 * Brings the copies in `dir` in line with the pages of the output folder `site`: `pages` are the
 * pages that may be marked (paths in the output), `planned` the page cache's plan of them (its key
 * for each, and its copy of those it has not rendered). Returns the folder of copies, for Pagefind
 * to read, how many pages it holds and how many of their copies this build made.
 */
export async function syncSearchCopies(
  site: string,
  dir: string,
  pages: readonly string[],
  planned: ReadonlyMap<string, PlannedFile>,
): Promise<{ folder: string; indexed: number; changed: number }> {
  const copies = path.join(dir, 'site');
  const manifestFile = path.join(dir, 'manifest.json');
  const before = await readFile(manifestFile, 'utf8')
    .then((text) => JSON.parse(text) as Manifest)
    .catch(() => null);
  const old = before?.version === VERSION ? before.pages : {};
  // Gone while the copies change: a build cut short then leaves none, and the next starts over,
  // since copies it no longer knows of (pages removed meanwhile) would be indexed with the rest.
  await rm(manifestFile, { force: true });
  if (before?.version !== VERSION) await rm(copies, { recursive: true, force: true });

  const next: Manifest = { version: VERSION, pages: {} };
  let changed = 0;
  // A few at a time: a build that makes every copy (the first) waits mostly on the disk.
  await eachLimited(pages, 16, async (page) => {
    const plan = planned.get(page);
    const key = plan?.key;
    const was = old[page];
    if (key !== undefined && was?.from === `key:${key}`) {
      next.pages[page] = was;
      return;
    }
    const html = await readFile(plan?.cached ?? path.join(site, page), 'utf8').catch(() => null);
    if (html === null) return;
    const copy = searchCopy(html);
    const from = key !== undefined ? `key:${key}` : `copy:${copy === null ? '' : hashOf(copy)}`;
    next.pages[page] = { from, copy: copy !== null };
    if (was?.from === from && was.copy === (copy !== null)) return;
    const file = path.join(copies, page);
    if (copy === null) await rm(file, { force: true });
    else {
      // Written in place: with the manifest gone until the end, a copy cut short is never kept.
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, copy);
      changed++;
    }
  });
  // Pages no longer on the site leave the index: their copies go, and folders they leave empty.
  for (const [page, was] of Object.entries(old)) {
    if (page in next.pages || !was.copy) continue;
    await rm(path.join(copies, page), { force: true });
    await rmdir(path.dirname(path.join(copies, page))).catch(() => undefined);
  }
  await writeWhole(manifestFile, JSON.stringify(next));
  const indexed = Object.values(next.pages).filter((p) => p.copy).length;
  return { folder: copies, indexed, changed };
}

/**
 * The pages that may carry the search marker (`<section>/<name>/index.html` and
 * `<page>/index.html`): those of the output folder `site`, and those `planned` that the page cache
 * is still to put there.
 */
export async function candidatePages(
  site: string,
  sections: readonly string[],
  pages: readonly string[],
  planned: Iterable<string>,
): Promise<string[]> {
  const found = new Set<string>();
  for (const section of sections)
    for (const entry of await readdir(path.join(site, section), { withFileTypes: true }).catch(
      () => [],
    ))
      if (entry.isDirectory()) found.add(`${section}/${entry.name}/index.html`);
  for (const page of pages) found.add(`${page}/index.html`);
  const marked = new Set<string>(sections);
  for (const file of planned) {
    const [section, name, last, ...rest] = file.split('/');
    if (last === 'index.html' && !rest.length && marked.has(section!) && name) found.add(file);
  }
  return [...found];
}
