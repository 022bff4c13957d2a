// The sender of `npm run bench:newsletter`, in a process of its own so that its memory is its own
// (the bench's process runs the Blobs server and the SMTP server). Runs the background function's
// work until the issue is sent, printing its memory as JSON lines: resident size, and the heap
// in use right after a full collection (what the sender keeps, not what it has yet to collect).
import { runSends } from '../../src/server/workflows/newsletter/sender';
import { getIssue } from '../../src/server/workflows/newsletter/issues';

const issueId = process.argv[2]!;
const gc = (globalThis as { gc?: () => void }).gc;
const report = () => {
  gc?.();
  const m = process.memoryUsage();
  process.stdout.write(`${JSON.stringify({ heap: m.heapUsed, rss: m.rss })}\n`);
};
const sampler = setInterval(report, 1000);
let runs = 0;
while ((await getIssue(issueId)).status !== 'sent' && runs < 20) {
  await runSends();
  runs++;
}
clearInterval(sampler);
report();
process.stdout.write(`${JSON.stringify({ runs })}\n`);
