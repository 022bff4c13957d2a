// The scale benchmark's budgets (the issue's, and two kept from its earlier ones), each held
// against what a run measured.
import { adminBrowserCheck } from './admin-browser-run';
import { LATENCY_MS } from './options';
import type { AdminBrowserRun, Check, Kind, ScaleRow } from './results';

/** The issue's budgets. */
export const BUDGET = {
  responseBytes: 1_000_000,
  publicP50Ms: 50,
  publicBlobCalls: 2,
  adminPageP50Ms: 200,
  summaryMs: 200,
  saveMs: 300,
  saveWrittenBytes: 64 * 1024,
  reorderMs: 300,
  exportMs: 10_000,
  saveToLiveMs: 10_000,
  // Kept from the benchmark's earlier budgets, beside the issue's.
  publicWithLatencyP50Ms: 100,
  searchP50Ms: 1_000,
};

/** Every budget of the issue against what was measured. */
export function checks(
  rows: ScaleRow[],
  saveToLiveMs: number | null,
  adminBrowser: AdminBrowserRun | undefined,
): Check[] {
  const out: Check[] = [];
  const of = (kind: Kind) => rows.filter((r) => r.kind === kind);
  const worst = (list: ScaleRow[], f: (r: ScaleRow) => number) =>
    list.reduce<ScaleRow | undefined>((w, r) => (!w || f(r) > f(w) ? r : w), undefined);
  const ok = (r: ScaleRow) => r.status >= 200 && r.status < 300;
  const name = (r: ScaleRow) => `${r.method} ${r.path}`;
  const failed = rows.filter((r) => !ok(r));
  out.push({
    budget: 'every request answers 2xx',
    got: failed.length ? failed.map((r) => `${name(r)}: ${r.status}`).join('; ') : 'all 2xx',
    pass: failed.length === 0,
  });
  // An export's row holds its largest answer (a part, usually): exports are budgeted too.
  const big = rows.filter((r) => r.bytes > BUDGET.responseBytes);
  out.push({
    budget: `every function response ≤ ${BUDGET.responseBytes.toLocaleString('en')} bytes`,
    got: big.length
      ? big.map((r) => `${name(r)}: ${r.bytes.toLocaleString('en')} B`).join('; ')
      : `largest ${worst(rows, (r) => r.bytes)?.bytes.toLocaleString('en')} B`,
    pass: big.length === 0,
  });
  const pub = of('public');
  const slowPub = pub.filter((r) => r.p50Ms > BUDGET.publicP50Ms);
  out.push({
    budget: `public reads p50 ≤ ${BUDGET.publicP50Ms} ms`,
    got: slowPub.length
      ? slowPub.map((r) => `${r.path}: ${r.p50Ms} ms`).join('; ')
      : `slowest ${worst(pub, (r) => r.p50Ms)?.p50Ms} ms`,
    pass: slowPub.length === 0,
  });
  const slowRemote = pub.filter((r) => (r.latencyP50Ms ?? 0) > BUDGET.publicWithLatencyP50Ms);
  out.push({
    budget: `public reads p50 ≤ ${BUDGET.publicWithLatencyP50Ms} ms with ${LATENCY_MS} ms per Blobs call`,
    got: slowRemote.length
      ? slowRemote.map((r) => `${r.path}: ${r.latencyP50Ms} ms`).join('; ')
      : `slowest ${worst(pub, (r) => r.latencyP50Ms ?? 0)?.latencyP50Ms} ms`,
    pass: slowRemote.length === 0,
  });
  for (const r of of('search'))
    out.push({
      budget: `subscriber search p50 ≤ ${BUDGET.searchP50Ms} ms`,
      got: `p50 ${r.p50Ms} ms`,
      pass: ok(r) && r.p50Ms <= BUDGET.searchP50Ms,
    });
  const chatty = pub.filter((r) => r.blobCalls > BUDGET.publicBlobCalls);
  out.push({
    budget: `public reads 1–${BUDGET.publicBlobCalls} Blobs calls`,
    got: chatty.length
      ? chatty.map((r) => `${r.path}: ${r.blobCalls}`).join('; ')
      : `most ${worst(pub, (r) => r.blobCalls)?.blobCalls}`,
    pass: chatty.length === 0,
  });
  const admin = of('admin');
  const slowAdmin = admin.filter((r) => r.p50Ms > BUDGET.adminPageP50Ms);
  out.push({
    budget: `admin list pages p50 ≤ ${BUDGET.adminPageP50Ms} ms`,
    got: slowAdmin.length
      ? slowAdmin.map((r) => `${r.path}: ${r.p50Ms} ms`).join('; ')
      : `slowest ${worst(admin, (r) => r.p50Ms)?.p50Ms} ms`,
    pass: slowAdmin.length === 0,
  });
  for (const r of of('dashboard'))
    out.push({
      budget: `the summary ≤ ${BUDGET.summaryMs} ms cold and warm`,
      got: `first call ${r.coldMs} ms (${r.coldBlobCalls} Blobs calls reading ${r.coldBlobBytesRead.toLocaleString('en')} B), warm p50 ${r.p50Ms} ms`,
      pass: r.coldMs <= BUDGET.summaryMs && r.p50Ms <= BUDGET.summaryMs,
    });
  for (const r of of('save'))
    out.push({
      budget: `a publication save ≤ ${BUDGET.saveMs} ms, writing ≤ ${BUDGET.saveWrittenBytes / 1024} KB`,
      got: `${r.status}, p50 ${r.p50Ms} ms, ${r.blobBytesWritten.toLocaleString('en')} B written`,
      pass: ok(r) && r.p50Ms <= BUDGET.saveMs && r.blobBytesWritten <= BUDGET.saveWrittenBytes,
    });
  for (const r of of('reorder'))
    out.push({
      budget: `a reorder ≤ ${BUDGET.reorderMs} ms`,
      got: `${r.status}, p50 ${r.p50Ms} ms`,
      pass: ok(r) && r.p50Ms <= BUDGET.reorderMs,
    });
  // Exports are made by a background function (15 minutes), so their whole time is reported, not
  // held to 10 s; what must stay quick is each answer, checked above.
  const exports = of('export');
  out.push({
    budget: `exports ≤ ${BUDGET.exportMs / 1000} s (or backgrounded)`,
    got: `backgrounded; start to last part: ${exports.map((r) => `${r.path}: ${r.p50Ms} ms`).join('; ')}`,
    pass: exports.length > 0 && exports.every(ok),
  });
  out.push({
    budget: `save → live ≤ ${BUDGET.saveToLiveMs / 1000} s`,
    got: saveToLiveMs === null ? 'the page never showed the change' : `${saveToLiveMs} ms`,
    pass: saveToLiveMs !== null && saveToLiveMs <= BUDGET.saveToLiveMs,
  });
  if (adminBrowser) out.push(adminBrowserCheck(adminBrowser));
  return out;
}
