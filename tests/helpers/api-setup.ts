import { afterEach } from 'vitest';
import { restoreClock } from './clock';

// Runs in every API test file (vitest.config.ts setupFiles): a file's worker process may run other
// files before and after it, so the real clock comes back after each test here, not in a hook a
// helper module registers once, on its first import.
afterEach(restoreClock);
