// npm run bench:newsletter: sends one issue to 50,000 subscribers (BENCH_NEWSLETTER_SUBSCRIBERS)
// through a real SMTP server on loopback (smtp-server, which counts and discards what it gets),
// on a fresh local platform, with the sender exactly as the background function runs it, in a
// process of its own (newsletter-sender-process.ts). Measures messages a second, the total time
// (fixing the audience included) and the sender's memory as the send goes: resident size, and the
// heap it keeps (in use after a full collection); flat means the same at 10% as at 100%.
// Writes the "Newsletter send" section of bench/RESULTS.md. Checks that every subscriber got
// exactly one message.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { SMTPServer } from 'smtp-server';
import { startPlatform } from '../platform';
import { PROJECT_ROOT, scratchDir } from '../local-env';
import { writeResultsSection } from './results-file';

const COUNT = Number(process.env.BENCH_NEWSLETTER_SUBSCRIBERS ?? 50_000);
const RATE = Number(process.env.BENCH_NEWSLETTER_RATE ?? 1000);

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
const { subscriptionId } = await import('../../src/server/visitors/newsletter');
const { writeMarker } = await import('../../src/server/visitors/newsletter-index');
const { setNewsletterSettings } =
  await import('../../src/server/workflows/newsletter/sending-settings');
const { changeIssue, createIssue, getIssue } =
  await import('../../src/server/workflows/newsletter/issues');

console.log(`seeding ${COUNT} subscribers…`);
const store = getStore({ name: 'newsletter', consistency: 'strong' });
const seedStarted = Date.now();
let next = 0;
await Promise.all(
  Array.from({ length: 16 }, async () => {
    while (next < COUNT) {
      const email = `reader-${next++}@bench.example`;
      const now = new Date().toISOString();
      const record = {
        id: subscriptionId(email),
        email,
        createdAt: now,
        confirmedAt: now,
        status: 'confirmed',
        unsubscribeSecret: randomBytes(32).toString('base64url'),
      };
      await writeMarker(record);
      await store.setJSON(record.id, record);
    }
  }),
);
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
const code = await new Promise<number | null>((resolve) => sender.once('exit', resolve));
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
| sent / failed / skipped | ${done.counts.sent} / ${done.counts.failed} / ${done.counts.skipped} |
| every subscriber exactly one message | ${exactlyOnce ? 'yes' : 'NO'} |
| the sender's peak kept heap / resident memory | ${figures.peakHeapMb} MB / ${figures.peakRssMb} MB |

The sender's memory as the send went (its own process; heap in use after a full collection):

| sent | heap MB | resident MB |
| --- | --- | --- |
${table}
`,
);

await platform.close();
await new Promise<void>((resolve) => smtp.close(() => resolve()));
await rm(dataDir, { recursive: true, force: true });
process.exit(exactlyOnce ? 0 : 1);
