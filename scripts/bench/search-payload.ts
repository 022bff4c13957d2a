// npm run bench:search -- --site DIR: what one search costs a visitor in bytes, over a built site
// (the output `npm run bench:build -- --keep DIR` leaves: 10,000 publications with bodies).
//
// Runs the site's own pagefind.js (the one the build wrote) in Node with `fetch` answered from the
// folder, as /search does in a browser: one search, then the first page of results (the 20 the
// page shows, each with its fragment). Every file Pagefind asked for counts at its gzip size
// (Pagefind's index and fragments are gzip already; its script and JSON are sent compressed), the
// first search with Pagefind's script, WebAssembly and entry file, which a browser then caches.
// Budget: 300 KB per query. Writes the "Search payload" section of bench/RESULTS.md; exits
// non-zero when a query breaks it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { args } from '../local-env';
import { writeResultsSection } from './results-file';

const BUDGET_KB = 300;
/** The results /search shows at once (src/lib/site-search.ts). */
const SHOWN = 20;
/** A word in every publication's body (the largest index chunk), a title, and a sentence. */
const QUERIES = [
  'accountability',
  'Scale publication 4242',
  'smaller bodies relied more on shared guidance',
];

const opts = args();
if (typeof opts.site !== 'string') throw new Error('Usage: npm run bench:search -- --site DIR');
const site = path.resolve(opts.site);

interface Pagefind {
  options(o: { basePath: string }): Promise<void>;
  search(q: string): Promise<{ results: { data(): Promise<unknown> }[] }>;
}

/** The gzip size of each file fetched since the last call, in KB, and what was fetched. */
const fetched = new Map<string, number>();
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json' };
globalThis.fetch = async (input: string | URL | Request) => {
  const url = new URL(input instanceof Request ? input.url : input);
  const file = path.join(site, decodeURIComponent(url.pathname));
  const bytes = await readFile(file);
  fetched.set(url.pathname, Math.min(bytes.length, gzipSync(bytes).length));
  return new Response(bytes, {
    headers: { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' },
  });
};
const take = () => {
  const kb = [...fetched.values()].reduce((a, b) => a + b, 0) / 1024;
  const files = fetched.size;
  fetched.clear();
  return { kb: Number(kb.toFixed(1)), files };
};

const base = 'http://bench.invalid/pagefind/';
const code = await readFile(path.join(site, 'pagefind', 'pagefind.js'), 'utf8');
fetched.set('/pagefind/pagefind.js', gzipSync(code).length);
const pagefind = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as Pagefind;
await pagefind.options({ basePath: base });

const rows: { query: string; results: number; kb: number; files: number }[] = [];
for (const query of QUERIES) {
  const found = await pagefind.search(query);
  await Promise.all(found.results.slice(0, SHOWN).map((r) => r.data()));
  rows.push({ query, results: found.results.length, ...take() });
}
for (const r of rows)
  console.log(`“${r.query}”: ${r.results} results, ${r.kb} KB gzip in ${r.files} files`);

const broken = rows.filter((r) => r.kb > BUDGET_KB);
await writeResultsSection(
  'search-payload',
  `## Search payload

Measured by \`npm run bench:search\` on ${new Date().toISOString()} over the bench's build of 10,000
publications with bodies: the bytes one search on \`/search\` loads (gzip), its first ${SHOWN}
results' fragments included. The first query also loads Pagefind's script, WebAssembly and
entry file, which the browser keeps for the next ones. Budget: ${BUDGET_KB} KB per query.

| query | results | KB (gzip) | files |
| ----- | ------- | --------- | ----- |
${rows.map((r) => `| ${r.query} | ${r.results} | ${r.kb} | ${r.files} |`).join('\n')}
`,
);
if (broken.length) {
  console.error(`Over the ${BUDGET_KB} KB budget: ${broken.map((r) => r.query).join(', ')}`);
  process.exit(1);
}
