import type { Store } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertPatchedBlobsVersion,
  LIST_PAGE_SIZE,
  PATCHED_FOR,
} from '../../scripts/platform/blobs-server';
import { startLocalStore } from '../helpers/local-store';

// The local Blobs server lists as Netlify's API does: in key order, a page of 1,000 at a time with
// a cursor, so code that lists is charged the same number of round trips here as there.
let store: Store;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ store, close } = await startLocalStore('list'));
  // Keys where directory order and key order differ ("a/…" sorts after "a-…" and "a.…").
  const keys = [
    ...Array.from({ length: 2_300 }, (_, i) => `m/${String(i).padStart(5, '0')}`),
    'a-1',
    'a/1',
    'a.1',
    'a/b/c',
    'z',
  ];
  for (let i = 0; i < keys.length; i += 100)
    await Promise.all(keys.slice(i, i + 100).map((k) => store.set(k, k)));
});
afterAll(() => close());

describe('the local Blobs server lists like Netlify', () => {
  it('pages a listing 1,000 blobs at a time, in key order, with nothing lost or repeated', async () => {
    const pages: string[][] = [];
    for await (const page of store.list({ paginate: true }))
      pages.push(page.blobs.map((b) => b.key));
    expect(pages.map((p) => p.length)).toEqual([LIST_PAGE_SIZE, LIST_PAGE_SIZE, 305]);
    const all = pages.flat();
    expect(all).toEqual([...all].sort());
    expect(new Set(all).size).toBe(2_305);
    expect(all.slice(0, 4)).toEqual(['a-1', 'a.1', 'a/1', 'a/b/c']);
  });

  it('collects every page for a plain list() and honours a prefix', async () => {
    expect((await store.list()).blobs).toHaveLength(2_305);
    const { blobs } = await store.list({ prefix: 'm/000' });
    expect(blobs.map((b) => b.key)).toEqual(
      Array.from({ length: 100 }, (_, i) => `m/${String(i).padStart(5, '0')}`),
    );
  });

  it('lists directories without descending into them', async () => {
    const { blobs, directories } = await store.list({ directories: true });
    expect(directories.sort()).toEqual(['a', 'm']);
    expect(blobs.map((b) => b.key).sort()).toEqual(['a-1', 'a.1', 'z']);
  });

  it('gives listed blobs the ETag a read gives, and a matching conditional read no body', async () => {
    const [listed] = (await store.list({ prefix: 'z' })).blobs;
    const read = await store.getWithMetadata('z');
    expect(listed?.etag).toBe(read?.etag);
    const again = await store.getWithMetadata('z', { etag: read!.etag });
    expect(again).toMatchObject({ data: null, etag: read!.etag });
    await store.set('z', 'changed');
    expect((await store.getWithMetadata('z', { etag: read!.etag }))?.data).toBe('changed');
  });
});

describe('the local Blobs server patches', () => {
  it('refuse to run over another @netlify/blobs than the one they were written for, saying what to check', () => {
    expect(() => assertPatchedBlobsVersion(PATCHED_FOR)).not.toThrow();
    expect(() => assertPatchedBlobsVersion('99.0.0')).toThrow(
      /patches the local Blobs server of @netlify\/blobs .*but @netlify\/blobs 99\.0\.0 is installed/,
    );
  });
});
