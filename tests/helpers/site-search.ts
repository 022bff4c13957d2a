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

const loaded = new Map<string, Promise<PagefindModule>>();

function pagefindOf(base: string): Promise<PagefindModule> {
  let api = loaded.get(base);
  if (!api) {
    api = (async () => {
      const res = await fetch(`${base}/pagefind/pagefind.js`);
      if (!res.ok) throw new Error(`${base}/pagefind/pagefind.js answered ${res.status}`);
      // One module per site: the comment makes the address unique, and a module keeps its options.
      const code = `${await res.text()}\n// ${base}`;
      const mod = (await import(
        `data:text/javascript,${encodeURIComponent(code)}`
      )) as PagefindModule;
      await mod.options({ basePath: `${base}/pagefind/` });
      return mod;
    })();
    loaded.set(base, api);
  }
  return api;
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
