import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Per cent of src/ and netlify/functions the unit and API tests reach (see coverage below), and of
 * the server and the schemas on their own: those two are reached almost whole, and an overall
 * figure would let them slip while the rest grows.
 */
const THRESHOLDS = {
  lines: 58,
  statements: 57,
  functions: 54,
  branches: 46,
  'src/server/**': { lines: 86, statements: 85, functions: 85, branches: 76 },
  'src/schemas/**': { lines: 98, statements: 98, functions: 99, branches: 89 },
};

export default defineConfig({
  test: {
    // Sign-ins check passwords at bcrypt cost 4 instead of 12 (src/server/auth/users.ts): the same code
    // path, without cost-12 hashing for each of hundreds of sign-ins.
    env: { TEST_BCRYPT_COST: '4' },
    // One test file per core. Vitest's default leaves one core free (for an editor in watch mode),
    // which on a two-core machine ran every file one after another.
    maxWorkers: availableParallelism(),
    // `npm test` runs the unit and API projects with --coverage: the functions run in the test's
    // own process (the local platform imports them), so API tests count towards src/server and
    // netlify/functions. The thresholds sit just under the figures the suite reached when they
    // were set, so coverage cannot drop unnoticed; raise them as tests are added.
    // Istanbul counts only in the files it reports (it instruments them as Vite loads them); V8's
    // coverage counts in every function the process runs, the HTTP client and server, zod and
    // the Blobs client included, which the API tests spend most of their time in. So Istanbul
    // costs less CPU for the same figures (measured in docs/testing.md).
    coverage: {
      provider: 'istanbul',
      include: ['src/**/*.{ts,tsx}', 'netlify/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/**/*.d.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
      thresholds: THRESHOLDS,
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
          environment: 'node',
          // Files share their worker's process, one after another, as the API files do: a fresh
          // process for each file started Node and loaded Vitest and the instrumented modules again,
          // which cost more than the tests themselves. Tests that stub globals or timers put them
          // back after each test.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Each file runs the real platform (functions + Blobs on a temp folder) in a worker
          // process. Files share their worker's process, one after another: each starts and closes
          // a site of its own, and the platform puts back the environment it set. The functions and
          // their packages then load once per worker instead of once per file (docs/testing.md).
          pool: 'forks',
          isolate: false,
          // The functions keep their invocation in an AsyncLocalStorage (src/server/http/invocation.ts),
          // which on Node 22 switches on a hook for every promise the process makes from then on.
          // With this flag (Node 24's default) it rides on V8's context frames instead, with the
          // same behaviour and less CPU. (The browser tests' workers run the platform too, but gain
          // nothing from it there: Chromium's share is far larger. Figures in docs/testing.md.)
          execArgv: ['--experimental-async-context-frame'],
          setupFiles: ['tests/helpers/api-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'deploy',
          include: ['tests/deploy/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 200_000,
          hookTimeout: 200_000,
        },
      },
    ],
  },
});
