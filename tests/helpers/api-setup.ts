import { afterAll, afterEach } from 'vitest';
import { restoreClock } from './clock';

// Runs at the start of every API test file (vitest.config.ts setupFiles). Files share their
// worker's process one after another, so what a file changes in the process must not reach the
// next one: hooks a helper module registers would run only for the first file that imports it.

// The real clock comes back after each test.
afterEach(restoreClock);

// The environment comes back as it was when the file started: files set a mail server, a post
// limit or a Blobs context for themselves, and the functions read them from this process.
const envAtStart = { ...process.env };
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in envAtStart)) delete process.env[name];
  Object.assign(process.env, envAtStart);
});
