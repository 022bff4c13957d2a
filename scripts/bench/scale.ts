// npm run bench:scale: what every read and write costs when the store is full (issue "a library of
// any size"). Seeds 10,000 publications with Markdown bodies, 1,000 events, 50,000 subscribers
// (with 5,000 signups awaiting confirmation and 5,000 addresses that unsubscribed beside them),
// 10,000 contact messages, 10,000 testimonials (9,900 pending) and 2,000 history entries into a
// fresh local platform, written straight to the store. Then, per endpoint: response bytes (raw and
// gzip), Blobs calls and the bytes they read and wrote per request, and p50/p95 times; once as is,
// and for reads once more with a fixed delay added to every Blobs call (BENCH_BLOBS_LATENCY_MS,
// default 20) to show what Netlify's round trips would cost. Public reads are timed at the
// function (the emulated CDN is purged before each). Last, a title change is timed from its save
// to the live page (the build started at once). Writes bench/scale-results.json and the "Scale"
// section of bench/RESULTS.md, prints pass/fail per budget and exits non-zero when one fails.
//
// `--size 0.1` seeds that fraction of every count (a quick check that the benchmark works; its
// figures are not the issue's). `--build-only` times only the full build (over the same
// publications, events and testimonials) and keeps the endpoints' last figures. `--media-only`
// seeds only the media library beside the demo content and measures only the Media page's
// requests (no build), keeping every other figure from the last run. `--admin-browser` seeds only
// the publications (the pages built before, over the demo content) and drives the admin's
// Publications page in Chromium (scripts/bench/admin-browser.ts), keeping every other figure from
// the last run; the full run drives it too, last.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startPlatform } from '../platform';
import { redirectBlobsContext, startBlobsProxy, currentBlobsURL } from '../platform/blobs-proxy';
import { args, PROJECT_ROOT, scratchDir } from '../local-env';
import { requireChromium } from '../chromium';
import { writeResultsSection } from './results-file';
import {
  ADMIN_BROWSER_BUDGET_MS,
  measureAdminPublications,
  renderAdminBrowser,
  type AdminBrowserFigures,
} from './admin-browser';

const LATENCY_MS = Number(process.env.BENCH_BLOBS_LATENCY_MS ?? 20);
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 25);
const SIZE = Number(args().size ?? 1);
if (!(SIZE > 0 && SIZE <= 1))
  throw new Error('--size is a fraction of the full library, 0 < size <= 1');
const sized = (n: number) => Math.max(1, Math.round(n * SIZE));
const SIZES = {
  subscribers: sized(50_000),
  pendingSignups: sized(5_000),
  unsubscribed: sized(5_000),
  messages: sized(10_000),
  testimonials: sized(10_000),
  approvedTestimonials: sized(100),
  publications: sized(10_000),
  events: sized(1_000),
  history: sized(2_000),
  assets: sized(5_000),
};
/** The issue's budgets. */
const BUDGET = {
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
/** How the browser's budget line starts (a later `--admin-browser` run replaces that line). */
const ADMIN_BROWSER_CHECK = 'the admin Publications page in Chromium';
const DAY = 86_400_000;
const BUILD_ONLY = args()['build-only'] === true;
const MEDIA_ONLY = args()['media-only'] === true;
const ADMIN_BROWSER = args()['admin-browser'] === true;
if ([BUILD_ONLY, MEDIA_ONLY, ADMIN_BROWSER].filter(Boolean).length > 1)
  throw new Error('--build-only, --media-only and --admin-browser each run one part: give one');
/** Every part: what only the full run seeds and measures. */
const ALL = !BUILD_ONLY && !MEDIA_ONLY && !ADMIN_BROWSER;
/** The Media page's requests: all `--media-only` measures. */
const isMediaPage = (path: string) => path.startsWith('/api/admin/media');
const RESULTS_JSON = path.join(PROJECT_ROOT, 'bench/scale-results.json');

type Kind = 'public' | 'admin' | 'dashboard' | 'search' | 'export' | 'save' | 'reorder';
const EXPORTS = {
  subscribers: { kind: 'subscribers' },
  unsubscribed: { kind: 'subscribers', list: 'unsubscribed' },
  messages: { kind: 'messages' },
};
const MIDDLE = `pub-${Math.floor(SIZES.publications / 2)}`;
const ENDPOINTS: { kind: Kind; path: string; method?: string; body?: () => unknown }[] = [
  { kind: 'public', path: '/api/testimonials/approved' },
  { kind: 'public', path: '/api/testimonials/featured' },
  { kind: 'public', path: '/api/events' },
  { kind: 'public', path: '/api/events/upcoming' },
  { kind: 'public', path: '/api/events/featured' },
  { kind: 'public', path: '/api/publications' },
  { kind: 'public', path: `/api/publications/${MIDDLE}` },
  { kind: 'public', path: '/api/team-members' },
  { kind: 'public', path: '/api/research-areas' },
  { kind: 'public', path: '/api/stats' },
  { kind: 'public', path: '/api/site-settings' },
  { kind: 'admin', path: '/api/publications/all?page=1&pageSize=20' },
  { kind: 'admin', path: '/api/events/all?page=1&pageSize=20' },
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
  // An export is timed from its start to its last part fetched, as the admin's browser makes it.
  { kind: 'export', path: '/api/admin/exports', method: 'POST', body: () => EXPORTS.subscribers },
  { kind: 'export', path: '/api/admin/exports', method: 'POST', body: () => EXPORTS.unsubscribed },
  { kind: 'export', path: '/api/admin/exports', method: 'POST', body: () => EXPORTS.messages },
  {
    kind: 'save',
    path: `/api/publications/${MIDDLE}`,
    method: 'PATCH',
    body: () => ({ title: `Scale publication retitled ${crypto.randomUUID().slice(0, 8)}` }),
  },
  // One item moved before another: the shape the issue asks for (an older API may refuse it).
  {
    kind: 'reorder',
    path: '/api/publications/order',
    method: 'PUT',
    body: () => ({ id: `pub-${SIZES.publications - 1}`, before: 'pub-0' }),
  },
];

export interface ScaleRow {
  kind: Kind;
  method: string;
  path: string;
  status: number;
  p50Ms: number;
  p95Ms: number;
  /**
   * The first request of this endpoint, with every parsed copy forgotten first: its Blobs calls
   * and bytes read are those of a new (cold) function instance's first request.
   */
  coldMs: number;
  coldBlobCalls: number;
  coldBlobBytesRead: number;
  bytes: number;
  gzipBytes: number;
  blobCalls: number;
  blobBytesRead: number;
  blobBytesWritten: number;
  latencyP50Ms?: number;
  latencyP95Ms?: number;
}

/** A Markdown body of about 3.5 KB, as the issue's library had. */
const markdownBody = (n: number) =>
  Array.from(
    { length: 4 },
    (_, i) =>
      `## Part ${i + 1} of publication ${n}\n\n${'Institutions adopt AI unevenly; this section looks at why, with evidence from audits and interviews. '.repeat(8)}`,
  ).join('\n\n');

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
  const { subscriptionId } = await import('../../src/server/visitors/newsletter');
  const { addToSnapshot, writeMarker } = await import('../../src/server/visitors/newsletter-index');
  const { newsletterSubscriptionSchema } =
    await import('../../src/schemas/newsletter-subscription');
  const { suppress } = await import('../../src/server/visitors/newsletter-suppression');
  const { CURRENT_CONSENT } = await import('../../src/schemas/newsletter-consent');
  const { insertTestimonials } = await import('../../src/server/visitors/testimonials');
  const { publications, events, teamMembers, researchAreas, stats } =
    await import('../../src/server/content/collections');
  const { commitChange } = await import('../../src/server/publishing/history');
  const { newestFirstKey } = await import('../../src/server/storage/keys');
  const { forgetParsedCopies, openStore, STORES } = await import('../../src/server/storage/store');
  const { seedDemoContent } = await import('../../src/server/workflows/seed');
  const now = Date.now();
  const stamp = new Date(now).toISOString();
  /** The admin's Publications page in Chromium, over one publication far from the top. */
  const adminPublicationsPage = async (): Promise<AdminBrowserRun> => {
    // Its saves ask for builds: none may start while it is timed.
    platform.builder.hold = true;
    const target = Math.floor(SIZES.publications * 0.7);
    console.log('The admin Publications page in Chromium:');
    const figures = await measureAdminPublications({
      url: platform.url,
      username: 'scale-admin',
      password: 'scale-password-123',
      total: SIZES.publications,
      id: `pub-${target}`,
      word: String(target),
      chromiumPath: requireChromium('bench'),
      forgetParsedCopies,
    });
    return {
      ...figures,
      date: new Date().toISOString(),
      load: load(),
      size: SIZE,
      alone: ADMIN_BROWSER,
    };
  };

  console.log('Seeding…');
  await seedDemoContent();
  await createUser({ username: 'scale-admin', password: 'scale-password-123', isAdmin: true });
  // The admin's pages are shells that read the API in the browser: built over the demo content,
  // they serve the admin as one built over the whole library would, without its minutes of build.
  if (ADMIN_BROWSER) await platform.build();
  // Through the collection's own bulk write (one call, whatever its layout), not one save each.
  if (!MEDIA_ONLY)
    await publications.replaceAll(
      Array.from({ length: SIZES.publications }, (_, n) => ({
        id: `pub-${n}`,
        title: `Scale publication ${n}`,
        description: 'A careful look at how institutions adopt AI. '.repeat(4),
        // Spread over ten years, newest first by number, as a migrated archive is.
        publishedOn: new Date(now - Math.floor((n * 3650) / SIZES.publications) * DAY)
          .toISOString()
          .slice(0, 10),
        type: ['Report', 'Policy Brief', 'Working Paper'][n % 3],
        authors: 'M. Chen',
        link: '',
        image: '',
        body: markdownBody(n),
        order: n,
        createdAt: stamp,
        updatedAt: stamp,
      })),
    );
  // A store's one-time step, on the first save that claims a slug: who holds which slug is made
  // from the index rows (src/server/content/slug-claims.ts). Taken here, so that the saves
  // measured below cost what every later save does.
  if (!MEDIA_ONLY) await publications.update('pub-1', { title: 'Scale publication 1, renamed' });
  if (!MEDIA_ONLY && !ADMIN_BROWSER)
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
  if (ALL) {
    // Written straight to the store as a signup leaves them (marker, then record), then listed in
    // the index in one write: the subscribers spread over two years, as a real list grows, and
    // beside them signups still waiting for their confirmation and addresses that left (each also
    // on the suppression list).
    const kinds = [
      ...Array.from({ length: SIZES.subscribers }, (_, n) => ({ n, status: 'confirmed' as const })),
      ...Array.from({ length: SIZES.pendingSignups }, (_, n) => ({
        n,
        status: 'pending' as const,
      })),
      ...Array.from({ length: SIZES.unsubscribed }, (_, n) => ({
        n,
        status: 'unsubscribed' as const,
      })),
    ];
    const records = openStore(STORES.newsletter);
    const written = kinds.map(({ n, status }) => {
      const email = `${status === 'confirmed' ? 'user' : status}${n}@example.org`;
      const at = new Date(
        now - (status === 'pending' ? n % (6 * 24) : (n * 7919) % (730 * 24)) * 3_600_000 - n,
      ).toISOString();
      return newsletterSubscriptionSchema.parse({
        id: subscriptionId(email),
        email,
        createdAt: at,
        status,
        form: status === 'confirmed' ? 'import' : 'inline',
        source: '/',
        consent: CURRENT_CONSENT,
        ...(status === 'pending'
          ? { requestedAt: at, confirmTokenHash: 'x'.repeat(64), confirmSentAt: at }
          : status === 'unsubscribed'
            ? { confirmedAt: at, unsubscribedAt: at }
            : { confirmedAt: at }),
      });
    });
    await times(written.length, 64, async (i) => {
      const record = written[i]!;
      await writeMarker(record);
      await records.setJSON(record.id, record);
      if (record.status === 'unsubscribed') await suppress(record.id);
    });
    await addToSnapshot(written);
    console.log(
      `  ${SIZES.subscribers} subscribers, ${SIZES.pendingSignups} pending and ${SIZES.unsubscribed} unsubscribed (${Math.round(performance.now() - t0)} ms so far)`,
    );
    const contact = openStore(STORES.contact);
    await times(SIZES.messages, 64, async (n) => {
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
    // The inbox index folds in only messages stamped after its watermark (log-index.ts), and
    // these carry times up to a year back: one an earlier read of the store made would never show
    // them. Without it, the first admin read scans every message, as on a site whose messages
    // came before the index did.
    const system = openStore(STORES.system);
    const { blobs } = await system.list({ prefix: 'contact-snapshot' });
    await Promise.all(blobs.map((b) => system.delete(b.key)));
    forgetParsedCopies();
    console.log(`  ${SIZES.messages} contact messages`);
  }
  // Over the last 60 days. (A wave of thousands within one day costs the admin list a listing page
  // per 1,000 of them on each read until the day is two days old: see README, "Scale".)
  if (!MEDIA_ONLY && !ADMIN_BROWSER)
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
  if (!MEDIA_ONLY && !ADMIN_BROWSER) console.log(`  ${SIZES.testimonials} testimonials`);
  if (!BUILD_ONLY && !ADMIN_BROWSER) {
    // The media library's index as 5,000 uploads leave it (the Media page reads only the index
    // and one uses document per image shown); every tenth image still without alt text.
    // With the metadata every index write stores (the count of images without alt text).
    const { MEDIA_KEYS } = await import('../../src/server/storage/keys');
    const { assetIndexMetadata } = await import('../../src/server/content/media');
    const hex = (n: number) => n.toString(16).padStart(24, '0');
    const assets = Array.from({ length: SIZES.assets }, (_, n) => ({
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
    }));
    await openStore(STORES.media).setJSON(
      MEDIA_KEYS.index,
      { rows: assets },
      { metadata: assetIndexMetadata(assets) },
    );
    console.log(`  ${SIZES.assets} media assets`);
  }
  if (ALL)
    await times(SIZES.history, 16, (n) =>
      commitChange(
        { username: 'scale-admin' },
        { action: 'update', target: 'site-settings', summary: `heroTitle ${n}` },
        { rebuild: false },
      ),
    );
  console.log(
    `  ${ALL ? SIZES.history : 0} history entries; seeded in ${Math.round(performance.now() - t0)} ms`,
  );
  const counts = {
    team: (await teamMembers.list()).length,
    researchAreas: (await researchAreas.list()).length,
    stats: (await stats.list()).length,
  };

  // The full build with 1,000 publications and 1,000 events (not for the Media page alone).
  const b0 = performance.now();
  if (!MEDIA_ONLY && !ADMIN_BROWSER) await platform.build();
  const fullBuildMs = Math.round(performance.now() - b0);
  if (!MEDIA_ONLY && !ADMIN_BROWSER) console.log(`Full build: ${fullBuildMs} ms`);

  if (BUILD_ONLY) {
    // The endpoints' figures stay as the last full run measured them; only the build's change.
    const last = JSON.parse(await readFile(RESULTS_JSON, 'utf8')) as ScaleResults;
    const results: ScaleResults = {
      ...last,
      fullBuildMs,
      buildDate: new Date().toISOString(),
      buildLoad: load(),
    };
    await writeFile(RESULTS_JSON, JSON.stringify(results, null, 2) + '\n');
    await writeResultsSection('scale', renderScale(results));
  } else if (ADMIN_BROWSER) {
    // Only the browser's figures change; everything else stays as the last full run left it.
    const adminBrowser = await adminPublicationsPage();
    const last = (await readFile(RESULTS_JSON, 'utf8')
      .then((text) => JSON.parse(text) as ScaleResults)
      .catch(() => null)) as ScaleResults | null;
    if (last?.size === SIZE) {
      const results: ScaleResults = {
        ...last,
        adminBrowser,
        // The other budgets stay as that run judged them; only the browser's line is new.
        checks: [
          ...last.checks.filter((c) => !c.budget.startsWith(ADMIN_BROWSER_CHECK)),
          adminBrowserCheck(adminBrowser),
        ],
      };
      await writeFile(RESULTS_JSON, JSON.stringify(results, null, 2) + '\n');
      await writeResultsSection('scale', renderScale(results));
    } else
      console.log(
        `Not written to bench/RESULTS.md: ${last ? `the last full run seeded ${last.size} of the library, this one ${SIZE}` : 'no full run to add them to'}.`,
      );
    process.exitCode = adminBrowser.steps.every((s) => s.pass) ? 0 : 1;
  } else {
    const login = await fetch(`${platform.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'scale-admin', password: 'scale-password-123' }),
    });
    const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0]!;

    /**
     * An export as the admin's browser makes it: start it, ask until the background run has made
     * it, then fetch every part. Answers every response it got.
     */
    async function exportOnce(request: unknown): Promise<{ status: number; body: Buffer }[]> {
      const answers: { status: number; body: Buffer }[] = [];
      const call = async (p: string, body?: unknown) => {
        const res = await fetch(platform.url + p, {
          method: body === undefined ? 'GET' : 'POST',
          headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const answer = { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
        answers.push(answer);
        return answer;
      };
      const started = await call('/api/admin/exports', request);
      const { id } = JSON.parse(started.body.toString()) as { id: string };
      let job = { status: 'queued', parts: 0 };
      for (let look = 0; look < 100 && job.status !== 'ready' && job.status !== 'failed'; look++) {
        await platform.backgroundIdle();
        job = JSON.parse((await call(`/api/admin/exports/${id}`)).body.toString()) as typeof job;
      }
      if (job.status !== 'ready') answers.push({ status: 500, body: Buffer.from(job.status) });
      for (let n = 1; n <= job.parts; n++) await call(`/api/admin/exports/${id}/parts/${n}`);
      return answers;
    }

    /** Times `runs` requests through a Blobs proxy with `latencyMs` per call; the first is the cold one. */
    async function measure(e: (typeof ENDPOINTS)[number], latencyMs: number, runs: number) {
      const proxy = await startBlobsProxy(currentBlobsURL(), { latencyMs });
      const undo = redirectBlobsContext(proxy.url);
      try {
        const headers: Record<string, string> = e.kind === 'public' ? {} : { cookie };
        let last = { status: 0, bytes: 0, gzipBytes: 0 };
        const once = async () => {
          if (e.kind === 'export') {
            const start = performance.now();
            const answers = await exportOnce(e.body!());
            const ms = performance.now() - start;
            // The largest answer of the export is what the response budget checks.
            const largest = answers.reduce((a, b) => (b.body.length > a.body.length ? b : a));
            last = {
              status: answers.find((a) => a.status >= 300)?.status ?? 200,
              bytes: largest.body.length,
              gzipBytes: gzipSync(largest.body).length,
            };
            return ms;
          }
          if (e.kind === 'public') platform.cdn.purge();
          const body = e.body && JSON.stringify(e.body());
          const start = performance.now();
          const res = await fetch(platform.url + e.path, {
            method: e.method ?? 'GET',
            headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
            body,
          });
          const answer = Buffer.from(await res.arrayBuffer());
          const ms = performance.now() - start;
          last = { status: res.status, bytes: answer.length, gzipBytes: gzipSync(answer).length };
          return ms;
        };
        // The first call finds nothing parsed, as a new function instance would.
        forgetParsedCopies();
        const coldMs = await once();
        const first = {
          calls: proxy.calls.length,
          read: proxy.sizes.reduce((n, s) => n + s.received, 0),
        };
        proxy.reset();
        const ms: number[] = [];
        for (let i = 0; i < runs; i++) ms.push(await once());
        ms.sort((a, b) => a - b);
        const sum = (f: (s: { sent: number; received: number }) => number) =>
          Math.round(proxy.sizes.reduce((n, s) => n + f(s), 0) / runs);
        return {
          ...last,
          coldMs: round(coldMs),
          coldCalls: first.calls,
          coldRead: first.read,
          p50: round(quantile(ms, 0.5)),
          p95: round(quantile(ms, 0.95)),
          calls: round(proxy.calls.length / runs),
          read: sum((s) => s.received),
          written: sum((s) => s.sent),
        };
      } finally {
        undo();
        await proxy.close();
      }
    }

    // The inbox index is built by a store's first admin read (a scan of every message, once):
    // a live site has long had it, so it is built before anything is measured.
    await fetch(`${platform.url}/api/admin/contact-forms`, { headers: { cookie } });
    console.log('Measuring…');
    const rows: ScaleRow[] = [];
    for (const e of MEDIA_ONLY ? ENDPOINTS.filter((x) => isMediaPage(x.path)) : ENDPOINTS) {
      const runs = e.kind === 'export' ? 3 : e.kind === 'save' || e.kind === 'reorder' ? 10 : RUNS;
      const plain = await measure(e, 0, runs);
      const reads = e.kind === 'public' || e.kind === 'admin' || e.kind === 'dashboard';
      const slow = reads ? await measure(e, LATENCY_MS, Math.min(runs, 10)) : null;
      rows.push({
        kind: e.kind,
        method: e.method ?? 'GET',
        path: e.kind === 'export' ? `${e.path} ${JSON.stringify(e.body!())}` : e.path,
        status: plain.status,
        p50Ms: plain.p50,
        p95Ms: plain.p95,
        coldMs: plain.coldMs,
        coldBlobCalls: plain.coldCalls,
        coldBlobBytesRead: plain.coldRead,
        bytes: plain.bytes,
        gzipBytes: plain.gzipBytes,
        blobCalls: plain.calls,
        blobBytesRead: plain.read,
        blobBytesWritten: plain.written,
        ...(slow && { latencyP50Ms: slow.p50, latencyP95Ms: slow.p95 }),
      });
      console.log(
        `  ${e.method ?? 'GET'} ${e.path}: ${plain.status}, ${plain.bytes} B (${plain.gzipBytes} gz), p50 ${plain.p50} ms, p95 ${plain.p95} ms, first call ${plain.coldMs} ms (${plain.coldCalls} calls reading ${plain.coldRead} B), ${plain.calls} Blobs calls reading ${plain.read} B, writing ${plain.written} B`,
      );
    }

    if (MEDIA_ONLY) {
      // Only the Media page's rows change; everything else stays as the last full run left it.
      const last = JSON.parse(await readFile(RESULTS_JSON, 'utf8')) as ScaleResults;
      if (last.size !== SIZE)
        throw new Error(`the last run seeded ${last.size} of the library, this one ${SIZE}`);
      const merged = last.rows.map((r) => rows.find((m) => m.path === r.path) ?? r);
      const results: ScaleResults = {
        ...last,
        rows: [...merged, ...rows.filter((m) => !last.rows.some((r) => r.path === m.path))],
        checks: checks(merged, last.saveToLiveMs, last.adminBrowser),
        mediaDate: new Date().toISOString(),
        mediaLoad: load(),
        mediaRuns: RUNS,
      };
      await writeFile(RESULTS_JSON, JSON.stringify(results, null, 2) + '\n');
      await writeResultsSection('scale', renderScale(results));
      // Held to the budgets that apply to them: 2xx, one function response, an admin page's p50.
      const broken = rows.filter(
        (r) =>
          r.status < 200 ||
          r.status >= 300 ||
          r.bytes > BUDGET.responseBytes ||
          r.p50Ms > BUDGET.adminPageP50Ms,
      );
      console.log(
        `\nThe Media page's requests: ${broken.length ? 'FAIL' : 'pass'} (2xx, ≤ ${BUDGET.responseBytes.toLocaleString('en')} B, p50 ≤ ${BUDGET.adminPageP50Ms} ms)`,
      );
      process.exitCode = broken.length ? 1 : 0;
    } else {
      // A title change from its save to the live page, the build started at once.
      const title = `Live check ${crypto.randomUUID().slice(0, 8)}`;
      const s0 = performance.now();
      const saved = await fetch(`${platform.url}/api/publications/${MIDDLE}`, {
        method: 'PATCH',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ title }),
      });
      const { slug } = (await saved.json()) as { slug?: string };
      await platform.build();
      const live = await fetch(`${platform.url}/publications/${slug ?? ''}`);
      const saveToLiveMs = (await live.text()).includes(title)
        ? Math.round(performance.now() - s0)
        : null;
      console.log(`Save → live: ${saveToLiveMs ?? 'the page did not show the change'} ms`);
      const adminBrowser = await adminPublicationsPage();

      const results: ScaleResults = {
        date: new Date().toISOString(),
        load: load(),
        size: SIZE,
        sizes: { ...SIZES, ...counts },
        latencyMs: LATENCY_MS,
        runs: RUNS,
        fullBuildMs,
        saveToLiveMs,
        rows,
        adminBrowser,
        checks: checks(rows, saveToLiveMs, adminBrowser),
      };
      await writeFile(RESULTS_JSON, JSON.stringify(results, null, 2) + '\n');
      await writeResultsSection('scale', renderScale(results));
      console.log('\nBudgets:');
      for (const c of results.checks)
        console.log(`  ${c.pass ? 'pass' : 'FAIL'}  ${c.budget}: ${c.got}`);
      process.exitCode = results.checks.every((c) => c.pass) ? 0 : 1;
    }
  }
} finally {
  await platform.close();
  await rm(dataDir, { recursive: true, force: true });
}

interface ScaleResults {
  date: string;
  /** The machine's load average (5 minutes) when the run ended, and its cores. */
  load: string;
  /** The fraction of the issue's library seeded (1: all of it). */
  size: number;
  /** When `--media-only` last measured the Media page's rows, the load then, and requests per row. */
  mediaDate?: string;
  mediaLoad?: string;
  mediaRuns?: number;
  /** When `--build-only` last timed the full build (the rest is from `date`), and the load then. */
  buildDate?: string;
  buildLoad?: string;
  sizes: typeof SIZES & { team: number; researchAreas: number; stats: number };
  latencyMs: number;
  runs: number;
  fullBuildMs: number;
  saveToLiveMs: number | null;
  rows: ScaleRow[];
  /** The admin's Publications page in Chromium (`--admin-browser`, or the full run's last part). */
  adminBrowser?: AdminBrowserRun;
  checks: Check[];
}

/** One drive of the admin's Publications page: when, at what load, over which fraction. */
type AdminBrowserRun = AdminBrowserFigures & {
  date: string;
  load: string;
  size: number;
  /** Driven by `--admin-browser` alone, not as the full run's last part. */
  alone: boolean;
};

interface Check {
  budget: string;
  got: string;
  pass: boolean;
}

function load() {
  return `${loadavg()[1]!.toFixed(1)} on ${availableParallelism()} cores`;
}

/** Every budget of the issue against what was measured. */
function checks(
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

/** The browser's steps as one budget line: every step right, and each held one within budget. */
function adminBrowserCheck(adminBrowser: AdminBrowserRun): Check {
  return {
    budget: `${ADMIN_BROWSER_CHECK}: page 1 ≤ ${ADMIN_BROWSER_BUDGET_MS / 1000} s; search, edit a title, move to top, each right and ≤ ${ADMIN_BROWSER_BUDGET_MS / 1000} s`,
    got: (() => {
      const failed = adminBrowser.steps.filter((s) => !s.pass);
      if (failed.length) return failed.map((s) => `${s.step}: ${s.ms} ms`).join('; ');
      const held = adminBrowser.steps.filter((s) => s.held);
      const slowest = held.reduce((a, b) => (b.ms > a.ms ? b : a));
      return `all right; page 1 in ${held[0]!.ms} ms, slowest step ${slowest.ms} ms (${slowest.step}); below`;
    })(),
    pass: adminBrowser.steps.every((s) => s.pass),
  };
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

function adminBrowserSection(a: AdminBrowserRun) {
  const by = a.alone
    ? `alone by \`npm run bench:scale -- --admin-browser${a.size !== 1 ? ` --size ${a.size}` : ''}\``
    : 'as the last part of the run above';
  return `
### The admin Publications page in Chromium

Driven ${by} on ${a.date} (load average ${a.load}) over ${Math.round(10_000 * a.size).toLocaleString('en')}
publications with bodies, in Chromium through Playwright: page 1 in a new browser (nothing
cached) against a new function instance (nothing parsed), once more on a reload, then a search by
one title's word, that title edited in its form, and "Move to top". Each step is timed from the
action to the frame that shows its result, and checked against the API's answer afterwards. The
first row, the very first visit after the deploy, is reported but not held to the budget: the local
platform brotli-compresses each file on its first request, in the thread that also runs the
functions, where Netlify's CDN serves them compressed and cached.

${renderAdminBrowser(a)}
`;
}
