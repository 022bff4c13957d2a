// JavaScript a page costs, gzip-compressed, counted by fetching every script it references:
// <script> tags, each island's component and renderer, and everything those import, followed
// file by file. Lazy import()s (toasts, the newsletter popup) load on an action or a timer, not
// on scrolling: they are fetched and reported apart. Alone: npx tsx scripts/bench/js-budget.ts URL
import { gzipSync } from 'node:zlib';

/** A page's budget in KB of gzip-compressed JavaScript: before scrolling and once scrolled to the end. */
export interface JsBudget {
  firstView: number;
  scrolledToEnd: number;
}

/**
 * Budgets per kind of page. The home page carries the islands (events tabs, forms, popup) and
 * the counters' and video's scripts; the team page's list is static HTML, re-checked by a small
 * script that loads a renderer only when the list has changed, and nothing loads on scrolling;
 * a person's or a topic's page is reading matter with the header's script and the admin bar's
 * check, so its whole cost stays small.
 */
export const JS_BUDGET_KB = {
  home: { firstView: 60, scrolledToEnd: 90 },
  team: { firstView: 60, scrolledToEnd: 60 },
  person: { firstView: 20, scrolledToEnd: 20 },
  topic: { firstView: 20, scrolledToEnd: 20 },
} satisfies Record<string, JsBudget>;

/** What a page costs: before any scrolling, and once every island down the page has loaded. */
export interface JsFigures {
  url: string;
  /** Scripts that run without scrolling: <script> tags and islands hydrated on load or idle, with their static imports. */
  firstViewKb: number;
  /** Once every island down the page has hydrated: all the above with every island and its imports. */
  scrolledToEndKb: number;
  /** What lazy import()s add on top (toasts on a form result, the popup after 30 s). */
  onActionKb: number;
  /** Each script once, largest first, with what pulled it in. */
  files: { path: string; gzKb: number; loads: 'first view' | 'on scroll' | 'on action' }[];
}

const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));
// Static imports (`import"./a.js"`, `from"./a.js"`) and lazy ones (import(`./a.js`)) in Vite's output.
const IMPORTS = /(?:\bimport\s*\(?\s*|\bfrom\s*)["'`]([^"'`]+\.m?js)["'`]/g;
// The inline editor loads only for admins with ?edit=true (EditModeLoader): no visitor fetches it.
const EDIT_ONLY = /\/editor\.[\w-]+\.js$/;
// Islands that hydrate at once; client:visible ones wait until scrolled to.
const EAGER = new Set(['load', 'idle', 'only', 'media']);

/** Measures the scripts `pageUrl` references (see the file comment). */
export async function measureJs(pageUrl: string): Promise<JsFigures> {
  const html = await (await fetch(pageUrl)).text();
  const eager: string[] = [];
  const later: string[] = [];
  const inline: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    // A page's module scripts wait as placeholders until it has painted (src/lib/after-paint.ts).
    const src = /\b(?:src|data-after-paint)="([^"]+)"/.exec(m[1]!)?.[1];
    if (src) eager.push(src);
    else if (!/type="application\/(?:ld\+)?json"/.test(m[1]!)) inline.push(m[2]!);
  }
  for (const m of html.matchAll(/<astro-island\b([^>]*)>/gi)) {
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]+)"`).exec(m[1]!)?.[1];
    const urls = [attr('component-url'), attr('renderer-url')].filter((u): u is string => !!u);
    (EAGER.has(attr('client') ?? '') ? eager : later).push(...urls);
  }
  for (const body of inline) for (const i of body.matchAll(IMPORTS)) eager.push(i[1]!);

  // Each file's static imports (fetched with it) and lazy ones (fetched when the code asks).
  const sizes = new Map<string, { bytes: number; imports: string[]; lazy: string[] }>();
  const load = async (ref: string, base: string): Promise<string> => {
    const url = new URL(ref.replaceAll('&amp;', '&'), base).href;
    if (!sizes.has(url)) {
      sizes.set(url, { bytes: 0, imports: [], lazy: [] });
      const res = await fetch(url);
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      const body = await res.text();
      const found = [...body.matchAll(IMPORTS)].filter((i) => !EDIT_ONLY.test(i[1]!));
      const imports = found.filter((i) => !i[0].includes('(')).map((i) => i[1]!);
      const lazy = found.filter((i) => i[0].includes('(')).map((i) => i[1]!);
      sizes.set(url, { bytes: gzipSync(body).byteLength, imports, lazy });
      for (const i of [...imports, ...lazy]) await load(i, url);
    }
    return url;
  };
  const closure = async (refs: string[], withLazy: boolean) => {
    const seen = new Set<string>();
    const walk = (url: string) => {
      if (seen.has(url)) return;
      seen.add(url);
      const file = sizes.get(url)!;
      for (const i of withLazy ? [...file.imports, ...file.lazy] : file.imports)
        walk(new URL(i, url).href);
    };
    for (const r of refs) walk(await load(r, pageUrl));
    return seen;
  };
  const first = await closure(eager, false);
  const scrolled = await closure([...eager, ...later], false);
  const all = await closure([...eager, ...later], true);
  const inlineBytes = inline.reduce((sum, s) => sum + gzipSync(s).byteLength, 0);
  const total = (set: Set<string>) =>
    kb(inlineBytes + [...set].reduce((sum, u) => sum + sizes.get(u)!.bytes, 0));
  return {
    url: pageUrl,
    firstViewKb: total(first),
    scrolledToEndKb: total(scrolled),
    onActionKb: Number((total(all) - total(scrolled)).toFixed(1)),
    files: [...all]
      .map((u) => ({
        path: new URL(u).pathname,
        gzKb: kb(sizes.get(u)!.bytes),
        loads: first.has(u)
          ? ('first view' as const)
          : scrolled.has(u)
            ? ('on scroll' as const)
            : ('on action' as const),
      }))
      .concat(
        inline.length
          ? [
              {
                path: `(${inline.length} inline scripts)`,
                gzKb: kb(inlineBytes),
                loads: 'first view' as const,
              },
            ]
          : [],
      )
      .sort((a, b) => b.gzKb - a.gzKb),
  };
}

/** One line: both figures against their budgets, and what actions add. */
export const jsSummary = (f: JsFigures, budget: JsBudget) =>
  `JS on ${new URL(f.url).pathname}: first view ${f.firstViewKb} KB gz (budget ${budget.firstView}), scrolled to the end ${f.scrolledToEndKb} KB gz (budget ${budget.scrolledToEnd}), lazy parts on an action +${f.onActionKb} KB gz`;

/** Each figure over its budget, as a sentence; none when the page keeps its budget. */
export function jsOverBudget(f: JsFigures, budget: JsBudget): string[] {
  const page = new URL(f.url).pathname;
  return [
    ...(f.firstViewKb > budget.firstView
      ? [`JS on ${page} first view ${f.firstViewKb} KB gz (budget ${budget.firstView} KB)`]
      : []),
    ...(f.scrolledToEndKb > budget.scrolledToEnd
      ? [
          `JS on ${page} scrolled to the end ${f.scrolledToEndKb} KB gz (budget ${budget.scrolledToEnd} KB)`,
        ]
      : []),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pageUrl = process.argv[2] ?? 'http://localhost:8888/';
  const figures = await measureJs(pageUrl);
  for (const f of figures.files)
    console.log(`${f.gzKb.toFixed(1).padStart(6)} KB  ${f.loads.padEnd(10)}  ${f.path}`);
  const path = new URL(pageUrl).pathname.replace(/\/$/, '');
  const kind =
    path === '/team'
      ? 'team'
      : path.startsWith('/team/')
        ? 'person'
        : path.startsWith('/research/')
          ? 'topic'
          : 'home';
  console.log(jsSummary(figures, JS_BUDGET_KB[kind]));
}
