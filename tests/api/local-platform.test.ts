import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSite, type TestSite } from '../helpers/platform';
import { FUNCTIONS_SRC, inSourceConfig } from '../../scripts/bundle-functions';

// The local platform must be no kinder than Netlify.
let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.close());

const withContext = (context: string, name: string) => {
  const { apiURL, siteID, token } = JSON.parse(Buffer.from(context, 'base64').toString());
  return getStore({ name, apiURL, siteID, token });
};

describe('the Blobs context a build gets (through its plugins)', () => {
  it('reads the site-wide stores but may not write or delete in them', async () => {
    await getStore({ name: 'content' }).setJSON('probe', { hello: 'build' });
    const store = withContext(site.platform.buildBlobs.contextFor('deploy-1'), 'content');
    expect(await store.get('probe', { type: 'json' })).toEqual({ hello: 'build' });
    const refusedBefore = site.platform.buildBlobs.refusedWrites;
    await expect(store.setJSON('probe', { hello: 'overwritten' })).rejects.toThrow(/403/);
    await expect(store.delete('probe')).rejects.toThrow(/403/);
    expect(site.platform.buildBlobs.refusedWrites).toBe(refusedBefore + 2);
    expect(await getStore({ name: 'content' }).get('probe', { type: 'json' })).toEqual({
      hello: 'build',
    });
  });

  it('is refused with any other token', async () => {
    const context = JSON.parse(
      Buffer.from(site.platform.buildBlobs.contextFor('deploy-1'), 'base64').toString(),
    );
    const store = getStore({
      name: 'content',
      apiURL: context.apiURL,
      siteID: context.siteID,
      token: 'guessed',
    });
    await expect(store.get('probe')).rejects.toThrow(/401/);
  });

  it("a build's content reading never attempts a write, even on a store of the first testimonial layout", async () => {
    // First layout: one `<createdAt>_<id>` key per testimonial and no published list yet, which a
    // function builds and saves on first read. A build must answer from the scan without saving.
    const createdAt = '2024-05-01T10:00:00.000Z';
    const old = {
      id: 'old-1',
      name: 'Early Supporter',
      position: '',
      company: '',
      rating: 5,
      content: 'Kept from the first layout.',
      image: '',
      linkedin: '',
      approved: true,
      featured: false,
      order: 0,
      createdAt,
      updatedAt: createdAt,
    };
    await getStore({ name: 'testimonials' }).setJSON(`${createdAt}_old-1`, old);
    const saved = process.env.NETLIFY_BLOBS_CONTEXT;
    process.env.NETLIFY_BLOBS_CONTEXT = site.platform.buildBlobs.contextFor('deploy-2');
    const refusedBefore = site.platform.buildBlobs.refusedWrites;
    try {
      const { loadApprovedTestimonials } = await import('../../src/server/workflows/page-data');
      expect((await loadApprovedTestimonials()).map((t) => t.name)).toEqual(['Early Supporter']);
    } finally {
      process.env.NETLIFY_BLOBS_CONTEXT = saved;
    }
    expect(site.platform.buildBlobs.refusedWrites).toBe(refusedBefore);
    expect(await getStore({ name: 'system' }).get('testimonials-published')).toBeNull();
  });

  it('the build command itself gets none: only what the plugins hand it', () => {
    expect(site.platform.builder.env.NETLIFY_BLOBS_CONTEXT).toBeUndefined();
  });
});

describe("the functions' config", () => {
  // Netlify routes and schedules each function by the config the build packages beside its bundle,
  // read from the source as literals (scripts/bundle-functions.ts); the local platform routes by the
  // config the module exports. Both must be the same.
  it('Netlify is given is the one each function exports', async () => {
    const dir = path.resolve(FUNCTIONS_SRC);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(40);
    for (const file of files) {
      const exported = ((await import(path.join(dir, file))) as { config?: object }).config ?? {};
      expect(inSourceConfig(await readFile(path.join(dir, file), 'utf8'), file), file).toEqual(
        exported,
      );
    }
  });
});

describe('the build hook', () => {
  it('starts builds only at its unguessable URL', async () => {
    const before = site.platform.hookCalls;
    expect(
      (await fetch(`${site.url}/.netlify/local/build_hooks/guessed`, { method: 'POST' })).status,
    ).toBe(404);
    expect((await fetch(`${site.url}/.netlify/local/build-hook`, { method: 'POST' })).status).toBe(
      404,
    );
    expect(
      (await fetch(`${site.url}/.netlify/local/build_hooks/`, { method: 'POST' })).status,
    ).toBe(404);
    expect(site.platform.hookCalls).toBe(before);
    const hook = process.env.BUILD_HOOK_URL!;
    expect(hook).toMatch(/\/build_hooks\/[0-9a-f]{24}$/);
    expect((await fetch(hook, { method: 'POST' })).status).toBe(200);
    expect(site.platform.hookCalls).toBe(before + 1);
  });
});

describe('the local Blobs store', () => {
  // Site-wide stores are named site:<name> on disk.
  const folder = (store: string) =>
    path.join(site.dataDir, 'blobs', 'entries', 'local-site', `site:${store}`);

  it('writes through a temp file and a rename: nothing but the records is left in the folder', async () => {
    const store = getStore({ name: 'history' });
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.setJSON(`k${i % 4}`, { i })));
    expect((await readdir(folder('history'))).sort()).toEqual(['k0', 'k1', 'k2', 'k3']);
  });

  it('keeps temp files (as a write killed midway leaves) out of the entries: lists and reads still work', async () => {
    await getStore({ name: 'content' }).setJSON('stat:probe', { kept: true });
    // The empty temp file a kill -9 can leave, in the folder temp files are written to.
    await mkdir(path.join(site.dataDir, 'blobs', 'partial-writes'), { recursive: true });
    await writeFile(path.join(site.dataDir, 'blobs', 'partial-writes', '0a1b2c3d4e5f.tmp'), '');
    const { blobs } = await getStore({ name: 'content' }).list();
    expect(blobs.map((b) => b.key)).toContain('stat:probe');
    expect(blobs.some((b) => b.key.endsWith('.tmp'))).toBe(false);
    const res = await fetch(`${site.url}/api/stats`);
    expect(res.status).toBe(200);
  });

  it('writes (with the ETag of what it wrote) after its folders were removed from the disk', async () => {
    const store = getStore({ name: 'content', consistency: 'strong' });
    await store.setJSON('vanishing/probe', { n: 1 });
    // The whole store, the temp folder included, as clearing the data folder by hand leaves it.
    await rm(path.join(site.dataDir, 'blobs'), { recursive: true, force: true });
    const { modified, etag } = await store.setJSON('vanishing/probe', { n: 2 });
    expect(modified).toBe(true);
    const read = await store.getWithMetadata('vanishing/probe', { type: 'json' });
    expect(read).toMatchObject({ data: { n: 2 }, etag });
    // The ETag names what was written: a write guarded by it lands, one guarded by another does not.
    expect(
      (await store.setJSON('vanishing/probe', { n: 3 }, { onlyIfMatch: '"stale"' })).modified,
    ).toBe(false);
    expect(
      (await store.setJSON('vanishing/probe', { n: 3 }, { onlyIfMatch: etag! })).modified,
    ).toBe(true);
  });

  it('lists every key a client can write, one starting with a dot included', async () => {
    await getStore({ name: 'users' }).setJSON('.hidden', { probe: true });
    expect((await getStore({ name: 'users' }).list()).blobs.map((b) => b.key)).toContain('.hidden');
    expect(await getStore({ name: 'users' }).get('.hidden', { type: 'json' })).toEqual({
      probe: true,
    });
  });
});
