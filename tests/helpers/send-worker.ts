// A newsletter sender in a process of its own, for the kill test: run with the site's Blobs
// context, URL and outbox in its environment, it works on every issue in 'sending' as the
// background function does, and is killed (SIGKILL: no cleanup of any kind) once
// SEND_WORKER_KILL_AFTER copies have appeared in the outbox.
import { mkdirSync, watch } from 'node:fs';
import { SEND_TUNING, runSends } from '../../src/server/workflows/newsletter/sender';

// A short lease, so the run that resumes after the kill need not wait minutes for it.
SEND_TUNING.leaseMs = Number(process.env.SEND_WORKER_LEASE_MS ?? 1000);

// The kill is counted in copies, not timed: it lands after that many have left, whatever the
// machine's speed, while the other messages in flight are wherever they are (being composed,
// claimed, written to the outbox, recorded). A copy whose file was just created may be cut short.
const killAfter = Number(process.env.SEND_WORKER_KILL_AFTER);
const outbox = process.env.MAIL_OUTBOX_DIR!;
mkdirSync(outbox, { recursive: true });
const seen = new Set<string>();
const watcher = watch(outbox, (_event, file) => {
  if (!file?.endsWith('.eml')) return;
  seen.add(file);
  if (seen.size >= killAfter) process.kill(process.pid, 'SIGKILL');
});
await runSends();
// Every copy left before the count was reached: the process ends by itself, and the test, which
// expects a kill, says so.
watcher.close();
