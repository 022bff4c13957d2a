import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startPlatform, type Platform } from '../../scripts/platform';
import { ROOT } from './rehearsal';

// `npm start` must build wherever DATA_DIR points. A data folder whose path merely begins with
// the checkout's path (<dir>/site and <dir>/site-data) once made every build fail: Astro's
// "is the output inside the project?" check is a string prefix, so it wrote its pre-render
// bundle into DATA_DIR, where react cannot be resolved.
let platform: Platform | null = null;
let dataDir = '';
afterEach(async () => {
  await platform?.close();
  platform = null;
  await rm(dataDir, { recursive: true, force: true });
});

async function buildAndServe(dir: string) {
  dataDir = dir;
  const log: string[] = [];
  platform = await startPlatform({
    projectRoot: ROOT,
    dataDir,
    pages: true,
    log: (l) => log.push(l),
  });
  const { seedDemoContent } = await import('../../src/server/workflows/seed');
  await seedDemoContent();
  await platform.build();
  expect(platform.builder.failures, log.join('\n')).toBe(0);
  const res = await fetch(`${platform.url}/`);
  expect(res.status).toBe(200);
  const { DEMO } = await import('../../src/server/content/demo-content');
  expect(await res.text()).toContain(DEMO.settings.contactLocation);
  expect(platform.buildBlobs.refusedWrites).toBe(0);
}

describe('local builds with DATA_DIR outside the checkout', () => {
  it('beside it, with a name that starts with the checkout’s (<dir>/site and <dir>/site-data)', async () => {
    await buildAndServe(await mkdtemp(`${ROOT}-data-`));
  }, 180_000);

  it('elsewhere (<dir>/other)', async () => {
    await buildAndServe(await mkdtemp(path.join(os.tmpdir(), 'site-data-')));
  }, 180_000);
});
