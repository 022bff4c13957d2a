import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startPlatform, type Platform } from '../../scripts/platform';
import { ROOT } from './rehearsal';

// `npm start` must build wherever DATA_DIR points. A data folder whose path merely begins with
// the checkout's path (<dir>/site and <dir>/site-data) once made every build fail: Astro's
// "is the output inside the project?" check is a string prefix, so it wrote its pre-render
// bundle into DATA_DIR, where react cannot be resolved. start.test.ts runs `npm start` over such
// a folder (the same build of the demo content); this file builds with one elsewhere.
let platform: Platform | null = null;
let dataDir = '';
afterEach(async () => {
  await platform?.close();
  platform = null;
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * Puts the publications back as versions before one key per record stored them: one document,
 * { items }. The first build after an upgrade may meet that before any function has moved it.
 */
async function storePublicationsTheOldWay(): Promise<{ slug: string; title: string }> {
  const { getStore } = await import('@netlify/blobs');
  const { publications } = await import('../../src/server/content/collections');
  const content = getStore({ name: 'content', consistency: 'strong' });
  const items = await publications.list();
  for (const { key } of (await content.list({ prefix: 'publications' })).blobs)
    await content.delete(key);
  await content.setJSON('publications', { items });
  return items.find((i) => i.status === 'published')!;
}

async function buildAndServe(dir: string, opts: { oldPublications?: boolean } = {}) {
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
  const old = opts.oldPublications ? await storePublicationsTheOldWay() : null;
  await platform.build();
  expect(platform.builder.failures, log.join('\n')).toBe(0);
  const res = await fetch(`${platform.url}/`);
  expect(res.status).toBe(200);
  const { DEMO } = await import('../../src/server/content/demo-content');
  expect(await res.text()).toContain(DEMO.settings.contactLocation);
  expect(platform.buildBlobs.refusedWrites).toBe(0);
  if (old) {
    // Built from the old document without moving it (the build may not write): the first
    // function call that reads the collection moves it.
    const page = await fetch(`${platform.url}/publications/${old.slug}`);
    expect(await page.text()).toContain(old.title);
  }
}

describe('local builds with DATA_DIR outside the checkout', () => {
  it('elsewhere (<dir>/other), with publications stored as one document, as before', async () => {
    await buildAndServe(await mkdtemp(path.join(os.tmpdir(), 'site-data-')), {
      oldPublications: true,
    });
  }, 180_000);
});
