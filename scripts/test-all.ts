// npm test: unit and API tests (Vitest), then browser tests (Playwright on Debian's Chromium).
// Ends with one line "N passed, N failed" totalling every suite; exits non-zero on any failure.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from './local-env';

const bin = (name: string) => path.join(PROJECT_ROOT, 'node_modules', '.bin', name);
const run = (cmd: string, argv: string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<number>((resolve) => {
    const child = spawn(cmd, argv, { cwd: PROJECT_ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('close', (code) => resolve(code ?? 1));
  });
const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8').catch(() => '{}'));

const out = await mkdtemp(path.join(tmpdir(), 'test-results-'));
let passed = 0;
let failed = 0;
let exit = 0;

// Unit + API (Vitest projects).
const vitestJson = path.join(out, 'vitest.json');
const vitestCode = await run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const v = await readJson(vitestJson);
passed += v.numPassedTests ?? 0;
failed += (v.numFailedTests ?? 0) + (vitestCode !== 0 && !v.numFailedTests ? 1 : 0);
if (vitestCode !== 0) exit = 1;

// Browser (Playwright).
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`\nBrowser tests need Chromium at ${chromium}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  failed += 1;
  exit = 1;
} else {
  const pwJson = path.join(out, 'playwright.json');
  const pwCode = await run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
  const p = await readJson(pwJson);
  passed += (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0);
  failed += (p.stats?.unexpected ?? 0) + (pwCode !== 0 && !p.stats?.unexpected ? 1 : 0);
  if (pwCode !== 0) exit = 1;
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(exit || (failed > 0 ? 1 : 0));
