// The "Scale" section of bench/RESULTS.md, rendered from a run's results, and both written.
import { writeFile } from 'node:fs/promises';
import { writeResultsSection } from '../results-file';
import { adminBrowserSection } from './admin-browser-run';
import { RESULTS_JSON, type ScaleResults } from './results';

/** Writes bench/scale-results.json and the "Scale" section of bench/RESULTS.md. */
export async function writeScaleResults(results: ScaleResults): Promise<void> {
  await writeFile(RESULTS_JSON, JSON.stringify(results, null, 2) + '\n');
  await writeResultsSection('scale', renderScale(results));
}

function kb(n: number) {
  return n >= 10_000 ? `${(n / 1024).toFixed(0)} KB` : `${n} B`;
}

function renderScale(r: ScaleResults) {
  const table = r.rows
    .map(
      (x) =>
        `| ${x.kind} | \`${x.method} ${x.path}\` | ${x.status} | ${kb(x.bytes)} | ${kb(x.gzipBytes)} | ${x.blobCalls} | ${kb(x.blobBytesRead)} | ${kb(x.blobBytesWritten)} | ${x.p50Ms} | ${x.p95Ms} | ${x.coldMs} | ${x.coldBlobCalls} | ${kb(x.coldBlobBytesRead)} | ${x.latencyP50Ms ?? ''} |`,
    )
    .join('\n');
  const n = (v: number) => v.toLocaleString('en');
  return `## Scale

Measured by \`npm run bench:scale${r.size !== 1 ? ` -- --size ${r.size}` : ''}\` on ${r.date} (load average ${r.load}; on a shared
machine the times are pessimistic, the bytes and calls are not)${r.size !== 1 ? `, **at ${r.size} of the issue's library: these are not the issue's figures**` : ''}:
${n(r.sizes.publications)} publications with Markdown bodies, ${n(r.sizes.events)} events, ${n(r.sizes.subscribers)} subscribers
(with ${n(r.sizes.pendingSignups)} signups awaiting confirmation and ${n(r.sizes.unsubscribed)} unsubscribed addresses beside them),
${n(r.sizes.messages)} contact messages, ${n(r.sizes.testimonials)} testimonials
(${n(r.sizes.testimonials - r.sizes.approvedTestimonials)} pending), ${n(r.sizes.history)} history entries and ${n(r.sizes.assets)} media assets, over the local
platform's file-backed Blobs store. ${r.runs} requests per endpoint after a first call (3 for exports, 10 for
writes), which is shown apart: every parsed copy is forgotten before it, so it reads what a new (cold)
function instance reads; public reads are timed at the function (the CDN cache is purged before each). Blobs calls and
the bytes they read and wrote are per request. The last column adds ${r.latencyMs} ms to every Blobs call, as a
stand-in for Netlify's network round trips (reads only).${r.mediaDate ? ` The Media page's rows (\`/api/admin/media\`) were measured alone by \`npm run bench:scale -- --media-only\` on ${r.mediaDate} (load average ${r.mediaLoad ?? 'unknown'}, ${r.mediaRuns ?? r.runs} requests each), over the same 5,000 assets beside the demo content.` : ''}

| kind | request | status | bytes | gzip | Blobs calls | read | written | p50 ms | p95 ms | first call ms | its Blobs calls | it read | p50 ms +${r.latencyMs} ms/call |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${table}

Full build: ${n(r.fullBuildMs)} ms${r.buildDate ? ` (timed alone by \`npm run bench:scale -- --build-only\` on ${r.buildDate}, load average ${r.buildLoad ?? 'unknown'})` : ''}. Save → live (a title change, the build started at once): ${r.saveToLiveMs === null ? 'the page never showed the change' : `${n(r.saveToLiveMs)} ms`}.

| budget | measured | |
| --- | --- | --- |
${r.checks.map((c) => `| ${c.budget} | ${c.got.replace(/\|/g, '\\|')} | ${c.pass ? 'pass' : '**FAIL**'} |`).join('\n')}
${r.adminBrowser ? adminBrowserSection(r.adminBrowser) : ''}`;
}
