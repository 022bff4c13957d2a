// npm run bench:scale: what every read costs when the store is full (issue "content at scale").
// Seeds 50,000 subscribers (with 5,000 signups awaiting confirmation and 5,000 addresses that
// unsubscribed beside them), 10,000 contact messages, 10,000 testimonials (9,900 pending), 1,000
// publications, 1,000 events and 2,000 history entries into a fresh local platform, then measures
// p50/p95 and Blobs calls per request for each endpoint: once as is, and once with a fixed delay
// added to every Blobs call (BENCH_BLOBS_LATENCY_MS, default 20) to show what Netlify's round trips
// would cost. Public reads are timed at the function (the emulated CDN is purged before each).
// Writes bench/scale-results.json and the "Scale" section of bench/RESULTS.md; exits non-zero when
// a budget is broken.
//
// `npm run bench:scale -- --build-only` times only the full build (over the same publications,
// events and testimonials, without the subscribers, messages and history it does not read) and
// updates the full build's figure and budget in the results, keeping the endpoints' last figures.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startPlatform } from '../platform';
import { redirectBlobsContext, startBlobsProxy, currentBlobsURL } from '../platform/blobs-proxy';
import { args, PROJECT_ROOT, scratchDir } from '../local-env';
import { writeResultsSection } from './results-file';

const LATENCY_MS = Number(process.env.BENCH_BLOBS_LATENCY_MS ?? 20);
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 25);
const SIZES = {
  subscribers: 50_000,
  pendingSignups: 5_000,
  unsubscribed: 5_000,
  messages: 10_000,
  testimonials: 10_000,
  approvedTestimonials: 100,
  publications: 1_000,
  events: 1_000,
  history: 2_000,
  assets: 5_000,
};
const BUDGET = {
  publicP50Ms: 50,
  publicWithLatencyP50Ms: 100,
  adminPageP50Ms: 200,
  dashboardP50Ms: 200,
  searchP50Ms: 1_000,
  csvExportMs: 5_000,
  fullBuildMs: 15_000,
};
const DAY = 86_400_000;
const BUILD_ONLY = args()['build-only'] === true;
const RESULTS_JSON = path.join(PROJECT_ROOT, 'bench/scale-results.json');

type Kind = 'public' | 'admin' | 'dashboard' | 'search' | 'export';
// `budget: false`: reported, with no budget in the issue (the contact export reads every message it writes out).
const ENDPOINTS: { kind: Kind; path: string; budget?: false }[] = [
  { kind: 'public', path: '/api/testimonials/approved' },
  { kind: 'public', path: '/api/testimonials/featured' },
  { kind: 'public', path: '/api/events' },
  { kind: 'public', path: '/api/publications' },
  { kind: 'public', path: '/api/team-members' },
  { kind: 'public', path: '/api/research-areas' },
  { kind: 'public', path: '/api/stats' },
  { kind: 'public', path: '/api/site-settings' },
  { kind: 'admin', path: '/api/admin/contact-forms?page=1&pageSize=20' },
  { kind: 'admin', path: '/api/admin/contact-forms?page=50&pageSize=20' },
  { kind: 'admin', path: '/api/admin/subscriptions?page=1&pageSize=20' },
  { kind: 'admin', path: '/api/admin/subscriptions?page=100&pageSize=20' },
  { kind: 'admin', path: '/api/admin/subscriptions?status=pending&page=1&pageSize=20' },
  { kind: 'admin', path: '/api/admin/subscriptions?status=unsubscribed&page=1&pageSize=20' },
  { kind: 'admin', path: '/api/admin/testimonials?page=1&pageSize=20' },
  { kind: 'admin', path: '/api/admin/history?page=1&pageSize=20' },
  { kind: 'admin', path: '/api/admin/media?page=1&pageSize=24' },
  { kind: 'admin', path: '/api/admin/media?page=100&pageSize=24' },
  { kind: 'admin', path: '/api/admin/media?q=photo-4242&pageSize=24' },
  { kind: 'admin', path: '/api/admin/media?alt=missing&pageSize=24' },
  { kind: 'dashboard', path: '/api/admin/summary' },
  { kind: 'search', path: '/api/admin/subscriptions?q=user4242&pageSize=20' },
  { kind: 'export', path: '/api/admin/subscriptions/export' },
  { kind: 'export', path: '/api/admin/subscriptions/export?list=unsubscribed' },
  { kind: 'export', path: '/api/admin/contact-forms/export', budget: false },
];

export interface ScaleRow {
  kind: Kind;
  path: string;
  p50Ms: number;
  p95Ms: number;
  blobCalls: number;
  budgeted: boolean;
  latencyP50Ms: number;
  latencyP95Ms: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const round = (n: number) => Number(n.toFixed(1));

/** Runs `fn` `n` times at up to `concurrency` at once. */
async function times(n: number, concurrency: number, fn: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

const dataDir = await scratchDir('bench-scale-');
process.env.PUBLIC_POST_LIMIT = '0';
const platform = await startPlatform({
  projectRoot: PROJECT_ROOT,
  dataDir,
  pages: true,
  log: () => {},
  debounceMs: 60_000,
});

try {
  const t0 = performance.now();
  const { createUser } = await import('../../src/server/auth/users');
  const { createOnce, importSubscriptions, subscriptionId } =
    await import('../../src/server/visitors/newsletter');
  const { addToSnapshot } = await import('../../src/server/visitors/newsletter-index');
  const { suppress } = await import('../../src/server/visitors/newsletter-suppression');
  const { CURRENT_CONSENT } = await import('../../src/schemas/newsletter-consent');
  const { insertTestimonials } = await import('../../src/server/visitors/testimonials');
  const { publications, events, teamMembers, researchAreas, stats } =
    await import('../../src/server/content/collections');
  const { commitChange } = await import('../../src/server/publishing/history');
  const { newestFirstKey } = await import('../../src/server/storage/keys');
  const { openStore, STORES } = await import('../../src/server/storage/store');
  const { seedDemoContent } = await import('../../src/server/workflows/seed');
  const now = Date.now();
  const stamp = new Date(now).toISOString();

  console.log('Seeding…');
  await seedDemoContent();
  await createUser({ username: 'scale-admin', password: 'scale-password-123', isAdmin: true });
  await publications.replaceAll(
    Array.from({ length: SIZES.publications }, (_, n) => ({
      id: `pub-${n}`,
      title: `Scale publication ${n}`,
      description: 'A careful look at how institutions adopt AI. '.repeat(4),
      date: 'March 2025',
      type: 'Report',
      authors: 'M. Chen',
      link: '',
      image: '',
      order: n,
      createdAt: stamp,
      updatedAt: stamp,
    })),
  );
  await events.replaceAll(
    Array.from({ length: SIZES.events }, (_, n) => {
      const start = new Date(now + (n - SIZES.events / 2) * DAY).toISOString();
      return {
        id: `event-${n}`,
        title: `Scale event ${n}`,
        description: 'A workshop. '.repeat(8),
        eventType: 'Workshop',
        startDate: start,
        endDate: start,
        startTime: '',
        endTime: '',
        location: 'London',
        isVirtual: false,
        virtualLink: '',
        registrationLink: '',
        imageUrl: '',
        youtubeUrl: '',
        featured: n % 5 === 0,
        order: n,
        createdAt: stamp,
        updatedAt: stamp,
      };
    }),
  );
  if (!BUILD_ONLY) {
    // Spread over two years, as a real list grows.
    await importSubscriptions(
      Array.from({ length: SIZES.subscribers }, (_, n) => ({
        email: `user${n}@example.org`,
        createdAt: new Date(now - ((n * 7919) % (730 * 24)) * 3_600_000 - n).toISOString(),
      })),
      48,
    );
    // Beside them, as a real list has: signups still waiting for their confirmation, and addresses
    // that left (each also on the suppression list), stored as the signup and unsubscribe paths store them.
    const others = [
      ...Array.from({ length: SIZES.pendingSignups }, (_, n) => ({
        n,
        status: 'pending' as const,
      })),
      ...Array.from({ length: SIZES.unsubscribed }, (_, n) => ({
        n,
        status: 'unsubscribed' as const,
      })),
    ];
    const written: Awaited<ReturnType<typeof createOnce>>['subscription'][] = [];
    await times(others.length, 32, async (i) => {
      const { n, status } = others[i]!;
      const email = `${status}${n}@example.org`;
      const at = new Date(
        now - (status === 'pending' ? n % (6 * 24) : (n * 7919) % (730 * 24)) * 3_600_000 - n,
      ).toISOString();
      const record = {
        id: subscriptionId(email),
        email,
        createdAt: at,
        status,
        form: 'inline' as const,
        source: '/',
        consent: CURRENT_CONSENT,
        ...(status === 'pending'
          ? { requestedAt: at, confirmTokenHash: 'x'.repeat(64), confirmSentAt: at }
          : { confirmedAt: at, unsubscribedAt: at }),
      };
      const { subscription } = await createOnce(record);
      if (status === 'unsubscribed') await suppress(record.id);
      written.push(subscription);
    });
    await addToSnapshot(written);
    console.log(
      `  ${SIZES.subscribers} subscribers, ${SIZES.pendingSignups} pending and ${SIZES.unsubscribed} unsubscribed (${Math.round(performance.now() - t0)} ms so far)`,
    );
    const contact = openStore(STORES.contact);
    await times(SIZES.messages, 16, async (n) => {
      const at = now - (n % 365) * DAY - n * 1000;
      const id = newestFirstKey(at);
      const createdAt = new Date(at).toISOString();
      await contact.setJSON(`m/${createdAt.slice(0, 10)}/${id}`, {
        id,
        name: `Sender ${n}`,
        email: `sender${n}@example.org`,
        subject: 'research',
        message: `Message number ${n}, long enough to be real.`,
        createdAt,
        read: false,
      });
    });
    console.log(`  ${SIZES.messages} contact messages`);
  }
  // Over the last 60 days. (A wave of thousands within one day costs the admin list a listing page
  // per 1,000 of them on each read until the day is two days old: see README, "Scale".)
  await insertTestimonials(
    Array.from({ length: SIZES.testimonials }, (_, n) => {
      const at = new Date(now - Math.floor((n * 60 * DAY) / SIZES.testimonials)).toISOString();
      const approved = n < SIZES.approvedTestimonials;
      return {
        id: crypto.randomUUID(),
        name: `Visitor ${n}`,
        position: '',
        company: '',
        content: `Testimonial ${n}: useful work.`,
        rating: 5,
        image: '',
        linkedin: '',
        featured: approved && n % 5 === 0,
        approved,
        order: n,
        createdAt: at,
        updatedAt: at,
      };
    }),
    32,
  );
  console.log(`  ${SIZES.testimonials} testimonials`);
  if (!BUILD_ONLY) {
    // The media library's index as 5,000 uploads leave it (the Media page reads only the index
    // and one uses document per image shown); every tenth image still without alt text.
    const { MEDIA_KEYS } = await import('../../src/server/storage/keys');
    const hex = (n: number) => n.toString(16).padStart(24, '0');
    await openStore(STORES.media).setJSON(MEDIA_KEYS.index, {
      rows: Array.from({ length: SIZES.assets }, (_, n) => ({
        id: hex(n),
        file: `${hex(n)}${'0'.repeat(40)}.jpg`,
        previousFiles: [],
        name: `photo-${n}.jpg`,
        size: 350_000,
        width: 2000,
        height: 1333,
        type: 'image/jpeg',
        alt: n % 10 === 0 ? '' : `Photo ${n} of a workshop`,
        credit: `Photographer ${n % 50}`,
        licence: 'CC BY 4.0',
        focalX: 0.5,
        focalY: 0.5,
        uploadedBy: 'scale-admin',
        uploadedAt: new Date(now - n * 60_000).toISOString(),
      })),
    });
    console.log(`  ${SIZES.assets} media assets`);
  }
  if (!BUILD_ONLY)
    await times(SIZES.history, 16, (n) =>
      commitChange(
        { username: 'scale-admin' },
        { action: 'update', target: 'site-settings', summary: `heroTitle ${n}` },
        { rebuild: false },
      ),
    );
  console.log(
    `  ${BUILD_ONLY ? 0 : SIZES.history} history entries; seeded in ${Math.round(performance.now() - t0)} ms`,
  );
  const counts = {
    team: (await teamMembers.list()).length,
    researchAreas: (await researchAreas.list()).length,
    stats: (await stats.list()).length,
  };

  // The full build with 1,000 publications and 1,000 events.
  const b0 = performance.now();
  await platform.build();
  const fullBuildMs = Math.round(performance.now() - b0);
  console.log(`Full build: ${fullBuildMs} ms`);

  if (BUILD_ONLY) {
    // The endpoints' figures stay as the last full run measured them; only the build's change.
    const last = JSON.parse(await readFile(RESULTS_JSON, 'utf8')) as ScaleResults;
    const broken = last.broken.filter((b) => !b.startsWith('full build'));
    if (fullBuildMs > BUDGET.fullBuildMs)
      broken.push(`full build ${fullBuildMs} ms (budget ${BUDGET.fullBuildMs} ms)`);
    const results: ScaleResults = {
      ...last,
      fullBuildMs,
      buildDate: new Date().toISOString(),
      buildLoad: `${loadavg()[1]!.toFixed(1)} on ${availableParallelism()} cores`,
      broken,
    };
    await writeFile(RESULTS_JSON, JSON.stringify(results, null, 2) + '\n');
    await writeResultsSection('scale', renderScale(results));
    console.log(
      fullBuildMs > BUDGET.fullBuildMs
        ? `\nBudget broken: full build ${fullBuildMs} ms`
        : '\nThe full build keeps its budget.',
    );
    process.exitCode = fullBuildMs > BUDGET.fullBuildMs ? 1 : 0;
  } else {
    const login = await fetch(`${platform.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'scale-admin', password: 'scale-password-123' }),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0]!;

    /** Times `runs` requests to `p` through a Blobs proxy with `latencyMs` per call. */
    async function measure(p: string, kind: Kind, latencyMs: number, runs: number) {
      const proxy = await startBlobsProxy(currentBlobsURL(), { latencyMs });
      const undo = redirectBlobsContext(proxy.url);
      try {
        const headers: Record<string, string> = kind === 'public' ? {} : { cookie };
        const once = async () => {
          if (kind === 'public') platform.cdn.purge();
          const start = performance.now();
          const res = await fetch(platform.url + p, { headers });
          await res.arrayBuffer();
          if (!res.ok) throw new Error(`${p}: ${res.status}`);
          return performance.now() - start;
        };
        await once(); // warm: a function's first call loads its module, as a cold start does
        proxy.reset();
        const ms: number[] = [];
        for (let i = 0; i < runs; i++) ms.push(await once());
        ms.sort((a, b) => a - b);
        return {
          p50: round(quantile(ms, 0.5)),
          p95: round(quantile(ms, 0.95)),
          calls: round(proxy.calls.length / runs),
        };
      } finally {
        undo();
        await proxy.close();
      }
    }

    console.log('Measuring…');
    const rows: ScaleRow[] = [];
    for (const e of ENDPOINTS) {
      const runs = e.kind === 'export' ? 3 : RUNS;
      const plain = await measure(e.path, e.kind, 0, runs);
      const slow = await measure(
        e.path,
        e.kind,
        LATENCY_MS,
        e.kind === 'export' ? 1 : Math.min(runs, 10),
      );
      rows.push({
        kind: e.kind,
        path: e.path,
        budgeted: e.budget !== false,
        p50Ms: plain.p50,
        p95Ms: plain.p95,
        blobCalls: plain.calls,
        latencyP50Ms: slow.p50,
        latencyP95Ms: slow.p95,
      });
      console.log(
        `  ${e.path}: p50 ${plain.p50} ms, p95 ${plain.p95} ms, ${plain.calls} Blobs calls; with ${LATENCY_MS} ms per call p50 ${slow.p50} ms`,
      );
    }

    const broken: string[] = [];
    for (const r of rows.filter((x) => x.budgeted)) {
      const limit = {
        public: BUDGET.publicP50Ms,
        admin: BUDGET.adminPageP50Ms,
        dashboard: BUDGET.dashboardP50Ms,
        search: BUDGET.searchP50Ms,
        export: BUDGET.csvExportMs,
      }[r.kind];
      if (r.p50Ms > limit) broken.push(`${r.path}: p50 ${r.p50Ms} ms (budget ${limit} ms)`);
      if (r.kind === 'public' && r.latencyP50Ms > BUDGET.publicWithLatencyP50Ms)
        broken.push(
          `${r.path} with ${LATENCY_MS} ms per Blobs call: p50 ${r.latencyP50Ms} ms (budget ${BUDGET.publicWithLatencyP50Ms} ms)`,
        );
    }
    if (fullBuildMs > BUDGET.fullBuildMs)
      broken.push(`full build ${fullBuildMs} ms (budget ${BUDGET.fullBuildMs} ms)`);

    const results: ScaleResults = {
      date: new Date().toISOString(),
      sizes: { ...SIZES, ...counts },
      latencyMs: LATENCY_MS,
      runs: RUNS,
      fullBuildMs,
      rows,
      budget: BUDGET,
      broken,
    };
    await writeFile(RESULTS_JSON, JSON.stringify(results, null, 2) + '\n');
    await writeResultsSection('scale', renderScale(results));
    console.log(
      broken.length ? `\nBudgets broken:\n- ${broken.join('\n- ')}` : '\nAll scale budgets hold.',
    );
    process.exitCode = broken.length ? 1 : 0;
  }
} finally {
  await platform.close();
  await rm(dataDir, { recursive: true, force: true });
}

interface ScaleResults {
  date: string;
  /** When `--build-only` last timed the full build (the rest is from `date`), and the machine's load then. */
  buildDate?: string;
  buildLoad?: string;
  sizes: typeof SIZES & { team: number; researchAreas: number; stats: number };
  latencyMs: number;
  runs: number;
  fullBuildMs: number;
  rows: ScaleRow[];
  budget: typeof BUDGET;
  broken: string[];
}

function renderScale(r: ScaleResults) {
  const table = r.rows
    .map(
      (x) =>
        `| ${x.kind}${x.budgeted ? '' : ' (no budget)'} | \`${x.path}\` | ${x.p50Ms} | ${x.p95Ms} | ${x.blobCalls} | ${x.latencyP50Ms} | ${x.latencyP95Ms} |`,
    )
    .join('\n');
  return `## Scale

Measured by \`npm run bench:scale\` on ${r.date}: ${r.sizes.subscribers.toLocaleString('en')} subscribers
(with ${r.sizes.pendingSignups.toLocaleString('en')} signups awaiting confirmation and ${r.sizes.unsubscribed.toLocaleString('en')} unsubscribed addresses beside them),
${r.sizes.messages.toLocaleString('en')} contact messages, ${r.sizes.testimonials.toLocaleString('en')} testimonials
(${(r.sizes.testimonials - r.sizes.approvedTestimonials).toLocaleString('en')} pending), ${r.sizes.publications.toLocaleString('en')} publications,
${r.sizes.events.toLocaleString('en')} events and ${r.sizes.history.toLocaleString('en')} history entries, over the local
platform's file-backed Blobs store. ${r.runs} requests per endpoint after one warm-up call (3 for exports);
public reads are timed at the function (the CDN cache is purged before each). "Blobs calls" is
per request. The last two columns add ${r.latencyMs} ms to every Blobs call, as a stand-in for Netlify's
network round trips.

| kind | endpoint | p50 ms | p95 ms | Blobs calls | p50 ms +${r.latencyMs} ms/call | p95 ms +${r.latencyMs} ms/call |
| --- | --- | --- | --- | --- | --- | --- |
${table}

Full build with ${r.sizes.publications.toLocaleString('en')} publications and ${r.sizes.events.toLocaleString('en')} events: ${r.fullBuildMs} ms${r.buildDate ? ` (timed alone by \`npm run bench:scale -- --build-only\` on ${r.buildDate}, load average ${r.buildLoad ?? 'unknown'}: on a shared machine the figure is pessimistic)` : ''}.

Budgets: public reads p50 ≤ ${BUDGET.publicP50Ms} ms (≤ ${BUDGET.publicWithLatencyP50Ms} ms with the added latency), admin pages and
the dashboard p50 ≤ ${BUDGET.adminPageP50Ms} ms, subscriber search ≤ ${BUDGET.searchP50Ms} ms, CSV exports ≤ ${BUDGET.csvExportMs} ms, full build ≤ ${BUDGET.fullBuildMs} ms.
${r.broken.length ? r.broken.map((b) => `- broken: ${b}`).join('\n') : 'All scale budgets hold.'}
`;
}
