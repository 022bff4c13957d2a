/**
 * The site search in the browser: Pagefind's JS API over the index the build writes
 * (src/integrations/search-index.ts). Pagefind's script, its WebAssembly and the index load only
 * when a visitor searches (a dynamic import of an address Vite leaves alone), never with the page.
 */
import { SEARCH_KINDS, type SearchKind } from './search-kinds';

/** One place in a page where the words stand: the page itself, or a section under its heading. */
export interface SearchHit {
  title: string;
  /** The page, or `page#heading-id` for a section. */
  url: string;
  /** Plain text around the match, with the matched words marked. */
  excerpt: { text: string; mark: boolean }[];
}

/** One page found: what it is, and where in it the words stand. */
export interface SearchResult extends SearchHit {
  kind: SearchKind | undefined;
  /** Sections of the page that match, in page order (at most three). */
  sections: SearchHit[];
}

interface PagefindHit {
  url: string;
  title?: string;
  excerpt: string;
  /** The heading a section starts at (absent for the page's own result). */
  anchor?: { element: string };
  /** Where the query's words stand in it: how many it holds says how well it matches. */
  locations?: number[];
}
interface PagefindData extends PagefindHit {
  meta: { title?: string };
  filters: Record<string, string[]>;
  sub_results?: PagefindHit[];
}
interface Pagefind {
  options(options: { excerptLength?: number }): Promise<void>;
  search(
    query: string,
    options?: { filters?: Record<string, string> },
  ): Promise<{ results: { data(): Promise<PagefindData> }[] } | null>;
}

const SECTIONS = 3;

/**
 * The sections that hold most of the query's words, in page order: Pagefind gives every section
 * with a match in page order, so a long report's first sections (its key findings, say) would
 * otherwise crowd out the one where the sentence stands.
 */
function bestSections(sections: PagefindHit[]): PagefindHit[] {
  return (
    sections
      .map((section, at) => ({ section, at, hits: section.locations?.length ?? 0 }))
      // The page's title heading is the result itself, not a section of it.
      .filter(({ section }) => section.anchor && section.anchor.element !== 'h1')
      .sort((a, b) => b.hits - a.hits || a.at - b.at)
      .slice(0, SECTIONS)
      .sort((a, b) => a.at - b.at)
      .map(({ section }) => section)
  );
}
let loaded: Promise<Pagefind> | null = null;

/** Loads Pagefind once, on first use; a failed load is tried again on the next search. */
function pagefind(): Promise<Pagefind> {
  loaded ??= (async () => {
    const url = '/pagefind/pagefind.js';
    const api = (await import(/* @vite-ignore */ url)) as Pagefind;
    await api.options({ excerptLength: 24 });
    return api;
  })().catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}

/**
 * Pagefind's excerpt as text runs: it is HTML with only `<mark>` added, read here with
 * DOMParser (which runs nothing) so no text from the index ever becomes markup on the page.
 */
export function excerptRuns(html: string): SearchHit['excerpt'] {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return [...body.childNodes].map((node) => ({
    text: node.textContent ?? '',
    mark: node.nodeName === 'MARK',
  }));
}

/**
 * The site's address of a page Pagefind found: Pagefind names a page after its folder
 * (`/team/marcus-chen/`), the site links it without the slash (`/team/marcus-chen`), and a section
 * keeps its `#heading-id`.
 */
export const pagePath = (url: string): string => url.replace(/(.)\/(?=#|$)/, '$1');

const asKind = (value: string | undefined): SearchKind | undefined =>
  SEARCH_KINDS.find((kind) => kind === value);

/** The pages that match `query` (of one kind, when given), best first, at most `limit`. */
export async function searchSite(
  query: string,
  { kind, limit = 20 }: { kind?: SearchKind; limit?: number } = {},
): Promise<{ total: number; results: SearchResult[] }> {
  const api = await pagefind();
  const found = await api.search(query, kind ? { filters: { kind } } : undefined);
  if (!found) return { total: 0, results: [] };
  const pages = await Promise.all(found.results.slice(0, limit).map((r) => r.data()));
  return {
    total: found.results.length,
    results: pages.map((page) => ({
      kind: asKind(page.filters.kind?.[0]),
      title: page.meta.title ?? page.url,
      url: pagePath(page.url),
      excerpt: excerptRuns(page.excerpt),
      sections: bestSections(page.sub_results ?? []).map((section) => ({
        title: section.title ?? '',
        url: pagePath(section.url),
        excerpt: excerptRuns(section.excerpt),
      })),
    })),
  };
}
