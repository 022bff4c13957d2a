// The build's copies of publications (workflows/build-record-cache.ts): a build reads from the
// store only the records whose index row names a version it holds no copy of, and never shows a
// copy of another version, even when the store goes back to an earlier state (a restore from a
// backup) and then moves on to different content under the same version numbers.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publications } from '../../src/server/content/collections';
import { buildRecordCache } from '../../src/server/workflows/build-record-cache';
import { forEachLimited } from '../../src/server/storage/records';
import { useAdminSite } from '../helpers/admin-site';
import { countBlobCalls } from '../helpers/blobs-counter';

const t = useAdminSite();
const content = () => getStore({ name: 'content', consistency: 'strong' });

let cacheDir = '';
const before = process.env.ASTRO_CACHE_DIR;
beforeAll(async () => {
  cacheDir = await mkdtemp(path.join(tmpdir(), 'record-cache-'));
  process.env.ASTRO_CACHE_DIR = cacheDir;
});
afterAll(async () => {
  if (before === undefined) delete process.env.ASTRO_CACHE_DIR;
  else process.env.ASTRO_CACHE_DIR = before;
  await rm(cacheDir, { recursive: true, force: true });
});

/** A build's read of every publication: the titles it shows by id, and the records it read. */
async function buildRead() {
  const counter = await countBlobCalls();
  try {
    const { result, calls } = await counter.during(() =>
      publications.list({ cache: buildRecordCache('publications') }),
    );
    return {
      titles: new Map(result.map((p) => [p.id, p.title])),
      recordReads: calls.filter((c) => c.startsWith('GET') && c.includes('publications-records/')),
    };
  } finally {
    await counter.close();
  }
}

/** Every publication key as stored, to put back later as a restore from a backup would. */
async function snapshot(): Promise<Map<string, ArrayBuffer>> {
  const { blobs } = await content().list({ prefix: 'publications' });
  const out = new Map<string, ArrayBuffer>();
  await forEachLimited(blobs, 16, async (b) => {
    out.set(b.key, (await content().get(b.key, { type: 'arrayBuffer' }))!);
  });
  return out;
}
async function restore(saved: Map<string, ArrayBuffer>): Promise<void> {
  const { blobs } = await content().list({ prefix: 'publications' });
  await forEachLimited(blobs, 16, async (b) => {
    if (!saved.has(b.key)) await content().delete(b.key);
  });
  await forEachLimited([...saved], 16, ([key, value]) => content().set(key, value));
}

const create = async (title: string) => {
  const res = await t.admin.post('/api/publications', { title, description: 'A report' });
  expect(res.status, res.text).toBe(201);
  return (res.json as { id: string }).id;
};
const retitle = async (id: string, title: string) => {
  const res = await t.admin.patch(`/api/publications/${id}`, { title });
  expect(res.status, res.text).toBe(200);
};

describe('a build reads only the publications that changed since the build before', () => {
  it('reads every record once, then only what a save changed, and drops what was deleted', async () => {
    const ids = [await create('Cache one'), await create('Cache two'), await create('Cache three')];
    const total = (await publications.rows()).length;

    const first = await buildRead();
    expect(first.recordReads).toHaveLength(total);
    expect(first.titles.get(ids[0]!)).toBe('Cache one');

    const again = await buildRead();
    expect(again.recordReads).toEqual([]);
    expect(again.titles).toEqual(first.titles);

    await retitle(ids[1]!, 'Cache two, revised');
    const afterSave = await buildRead();
    expect(afterSave.recordReads).toHaveLength(1);
    expect(afterSave.recordReads[0]).toContain(ids[1]!);
    expect(afterSave.titles.get(ids[1]!)).toBe('Cache two, revised');

    expect((await t.admin.delete(`/api/publications/${ids[2]}`)).status).toBe(200);
    const afterDelete = await buildRead();
    expect(afterDelete.recordReads).toEqual([]);
    expect(afterDelete.titles.has(ids[2]!)).toBe(false);
    expect(afterDelete.titles.size).toBe(total - 1);
  });

  it('never shows a copy of other content saved under the same version, after a restore', async () => {
    const id = await create('Before the restore');
    const backup = await snapshot();
    await retitle(id, 'Saved, then lost to the restore');
    expect((await buildRead()).titles.get(id)).toBe('Saved, then lost to the restore');

    // The store goes back to the backup, and a new save makes the same version number again.
    await restore(backup);
    await retitle(id, 'Saved after the restore');
    const read = await buildRead();
    expect(read.titles.get(id)).toBe('Saved after the restore');
    expect(read.recordReads).toHaveLength(1);
  });
});
