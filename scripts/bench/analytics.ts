// npm run bench:analytics: visit counting's throughput and rollup cost on the local platform.
// - Beacons: BENCH_BEACONS (default 10,000) from 50 concurrent clients, through the real /api/hit
//   handler in this process (no HTTP), until every hit is written to the local Blobs server.
// - Rollup over Blobs: the scheduled rollup folding those hits (one listing per 1,000 keys, a day
//   write, a delete per hit).
// - Rollup of 1,000,000 hits: its CPU part (decoding 1,000,000 shard keys and adding them up)
//   measured; its Blobs part estimated from the per-hit cost above (one local delete each). On
//   Netlify the rollup runs every minute, so one run folds a minute's hits, not a million.
// Writes the "Analytics" section of bench/RESULTS.md.
import { rm } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { startPlatform } from '../platform';
import { PROJECT_ROOT, scratchDir } from '../local-env';
import { writeResultsSection } from './results-file';

const BEACONS = Number(process.env.BENCH_BEACONS ?? 10_000);
const CLIENTS = 50;
const MILLION = 1_000_000;

process.env.PUBLIC_POST_LIMIT = '0';
const dataDir = await scratchDir('bench-analytics-');
const platform = await startPlatform({
  projectRoot: PROJECT_ROOT,
  dataDir,
  pages: false,
  log: () => {},
  schedules: false,
});
try {
  const { default: hit } = await import('../../netlify/functions/hit');
  const { rollUpHits } = await import('../../src/server/visitors/analytics-rollup');
  const { decodeShardKey, minuteOf } = await import('../../src/server/visitors/analytics-hits');
  const { cellKey } = await import('../../src/server/visitors/analytics-rollup');

  // Beacons: answer latency, and the time until every hit is stored.
  const work: Promise<unknown>[] = [];
  const answers: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = c; i < BEACONS; i += CLIENTS) {
        const t = performance.now();
        const res = await hit(
          new Request(`${platform.url}/api/hit`, {
            method: 'POST',
            headers: { 'Content-Type': 'text/plain', 'User-Agent': 'Mozilla/5.0 bench' },
            body: JSON.stringify({
              path: `/publications/report-${i % 50}`,
              referrer: 'example.org',
            }),
          }),
          { ip: `10.0.${c}.1`, waitUntil: (p) => work.push(p) },
        );
        if (res.status !== 204) throw new Error(`beacon answered ${res.status}`);
        answers.push(performance.now() - t);
      }
    }),
  );
  await Promise.all(work);
  const beaconMs = performance.now() - started;
  answers.sort((a, b) => a - b);
  const p50 = answers[Math.floor(answers.length / 2)]!;

  // Rollup of those hits over the local Blobs server.
  let t = performance.now();
  const folded = await rollUpHits(Date.now() + 3 * 60_000);
  const rollupMs = performance.now() - t;
  if (folded.folded !== BEACONS) throw new Error(`rolled up ${folded.folded} of ${BEACONS}`);

  // The rollup's CPU part for a million hits: decode each key, add it to its cell.
  const minute = minuteOf(Date.now());
  const enc = (n: number) =>
    Buffer.from(
      JSON.stringify(['view', `/publications/report-${n % 500}`, 'example.org', '']),
    ).toString('base64url');
  const encoded = Array.from({ length: 500 }, (_, n) => enc(n));
  const keys = Array.from(
    { length: MILLION },
    (_, i) => `shards/${minute}/${i.toString(36).padStart(16, '0')}.${encoded[i % 500]}`,
  );
  t = performance.now();
  const cells = new Map<string, number>();
  for (const key of keys) {
    const shard = decodeShardKey(key)!;
    const cell = cellKey(shard.hit);
    cells.set(cell, (cells.get(cell) ?? 0) + 1);
  }
  const cpuMs = performance.now() - t;
  const perHitBlobsMs = Math.max(0, rollupMs - (cpuMs / MILLION) * BEACONS) / BEACONS;
  const estimateS = (cpuMs + perHitBlobsMs * MILLION) / 1000;

  const lines = [
    '## Analytics',
    '',
    `Measured by \`npm run bench:analytics\` on ${new Date().toISOString()} (${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(1)}, local platform, Blobs on files).`,
    '',
    '| what | figure |',
    '| --- | --- |',
    `| beacons (${BEACONS.toLocaleString('en')} from ${CLIENTS} clients, handler in process) | ${Math.round((BEACONS / beaconMs) * 1000).toLocaleString('en')} stored per second; answer p50 ${p50.toFixed(2)} ms |`,
    `| rollup of ${BEACONS.toLocaleString('en')} hits over Blobs | ${(rollupMs / 1000).toFixed(1)} s (${perHitBlobsMs.toFixed(2)} ms a hit, mostly its delete) |`,
    `| rollup of 1,000,000 hits, CPU part (decode and add up, measured) | ${(cpuMs / 1000).toFixed(1)} s |`,
    `| rollup of 1,000,000 hits, estimated with the Blobs cost above | ${Math.round(estimateS)} s |`,
    '',
    "Every hit is a write of its own (no shared document), so throughput is the Blobs store's. The",
    "rollup runs every minute and folds at most 20,000 shards a run (inside a scheduled function's",
    `30 s: about ${Math.round((perHitBlobsMs * 20_000) / 1000)} s at the cost above); a larger backlog is folded over the next runs.`,
  ];
  await writeResultsSection('analytics', lines.join('\n'));
  console.log(lines.join('\n'));
} finally {
  await platform.close();
  await rm(dataDir, { recursive: true, force: true });
}
