// A newsletter sender in a process of its own, for the kill test: run with the site's Blobs
// context, URL and outbox in its environment, it works on every issue in 'sending' as the
// background function does, until the test kills it (SIGKILL: no cleanup of any kind).
import { SEND_TUNING, runSends } from '../../src/server/workflows/newsletter/sender';

// A short lease, so the run that resumes after the kill need not wait minutes for it.
SEND_TUNING.leaseMs = Number(process.env.SEND_WORKER_LEASE_MS ?? 1000);
await runSends();
