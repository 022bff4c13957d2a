// npm run bench:newsletter: sends one issue to 50,000 subscribers (BENCH_NEWSLETTER_SUBSCRIBERS)
// through a real SMTP server on loopback (smtp-server, which counts and discards what it gets),
// on a fresh local platform, with the sender exactly as the background function runs it, in a
// process of its own (newsletter-sender-process.ts). Measures messages a second, the total time
// (fixing the audience included) and the sender's memory as the send goes: resident size, and the
// heap it keeps (in use after a full collection); flat means the same at 10% as at 100%. While the
// send runs, a signed-in admin reads the admin lists round after round (the Newsletter page polls
// its list and the issue), each held to the scale budget (p50 ≤ 200 ms). Then the newsletter's
// functions are packaged as Netlify ships them and their cold starts timed (budget 150 ms).
// Writes the "Newsletter send" section of bench/RESULTS.md. Exits non-zero unless every
// subscriber got exactly one message and every budget holds.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { SMTPServer } from 'smtp-server';
import { startPlatform } from '../platform';
import { PROJECT_ROOT, scratchDir } from '../local-env';
import {
  COLD_START_BUDGET_MS,
  coldStartTable,
  measureColdStarts,
  packageFunctions,
} from './cold-start';
import { writeResultsSection } from './results-file';

const COUNT = Number(process.env.BENCH_NEWSLETTER_SUBSCRIBERS ?? 50_000);
const RATE = Number(process.env.BENCH_NEWSLETTER_RATE ?? 1000);
/** The scale bench's budget for admin list pages, held while the send runs. */
const ADMIN_LIST_P50_MS = 200;

// A real SMTP server: each message is read to its end and counted by recipient.
const received = new Map<string, number>();
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      for (const r of session.envelope.rcptTo)
        received.set(r.address, (received.get(r.address) ?? 0) + 1);
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const dataDir = await scratchDir('bench-newsletter-');
const platform = await startPlatform({
  projectRoot: PROJECT_ROOT,
  dataDir,
  pages: false,
  schedules: false,
  log: () => {},
});
// Mail goes to the SMTP server, as it would to a provider.
process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
process.env.EMAIL_FROM = 'newsletter@bench.example';

const { getStore } = await import('@netlify/blobs');
const { createUser } = await import('../../src/server/auth/users');
const { subscriptionId } = await import('../../src/server/visitors/newsletter');
const { addToSnapshot, writeMarker } = await import('../../src/server/visitors/newsletter-index');
const { newsletterSubscriptionSchema } = await import('../../src/schemas/newsletter-subscription');
const { CURRENT_CONSENT } = await import('../../src/schemas/newsletter-consent');
const { setNewsletterSettings } =
  await import('../../src/server/workflows/newsletter/sending-settings');
const { changeIssue, createIssue, getIssue } =
  await import('../../src/server/workflows/newsletter/issues');

console.log(`seeding ${COUNT} subscribers…`);
const store = getStore({ name: 'newsletter', consistency: 'strong' });
const seedStarted = Date.now();
let next = 0;
// Kept by the bench (not the sender) for the subscriber index's snapshot, as the scale bench seeds it:
// the admin's subscriber list then reads one snapshot, not 50,000 markers of a single day.
const seeded: ReturnType<typeof newsletterSubscriptionSchema.parse>[] = [];
await Promise.all(
  Array.from({ length: 16 }, async () => {
    while (next < COUNT) {
      const n = next++;
      const email = `reader-${n}@bench.example`;
      // Signed up over the last two years, as the scale bench's list (and a real one): the
      // subscriber index then lists a few new markers per read, not every one seeded just now.
      const at = new Date(seedStarted - ((n * 7919) % (730 * 24)) * 3_600_000 - n).toISOString();
      const record = newsletterSubscriptionSchema.parse({
        id: subscriptionId(email),
        email,
        createdAt: at,
        confirmedAt: at,
        status: 'confirmed',
        form: 'import',
        source: '/',
        consent: CURRENT_CONSENT,
        unsubscribeSecret: randomBytes(32).toString('base64url'),
      });
      await writeMarker(record);
      await store.setJSON(record.id, record);
      seeded.push(record);
    }
  }),
);
await addToSnapshot(seeded);
seeded.length = 0;
await createUser({ username: 'bench-admin', password: 'bench-password-123', isAdmin: true });
console.log(`seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

const bench = { id: 'bench', username: 'bench' } as Parameters<typeof setNewsletterSettings>[0];
await setNewsletterSettings(bench, { newsletterRatePerSecond: RATE });
const issue = await createIssue('bench', {
  subject: 'Bench issue',
  intro: 'A paragraph of **Markdown**, as an issue has, with [a link](/research).',
  items: [],
  topics: [],
});
await changeIssue(issue.id, (i) => ({
  ...i,
  status: 'sending',
  startedAt: new Date().toISOString(),
}));

console.log(`sending to ${COUNT} at up to ${RATE}/s…`);
const started = Date.now();
let firstMessageAt = 0;
const firstWatch = setInterval(() => {
  if (!firstMessageAt && received.size > 0) firstMessageAt = Date.now();
}, 50);
// The sender's memory, reported by it each second, noted at each tenth of the way.
const MB = 1024 * 1024;
let peakHeap = 0;
let peakRss = 0;
let runs = 0;
const byTenth: { done: number; heapMb: number; rssMb: number }[] = [];
const sender = spawn(
  process.execPath,
  ['--expose-gc', '--import', 'tsx', 'scripts/bench/newsletter-sender-process.ts', issue.id],
  { cwd: PROJECT_ROOT, env: process.env, stdio: ['ignore', 'pipe', 'inherit'] },
);
createInterface({ input: sender.stdout! }).on('line', (line) => {
  const m = JSON.parse(line) as { heap?: number; rss?: number; runs?: number };
  if (m.runs !== undefined) runs = m.runs;
  if (m.heap === undefined || m.rss === undefined) return;
  peakHeap = Math.max(peakHeap, m.heap);
  peakRss = Math.max(peakRss, m.rss);
  const tenth = Math.min(10, Math.floor((received.size / COUNT) * 10));
  while (byTenth.length < tenth)
    byTenth.push({ done: (byTenth.length + 1) * 10, heapMb: m.heap / MB, rssMb: m.rss / MB });
});
const exited = new Promise<number | null>((resolve) => sender.once('exit', resolve));

// Meanwhile an admin reads the admin lists, round after round (about one a second, as the
// Newsletter page polls), each request alone so its time is its own.
const login = await fetch(`${platform.url}/api/auth/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'bench-admin', password: 'bench-password-123' }),
});
if (!login.ok) throw new Error(`the bench admin could not sign in: ${login.status}`);
const cookie = (login.headers.getSetCookie()[0] ?? '').split(';')[0]!;
const ADMIN_LISTS = [
  '/api/admin/newsletter-issues?page=1&pageSize=20',
  `/api/admin/newsletter-issues/${issue.id}`,
  '/api/admin/subscriptions?page=1&pageSize=20',
  `/api/admin/subscriptions?page=${Math.max(1, Math.floor(COUNT / 40))}&pageSize=20`,
  '/api/admin/contact-forms?page=1&pageSize=20',
  '/api/admin/history?page=1&pageSize=20',
  '/api/publications/all?page=1&pageSize=20',
];
const adminTimes = new Map<string, number[]>(ADMIN_LISTS.map((p) => [p, []]));
const adminErrors: string[] = [];
let sending = true;
const admin = (async () => {
  while (sending) {
    for (const p of ADMIN_LISTS) {
      const start = performance.now();
      const res = await fetch(platform.url + p, { headers: { cookie } });
      await res.arrayBuffer();
      const ms = performance.now() - start;
      // Only while the send runs: a request that ended after it does not count.
      if (!sending) break;
      if (!res.ok) adminErrors.push(`${p}: ${res.status}`);
      else adminTimes.get(p)!.push(ms);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
})();

const code = await exited;
sending = false;
await admin;
if (code !== 0) throw new Error(`the sender process ended with ${code}`);
const totalMs = Date.now() - started;
clearInterval(firstWatch);
const done = await getIssue(issue.id);
const copies = [...received.values()];
const exactlyOnce = received.size === COUNT && copies.every((n) => n === 1);
const sendMs = totalMs - (firstMessageAt ? firstMessageAt - started : 0);
const figures = {
  subscribers: COUNT,
  rateLimit: RATE,
  runs,
  totalS: totalMs / 1000,
  audienceS: firstMessageAt ? (firstMessageAt - started) / 1000 : null,
  messagesPerSecond: Math.round((received.size / sendMs) * 1000),
  peakHeapMb: Math.round(peakHeap / MB),
  peakRssMb: Math.round(peakRss / MB),
  counts: done.counts,
  exactlyOnce,
};
console.log(figures);

const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
const adminRows = ADMIN_LISTS.map((p) => {
  const ms = adminTimes.get(p)!.sort((a, b) => a - b);
  return { path: p, n: ms.length, p50: quantile(ms, 0.5), p95: quantile(ms, 0.95), max: ms.at(-1) };
});
const slowAdmin = adminRows.filter((r) => !(r.p50 <= ADMIN_LIST_P50_MS));
for (const r of adminRows)
  console.log(`  ${r.path}: ${r.n} reads, p50 ${r.p50.toFixed(0)} ms, p95 ${r.p95.toFixed(0)} ms`);

// The newsletter's functions as Netlify ships them: each imported in fresh Node processes.
console.log('cold starts of the newsletter functions…');
const coldDir = await scratchDir('bench-newsletter-cold-');
const packaged = await packageFunctions(PROJECT_ROOT, coldDir);
// auth-me, a small function, is timed in the same rounds: on a loaded machine every import is
// slower, and it shows by how much.
const REFERENCE = 'auth-me';
const cold = await measureColdStarts(
  new Map([...packaged].filter(([name]) => name.includes('newsletter') || name === REFERENCE)),
);
await rm(coldDir, { recursive: true, force: true });
console.log(coldStartTable(cold));
const slowCold = cold.filter((c) => c.name !== REFERENCE && c.medianMs > COLD_START_BUDGET_MS);

const table = byTenth
  .map((r) => `| ${r.done}% | ${r.heapMb.toFixed(0)} | ${r.rssMb.toFixed(0)} |`)
  .join('\n');
await writeResultsSection(
  'newsletter',
  `
## Newsletter send

Measured by \`npm run bench:newsletter\` on ${new Date().toISOString()} (${availableParallelism()} cores,
shared, load average ${loadavg()[0]!.toFixed(1)} at the end; local platform, Blobs on files; a real SMTP server on loopback, 8 pooled connections).
One issue to ${COUNT.toLocaleString('en')} confirmed subscribers, rate limit ${RATE}/s, 8 messages in flight.

| figure | value |
| --- | --- |
| total time (audience fixed, then every message) | ${figures.totalS.toFixed(1)} s |
| fixing the audience (${Math.ceil(COUNT / 500)} batches of 500) | ${figures.audienceS?.toFixed(1) ?? '?'} s |
| messages a second while sending | ${figures.messagesPerSecond} |
| background runs | ${runs} |
| sent / failed / unknown / skipped | ${done.counts.sent} / ${done.counts.failed} / ${done.counts.unknown} / ${done.counts.skipped} |
| every subscriber exactly one message | ${exactlyOnce ? 'yes' : 'NO'} |
| the sender's peak kept heap / resident memory | ${figures.peakHeapMb} MB / ${figures.peakRssMb} MB |

The sender's memory as the send went (its own process; heap in use after a full collection):

| sent | heap MB | resident MB |
| --- | --- | --- |
${table}

The admin lists while the send ran: a signed-in admin read each in turn, one request at a time,
a round about every second from the sender's start to its end (budget p50 ≤ ${ADMIN_LIST_P50_MS} ms, as in the scale bench;
the subscriber pages read the list of ${COUNT.toLocaleString('en')} being sent to). ${
    adminErrors.length
      ? `Errors: ${adminErrors.slice(0, 5).join('; ')}.`
      : 'Every read answered 200.'
  } ${slowAdmin.length ? `**Over budget**: ${slowAdmin.map((r) => r.path).join(', ')}.` : 'All within budget.'}

| admin list | reads | p50 ms | p95 ms | max ms |
| --- | --- | --- | --- | --- |
${adminRows.map((r) => `| \`GET ${r.path.replace(issue.id, ':id')}\` | ${r.n} | ${r.p50.toFixed(0)} | ${r.p95.toFixed(0)} | ${r.max?.toFixed(0) ?? ''} |`).join('\n')}

The newsletter's functions packaged as Netlify ships them (\`npm run build:functions\`, then
@netlify/zip-it-and-ship-it), each imported with its handler in a fresh Node process 7 times, measured right
after the send (budget ${COLD_START_BUDGET_MS} ms median; ${slowCold.length ? `**over**: ${slowCold.map((c) => c.name).join(', ')}` : 'all within'}), with ${REFERENCE}, a small function, timed in
the same rounds for comparison (load average ${loadavg()[0]!.toFixed(1)} as they ended):

${coldStartTable(cold)}
`,
);

await platform.close();
await new Promise<void>((resolve) => smtp.close(() => resolve()));
await rm(dataDir, { recursive: true, force: true });
const ok = exactlyOnce && adminErrors.length === 0 && slowAdmin.length === 0 && !slowCold.length;
process.exit(ok ? 0 : 1);
