import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { requireChromium } from './scripts/chromium';

const chromium = requireChromium('tests');

// Sign-ins check passwords at bcrypt cost 4 instead of 12 (src/server/auth/users.ts), in the platform
// each worker starts (tests/e2e/fixtures.ts).
process.env.TEST_BCRYPT_COST = '4';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // One worker per core. Each worker runs a site of its own (tests/e2e/fixtures.ts), so workers
  // share nothing; a file's tests run in order in one worker. More workers than cores only slow
  // every test down: the browser, the site's server and its rebuilds all want the CPU.
  workers: Number(process.env.E2E_WORKERS) || availableParallelism(),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PW_REPORTER ? [[process.env.PW_REPORTER]] : [['list']],
  use: {
    trace: 'off',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-quic',
        '--no-first-run',
        '--disable-sync',
        // The tests run with no network: a host other than the site's own would only wait on a
        // name lookup that cannot succeed (for as long as the machine's resolver takes to give
        // up). Such names fail at once instead; page.route still answers for any a test stands in
        // for, before any lookup.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
      ],
    },
  },
});
