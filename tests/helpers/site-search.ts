/**
 * Searches a built site's Pagefind index from Node, with the same pagefind.js a visitor's browser
 * loads (fetched from the site, so it is the one the build wrote) reading the index over HTTP.
 */
import { pagePath } from '../../src/lib/site-search';

interface PagefindModule {
  options(options: { basePath: string }): Promise<void>;
  search(
    query: string,
    options?: { filters?: Record<string, string> },
  ): Promise<{ results: { data(): Promise<PagefindPage> }[] }>;
}
interface PagefindPage {
  url: string;
  meta: { title?: string };
  filters: Record<string, string[]>;
  sub_results: { url: string; title: string }[];
}

/**
 * Pagefind's module for the index a site serves now: one module per site and build, since a module
 * keeps its options and the index it loaded (a rebuilt site's index has a new hash in
 * pagefind-entry.json, and so gets a module of its own).
 */
async function pagefindOf(base: string): Promise<PagefindModule> {
  const entry = await fetch(`${base}/pagefind/pagefind-entry.json`);
  if (!entry.ok) throw new Error(`${base}/pagefind/pagefind-entry.json answered ${entry.status}`);
  const build = await entry.text();
  const code = await (await fetch(`${base}/pagefind/pagefind.js`)).text();
  // The comment makes the module's address unique to this site and index.
  const mod = (await import(
    `data:text/javascript,${encodeURIComponent(`${code}\n// ${base} ${build}`)}`
  )) as PagefindModule;
  await mod.options({ basePath: `${base}/pagefind/` });
  return mod;
}

/** The pages that match `query` on the site at `base`: paths, titles, filters and section paths. */
export async function searchSite(base: string, query: string, filters?: Record<string, string>) {
  const api = await pagefindOf(base);
  const found = await api.search(query, filters ? { filters } : undefined);
  const pages = await Promise.all(found.results.map((r) => r.data()));
  const local = (url: string) => {
    const u = new URL(url, base);
    return pagePath(u.pathname + u.hash);
  };
  return pages.map((p) => ({
    url: local(p.url),
    title: p.meta.title ?? '',
    filters: p.filters,
    sections: p.sub_results.map((s) => local(s.url)),
  }));
}
