// npm run bench:newsletter: sends one issue to 50,000 subscribers (BENCH_NEWSLETTER_SUBSCRIBERS)
// through a real SMTP server on loopback (smtp-server, which counts and discards what it gets),
// on a fresh local platform, with the sender exactly as the background function runs it. Measures
// messages a second, the total time (fixing the audience included) and the process's peak heap
// and resident memory, sampled as the send goes: flat means the peak at 100% is the peak at 10%.
// Writes the "Newsletter send" section of bench/RESULTS.md. Checks that every subscriber got
// exactly one message.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { rm } from 'node:fs/promises';
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
  await import('../../src/server/newsletter-issues/sending-settings');
const { changeIssue, createIssue, getIssue } =
  await import('../../src/server/newsletter-issues/issues');
const { runSends } = await import('../../src/server/newsletter-issues/sender');

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

// Memory, sampled while the send runs; the peaks are noted at each tenth of the way.
const MB = 1024 * 1024;
let peakHeap = 0;
let peakRss = 0;
const byTenth: { done: number; heapMb: number; rssMb: number }[] = [];
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakRss = Math.max(peakRss, m.rss);
  const sent = received.size;
  const tenth = Math.floor((sent / COUNT) * 10);
  if (tenth > byTenth.length && tenth <= 10)
    byTenth.push({ done: tenth * 10, heapMb: peakHeap / MB, rssMb: peakRss / MB });
}, 250);

console.log(`sending to ${COUNT} at up to ${RATE}/s…`);
const started = Date.now();
let runs = 0;
let firstMessageAt = 0;
const firstWatch = setInterval(() => {
  if (!firstMessageAt && received.size > 0) firstMessageAt = Date.now();
}, 50);
while ((await getIssue(issue.id)).status !== 'sent' && runs < 20) {
  await runSends();
  runs++;
}
const totalMs = Date.now() - started;
clearInterval(sampler);
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
shared; local platform, Blobs on files; a real SMTP server on loopback, one connection a message).
One issue to ${COUNT.toLocaleString('en')} confirmed subscribers, rate limit ${RATE}/s, 8 messages in flight.

| figure | value |
| --- | --- |
| total time (audience fixed, then every message) | ${figures.totalS.toFixed(1)} s |
| fixing the audience (${Math.ceil(COUNT / 500)} batches of 500) | ${figures.audienceS?.toFixed(1) ?? '?'} s |
| messages a second while sending | ${figures.messagesPerSecond} |
| background runs | ${runs} |
| sent / failed / skipped | ${done.counts.sent} / ${done.counts.failed} / ${done.counts.skipped} |
| every subscriber exactly one message | ${exactlyOnce ? 'yes' : 'NO'} |
| peak heap / resident memory of the process | ${figures.peakHeapMb} MB / ${figures.peakRssMb} MB |

Peak memory as the send went (MB; the process also runs the Blobs server and the SMTP server):

| sent | peak heap | peak RSS |
| --- | --- | --- |
${table}
`,
);

await platform.close();
await new Promise<void>((resolve) => smtp.close(() => resolve()));
await rm(dataDir, { recursive: true, force: true });
process.exit(exactlyOnce ? 0 : 1);
