// Publications and events kept one key per record with an index of rows: the layout, its
// migration from the single document, paging on the server, moves, and that nothing acknowledged
// is lost under concurrency or a kill -9 between a record and its row.
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { publications } from '../../src/server/content/collections';
import { z } from 'zod';
import { keyBetween, keysInOrder } from '../../src/lib/order-key';
import { orderedIndex } from '../../src/server/storage/ordered-index';
import { shardOf } from '../../src/server/content/slug-claims';
import { forgetParsedCopies, openStore, STORES } from '../../src/server/storage/store';
import { publicationSchema } from '../../src/schemas/publication';
import { forEachLimited } from '../../src/server/storage/records';
import releaseScheduled from '../../netlify/functions/release-scheduled';
import { useAdminSite } from '../helpers/admin-site';
import { countBlobCalls } from '../helpers/blobs-counter';
import { killWriterAfter, writerLog } from '../helpers/kill-writer';
import { allNamedParts, namedParts, storedRows } from '../helpers/stored-index';

const t = useAdminSite();
const content = () => getStore({ name: 'content', consistency: 'strong' });

interface StoredRow {
  id: string;
  slug: string;
  previousSlugs?: string[];
  title: string;
  orderKey: string;
  rev: number;
  status: string;
}
interface StoredHead {
  rows?: StoredRow[];
  chunks?: { id: string; first: string; count: number; tally?: Record<string, number> }[];
}
const head = async () =>
  (await content().get('publications-index', { type: 'json' })) as StoredHead | null;
/** The index rows in order, as stored. */
const index = () => storedRows<StoredRow>('publications');
const record = async (id: string) =>
  (await content().get(`publications-records/${id}`, { type: 'json' })) as {
    rev: number;
    deleted?: boolean;
    item?: { title: string; body: string };
  } | null;

/** Removes every publication key, so a test starts from a store of its own making. */
async function clearPublications() {
  const { blobs } = await content().list({ prefix: 'publications' });
  await forEachLimited(blobs, 32, (b) => content().delete(b.key));
}

const create = async (fields: Record<string, unknown>) => {
  const res = await t.admin.post('/api/publications', { description: 'A report', ...fields });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; title: string; slug: string };
};

/**
 * Writes `count` publications straight into the store, after the ones there (records in
 * parallel, then one index write): thousands in seconds, as no test could afford over HTTP. The
 * index is written in the earlier layout, one document of every row, which the next write of the
 * collection splits into chunks.
 */
async function seedAfter(count: number, prefix: string) {
  const rows = await index();
  let last = rows.at(-1)?.orderKey ?? null;
  const now = '2025-01-01T00:00:00.000Z';
  const items = Array.from({ length: count }, (_, n) =>
    publicationSchema.parse({
      id: `${prefix}-${String(n).padStart(5, '0')}`,
      title: `${prefix} report ${n}`,
      slug: `${prefix}-report-${n}`,
      description: 'Bulk.',
      body: 'A long body. '.repeat(200),
      createdAt: now,
      updatedAt: now,
    }),
  );
  await forEachLimited(items, 64, (item) =>
    content().setJSON(`publications-records/${item.id}`, { rev: 1, item }),
  );
  const added = items.map((item) => {
    last = keyBetween(last, null);
    return publications.rowOf(item, last, 1);
  });
  await content().setJSON('publications-index', { rows: [...rows, ...added] });
  // Written past the slug claims: they are made again from the rows, as for a store from before them.
  const { blobs } = await content().list({ prefix: 'publications-slugs/' });
  await forEachLimited(blobs, 32, (b) => content().delete(b.key));
}

describe('the keyed layout', () => {
  it('keeps each publication under its own key and a small index of rows without bodies', async () => {
    await clearPublications();
    const body = 'Findings. '.repeat(3000);
    const a = await create({ title: 'Layout One', body });
    const b = await create({ title: 'Layout Two', body });
    expect((await record(a.id))?.item?.body).toBe(body);
    expect((await record(b.id))?.item?.title).toBe('Layout Two');
    const rows = await index();
    // Newest first; no body, no description in a row; a row is a few hundred bytes.
    expect(rows.map((r) => r.id)).toEqual([b.id, a.id]);
    const raw = JSON.stringify(rows);
    expect(raw).not.toContain('Findings.');
    expect(raw).not.toContain('A report');
    expect(raw.length / rows.length).toBeLessThan(700);
    expect(await content().get('publications')).toBeNull();
    // One item is one read.
    const counter = await countBlobCalls();
    try {
      const { result, calls } = await counter.during(() => t.anon.get(`/api/publications/${a.id}`));
      expect(result.json.body).toBe(body);
      expect(calls, calls.join('\n')).toHaveLength(1);
    } finally {
      await counter.close();
    }
  });

  it('moves a single-document store to the layout on first use, once, even when many calls race', async () => {
    await clearPublications();
    const at = '2024-05-01T00:00:00.000Z';
    const items = Array.from({ length: 30 }, (_, n) => ({
      id: `legacy-${n}`,
      title: `Legacy ${n}`,
      description: 'Stored the old way.',
      body: `Body ${n}`,
      order: n,
      createdAt: at,
      updatedAt: at,
    }));
    await content().setJSON('publications', { items });
    // A migration that died half-way left a few records behind already.
    for (const item of items.slice(0, 5))
      await content().setJSON(`publications-records/${item.id}`, {
        rev: 1,
        item: publicationSchema.parse(item),
      });
    // The build, which may only read, reads the single document as it is and writes nothing.
    expect((await publications.list()).map((p) => p.id)).toEqual(items.map((i) => i.id));
    expect(await content().get('publications-index')).toBeNull();
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => t.admin.get('/api/publications/all?pageSize=100')),
      t.anon.get('/api/publications'),
      t.admin.patch('/api/publications/legacy-3', { title: 'Legacy three, renamed' }),
      publications.rows(),
    ]);
    for (const res of answers.slice(0, 6) as { status: number; text: string }[])
      expect(res.status, res.text).toBe(200);
    const rows = await index();
    expect(rows.map((r) => r.id)).toEqual(items.map((i) => i.id));
    expect(rows.find((r) => r.id === 'legacy-3')?.title).toBe('Legacy three, renamed');
    expect((await record('legacy-3'))?.item?.title).toBe('Legacy three, renamed');
    expect((await record('legacy-29'))?.item?.body).toBe('Body 29');
    expect(await content().get('publications')).toBeNull();
    // Slugs are stored, from the titles they had then.
    expect((await t.anon.get('/api/publications/legacy-7')).json.slug).toBe('legacy-7');
    // Done once: reading again changes nothing.
    const { etag } = (await content().getMetadata('publications-index'))!;
    await publications.rows();
    await t.admin.get('/api/publications/all');
    expect((await content().getMetadata('publications-index'))!.etag).toBe(etag);
    expect((await publications.list()).map((p) => p.id)).toEqual(rows.map((r) => r.id));
  });
});

describe('admin lists page, search and filter on the server', () => {
  it('answers one page of rows with the total, by search, status and topic', async () => {
    await clearPublications();
    const area = (
      await t.admin.post('/api/research-areas', { title: 'Paging Area', description: 'D' })
    ).json.id as string;
    for (let n = 0; n < 7; n++)
      await create({
        title: `Paged ${n % 2 ? 'Odd' : 'Even'} ${n}`,
        status: n === 6 ? 'draft' : 'published',
        topics: n < 3 ? [area] : [],
      });
    const page = async (q: string) => (await t.admin.get(`/api/publications/all?${q}`)).json;
    const first = await page('page=1&pageSize=3');
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(first.items.map((i: { title: string }) => i.title)).toEqual([
      'Paged Even 6',
      'Paged Odd 5',
      'Paged Even 4',
    ]);
    expect(first.items[0]).not.toHaveProperty('body');
    expect(first.items[0]).not.toHaveProperty('description');
    expect((await page('page=3&pageSize=3')).items).toHaveLength(1);
    expect((await page('q=odd')).total).toBe(3);
    expect((await page('status=draft')).items.map((i: { title: string }) => i.title)).toEqual([
      'Paged Even 6',
    ]);
    expect((await page(`topic=${area}`)).total).toBe(3);
    expect((await page('q=even&topic=' + area)).total).toBe(2);
    const bad = await t.admin.get('/api/publications/all?pageSize=1000');
    expect(bad.status).toBe(400);
    expect((await t.admin.get('/api/publications/all?status=gone')).status).toBe(400);
    // The public list: summaries of what visitors may see, never drafts or bodies.
    const shown = await t.anon.get('/api/publications?pageSize=2&page=1');
    expect(shown.json.map((i: { title: string }) => i.title)).toEqual([
      'Paged Odd 5',
      'Paged Even 4',
    ]);
    expect(shown.headers.get('x-total-count')).toBe('6');
  });
});

describe('moving one item', () => {
  it('rewrites only its row, answers only it, and a restore puts it back', async () => {
    await clearPublications();
    const made = [];
    for (let n = 0; n < 5; n++) made.push(await create({ title: `Move ${n}` }));
    const ids = () => index().then((rows) => rows.map((r) => r.id));
    // Newest first: Move 4 … Move 0.
    const [m4, m3, m2, m1, m0] = made
      .slice()
      .reverse()
      .map((m) => m.id);
    const before = await index();
    const res = await t.admin.put('/api/publications/order', { id: m0, position: 'top' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ id: m0, title: 'Move 0', order: 0 });
    expect(res.json).not.toHaveProperty('orderKey');
    const after = await index();
    expect(after.map((r) => r.id)).toEqual([m0, m4, m3, m2, m1]);
    // Nobody else renumbered: every other row is byte for byte what it was.
    for (const row of before.filter((r) => r.id !== m0))
      expect(after.find((r) => r.id === row.id)).toEqual(row);
    expect((await t.admin.put('/api/publications/order', { id: m4, after: m2 })).json.order).toBe(
      3,
    );
    expect(await ids()).toEqual([m0, m3, m2, m4, m1]);
    await t.admin.put('/api/publications/order', { id: m1, before: m3 });
    expect(await ids()).toEqual([m0, m1, m3, m2, m4]);
    expect((await t.admin.put('/api/publications/order', { id: m1, before: m1 })).status).toBe(400);
    expect((await t.admin.put('/api/publications/order', { id: 'nope', after: m1 })).status).toBe(
      404,
    );
    expect((await t.admin.put('/api/publications/order', { id: m1, after: 'nope' })).status).toBe(
      404,
    );
    expect(
      (await t.viewer.put('/api/publications/order', { id: m1, position: 'top' })).status,
    ).toBe(200);
    // The history entry of the last move restores the place it came from.
    const history = await t.admin.get('/api/admin/history?limit=20');
    expect(history.status, history.text).toBe(200);
    const entry = history.json.find(
      (e: { action: string; target: string }) =>
        e.action === 'reorder' && e.target === `publications/${m1}`,
    );
    expect(entry.before).toEqual({ id: m1, after: m0 });
    const restored = await t.admin.post(`/api/admin/history/${entry.id}/restore`);
    expect(restored.status, restored.text).toBeLessThan(300);
    expect((await ids())[1]).toBe(m1);
    // The item it followed deleted since: the move cannot be put back, and the answer says why.
    expect((await t.admin.delete(`/api/publications/${m0}`)).status).toBe(200);
    const refused = await t.admin.post(`/api/admin/history/${entry.id}/restore`);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.json.message).toMatch(/item it followed has been deleted/);
    // Small collections keep the whole-list form, and take moves too.
    const stats = [];
    for (let n = 0; n < 3; n++)
      stats.push((await t.admin.post('/api/stats', { value: `${n}`, label: `S${n}` })).json.id);
    const moved = await t.admin.put('/api/stats/order', { id: stats[2], position: 'top' });
    expect(moved.status, moved.text).toBe(200);
    expect((await t.anon.get('/api/stats')).json[0].id).toBe(stats[2]);
  });
});

describe('what a request answers does not grow with the library', () => {
  it('answers the same bytes over 100 and over 5,000 publications, but for the totals', async () => {
    await clearPublications();
    // The seeded index is one document of every row: a save of the last row splits it into chunks.
    const splitBySave = async () => {
      const last = (await index()).at(-1)!.id;
      const res = await t.admin.patch(`/api/publications/${last}`, { description: 'Saved.' });
      expect(res.status, res.text).toBe(200);
      expect((await head())?.rows).toBeUndefined();
    };
    await seedAfter(100, 'first');
    await splitBySave();
    const first = (await index())[0]!.id;
    const requests: [string, () => Promise<{ text: string; status: number }>][] = [
      ['public list', () => t.anon.get('/api/publications')],
      ['public page 2', () => t.anon.get('/api/publications?page=2&pageSize=20')],
      ['one item', () => t.anon.get(`/api/publications/${first}`)],
      ['admin page', () => t.admin.get('/api/publications/all?page=1&pageSize=20')],
      ['admin search', () => t.admin.get('/api/publications/all?q=report+1&pageSize=5')],
      ['admin item', () => t.admin.get(`/api/publications/all/${first}`)],
      // To the top where it is already: the order shown stays the same for the second run.
      ['move', () => t.admin.put('/api/publications/order', { id: first, position: 'top' })],
    ];
    const normal = (text: string) =>
      text.replace(/"total":\d+/g, '"total":N').replace(/"updatedAt":"[^"]+"/g, '"updatedAt":T');
    const run = async () => {
      const out: Record<string, { text: string; calls: number; bytes: number }> = {};
      const counter = await countBlobCalls();
      try {
        for (const [name, send] of requests) {
          const { result, count } = await counter.during(send);
          expect(result.status, `${name}: ${result.text}`).toBe(200);
          out[name] = { text: normal(result.text), calls: count, bytes: result.text.length };
        }
      } finally {
        await counter.close();
      }
      return out;
    };
    /**
     * A title change and a page of the public list, each from a new function instance (nothing
     * parsed): their Blobs calls. A warm save of the same record first brings the store's one-time
     * steps behind it (slug claims made from the rows, the record told where its row is).
     */
    let retitles = 0;
    const coldRuns = async () => {
      const { id, title } = (await index())[1]!;
      const retitle = () =>
        t.admin.patch(`/api/publications/${id}`, { title: `Cold title ${retitles++}` });
      expect((await retitle()).status).toBe(200);
      const counter = await countBlobCalls();
      try {
        forgetParsedCopies();
        const save = await counter.during(retitle);
        expect(save.result.status, save.result.text).toBe(200);
        forgetParsedCopies();
        const page = await counter.during(() => t.anon.get('/api/publications?page=2&pageSize=20'));
        expect(page.result.status, page.result.text).toBe(200);
        expect(page.result.json).toHaveLength(20);
        return { save: save.calls, page: page.calls };
      } finally {
        await counter.close();
        // Its own title back (and so its slug), for the comparison of answers below.
        await t.admin.patch(`/api/publications/${id}`, { title });
      }
    };
    // Once before measuring: the first move makes a history entry that later moves join.
    await run();
    const small = await run();
    const coldSmall = await coldRuns();
    await seedAfter(4_900, 'more');
    await splitBySave();
    expect(await index()).toHaveLength(5_000);
    expect((await namedParts('publications-index')).chunks.length).toBeGreaterThan(20);
    const large = await run();
    const coldLarge = await coldRuns();
    // A cold save claims its new slug in one shard and reads the one chunk its row is in (and the
    // group naming it); a cold page of the public list reads the index head, the group and the
    // chunk the page is in: at 100 publications as at 5,000.
    const shape = (calls: string[]) => calls.map((c) => c.replace(/\/[^/]*$/, '/…'));
    expect(shape(coldLarge.save), coldLarge.save.join('\n')).toEqual(shape(coldSmall.save));
    expect(shape(coldLarge.page), coldLarge.page.join('\n')).toEqual(shape(coldSmall.page));
    expect(
      coldLarge.page.filter((c) => c.includes('publications-index')).length,
    ).toBeLessThanOrEqual(3);
    const partReads = (calls: string[]) =>
      calls.filter((c) => c.startsWith('GET') && c.includes('-index-chunks/'));
    expect(partReads(coldLarge.save), coldLarge.save.join('\n')).toHaveLength(2);
    expect(partReads(coldLarge.page), coldLarge.page.join('\n')).toHaveLength(2);
    for (const [name] of requests) {
      expect(large[name]!.text, name).toBe(small[name]!.text);
      expect(large[name]!.calls, name).toBe(small[name]!.calls);
    }
    // The public list stays far under Netlify's 6 MB at any size: one page of summaries.
    expect(large['public list']!.bytes).toBeLessThan(100_000);
    // The dashboard, the release tracker and the every-minute release check read the index and
    // never a record, at 5,000 publications as at five; and, as a new function instance starts
    // knowing nothing, no chunk of the index either (no row is scheduled or lacks alt text).
    forgetParsedCopies();
    const counter = await countBlobCalls();
    try {
      for (const work of [
        (): Promise<{ status: number }> => t.admin.get('/api/admin/summary'),
        () => t.admin.get('/api/admin/releases'),
        () =>
          releaseScheduled(new Request('http://localhost/.netlify/functions/release-scheduled')),
      ]) {
        const { calls, result } = await counter.during(work);
        expect(result.status).toBe(200);
        expect(
          calls.filter((c) => c.includes('-records/') || c.includes('-index-chunks/')),
          calls.join('\n'),
        ).toEqual([]);
      }
      // A title change and a move write one record, a chunk or two and the head: far from the
      // whole index (about 2 MB here).
      const { result: saved, bytesWritten: saveBytes } = await counter.during(() =>
        t.admin.patch(`/api/publications/${first}`, { title: 'first report 0, retitled' }),
      );
      expect(saved.status, saved.text).toBe(200);
      expect(saveBytes).toBeLessThan(64 * 1024);
      const { result: moved, bytesWritten: moveBytes } = await counter.during(() =>
        t.admin.put('/api/publications/order', { id: first, before: 'more-02500' }),
      );
      expect(moved.status, moved.text).toBe(200);
      expect(moveBytes).toBeLessThan(128 * 1024);
      expect((await index()).findIndex((r) => r.id === first)).toBe(100 + 2500 - 1);
    } finally {
      await counter.close();
    }
  }, 120_000);
});

/** A seeded generator, so a failing run can be replayed with FUZZ_SEED. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('nothing acknowledged is lost', () => {
  it('simultaneous creates, edits, deletes and moves all land, index and records agreeing (property)', async () => {
    await clearPublications();
    const next = random(Number(process.env.FUZZ_SEED ?? 39));
    const model = new Map<string, string>();
    for (let n = 0; n < 8; n++) {
      const made = await create({ title: `Start ${n}` });
      model.set(made.id, made.title);
    }
    for (let round = 0; round < 6; round++) {
      const ids = [...model.keys()];
      const pick = () => ids[Math.floor(next() * ids.length)]!;
      const deleted = new Set<string>();
      const edited = new Set<string>();
      const ops: Promise<void>[] = [];
      for (let n = 0; n < 12; n++) {
        const roll = next();
        const id = pick();
        if (roll < 0.3) {
          const title = `Made ${round}-${n}`;
          ops.push(
            create({ title }).then((made) => {
              model.set(made.id, title);
            }),
          );
        } else if (roll < 0.7 && !deleted.has(id) && !edited.has(id)) {
          edited.add(id);
          const title = `Edit ${round}-${n}`;
          ops.push(
            t.admin.patch(`/api/publications/${id}`, { title }).then((res) => {
              expect(res.status, res.text).toBe(200);
              model.set(id, title);
            }),
          );
        } else if (roll < 0.85 && !deleted.has(id) && !edited.has(id) && ids.length > 4) {
          deleted.add(id);
          ops.push(
            t.admin.delete(`/api/publications/${id}`).then((res) => {
              expect(res.status, res.text).toBe(200);
              model.delete(id);
            }),
          );
        } else if (!deleted.has(id)) {
          const other = pick();
          if (other !== id && !deleted.has(other))
            ops.push(
              t.admin.put('/api/publications/order', { id, after: other }).then((res) => {
                // The other may be deleted by this same round: then it is not there to follow.
                expect([200, 404], res.text).toContain(res.status);
              }),
            );
        }
      }
      await Promise.all(ops);
      const rows = await index();
      expect(new Set(rows.map((r) => r.id))).toEqual(new Set(model.keys()));
      const keys = rows.map((r) => r.orderKey);
      expect(new Set(keys).size).toBe(keys.length);
      // Every chunk a change replaced, or wrote in a try that lost the race, is gone.
      const named = (await allNamedParts('publications-index')).sort();
      const { blobs } = await content().list({ prefix: 'publications-index-chunks/' });
      expect(blobs.map((b) => b.key.slice('publications-index-chunks/'.length)).sort()).toEqual(
        named,
      );
      expect(keys.slice().sort()).toEqual(keys);
      for (const row of rows) {
        const stored = await record(row.id);
        expect(stored?.item?.title).toBe(model.get(row.id));
        expect(row.title).toBe(model.get(row.id));
        expect(row.rev).toBe(stored?.rev);
      }
    }
  }, 120_000);

  it('gives simultaneous creates of one title different slugs, and takes over a claim no record took once abandoned', async () => {
    await clearPublications();
    const made = await Promise.all(
      Array.from({ length: 6 }, () => create({ title: 'Same Title' })),
    );
    expect(made.map((m) => m.slug).sort()).toEqual([
      'same-title',
      'same-title-2',
      'same-title-3',
      'same-title-4',
      'same-title-5',
      'same-title-6',
    ]);
    const rows = await index();
    for (const m of made) {
      expect(rows.find((r) => r.id === m.id)).toMatchObject({ slug: m.slug });
      expect((await record(m.id))?.item).toMatchObject({ slug: m.slug });
    }
    // A save that claimed a slug and died before its record said so: while it might still be
    // writing, the slug is its; once abandoned, the next record asking takes it over.
    const key = `publications-slugs/${shardOf('crashed-title')}`;
    const claim = async (at: number) => {
      const shard = (await content().get(key, { type: 'json' })) as {
        slugs: Record<string, { id: string; at: number }>;
      };
      shard.slugs['crashed-title'] = { id: 'died-mid-save', at };
      await content().setJSON(key, shard);
    };
    await claim(Date.now());
    expect((await create({ title: 'Crashed Title' })).slug).toBe('crashed-title-2');
    await claim(Date.now() - 3_600_000);
    const taken = await create({ title: 'Crashed Title' });
    expect(taken.slug).toBe('crashed-title');
    // A deleted record's slugs go the same way: held while young, then free.
    expect((await t.admin.delete(`/api/publications/${taken.id}`)).status).toBe(200);
    expect((await create({ title: 'Crashed Title' })).slug).toBe('crashed-title-3');
    const shard = (await content().get(key, { type: 'json' })) as {
      slugs: Record<string, { id: string; at: number }>;
    };
    shard.slugs['crashed-title']!.at = Date.now() - 3_600_000;
    await content().setJSON(key, shard);
    expect((await create({ title: 'Crashed Title' })).slug).toBe('crashed-title');
    // A rename keeps its earlier slug (for its redirect): nobody else can take it.
    const renamed = await t.admin.patch(`/api/publications/${made[0]!.id}`, { title: 'Renamed' });
    expect(renamed.json).toMatchObject({ slug: 'renamed', previousSlugs: [made[0]!.slug] });
    expect((await create({ title: made[0]!.title })).slug).toBe('same-title-7');
  });

  it('a writer killed (SIGKILL) between a record and its row loses no acknowledged save, and the index heals', async () => {
    await clearPublications();
    const ids: string[] = [];
    for (let n = 0; n < 6; n++) ids.push((await create({ title: `Killed ${n}` })).id);
    const { lines, acked } = await killWriterAfter('publications', ids, 40);
    expect(acked).toBeGreaterThanOrEqual(40);
    const { lastAck, allowed, created } = writerLog(lines);
    for (const id of lastAck.keys()) {
      const stored = (await record(id))?.item?.title;
      expect(allowed(id), id).toContain(stored);
    }
    const rows = await index();
    for (const id of created) expect(rows.map((r) => r.id)).toContain(id);
    // The build reads the records themselves: it shows every landed save.
    const built = new Map((await publications.list()).map((p) => [p.id, p.title]));
    for (const id of ids) expect(built.get(id)).toBe((await record(id))?.item?.title);
    // Chunks the killed writer wrote but no head names (it died between them and the head) are
    // swept once no change in flight could still name them; the named ones all stay.
    await publications.sweepIndex(Date.now() + 3_600_000);
    const { blobs } = await content().list({ prefix: 'publications-index-chunks/' });
    expect(blobs.map((b) => b.key.slice('publications-index-chunks/'.length)).sort()).toEqual(
      (await allNamedParts('publications-index')).sort(),
    );
    // A row left a version behind is rewritten when an editor opens the record, or by the next
    // save of it.
    for (const [n, id] of ids.entries()) {
      const res =
        n % 2
          ? await t.admin.get(`/api/publications/all/${id}`)
          : await t.admin.patch(`/api/publications/${id}`, { description: 'Healed' });
      expect(res.status, res.text).toBe(200);
    }
    for (const row of await index()) {
      const stored = await record(row.id);
      expect(row.rev).toBe(stored?.rev);
      expect(row.title).toBe(stored?.item?.title);
    }
    // However the writer died, no two records share a slug, current or earlier.
    const slugs = (await index()).flatMap((r) => [r.slug, ...(r.previousSlugs ?? [])]);
    expect(new Set(slugs).size).toBe(slugs.length);
  }, 120_000);
});

describe('the index in chunks', () => {
  interface TestRow {
    id: string;
    orderKey: string;
    status: string;
    /** When it stops counting as open; null: never. */
    until: number | null;
    pad: string;
  }
  const testRow = z.object({
    id: z.string(),
    orderKey: z.string(),
    status: z.string(),
    until: z.number().nullable(),
    pad: z.string(),
  }) as z.ZodType<TestRow, TestRow>;
  let made = 0;
  /** An index of its own under a fresh key, rows of about 1 KB. */
  const fresh = () => {
    const key = `test-index-${++made}`;
    const idx = orderedIndex<TestRow>({
      what: 'test',
      store: () => openStore(STORES.content),
      key,
      row: testRow,
      tally: (r) => [r.status],
      openUntil: (r) => r.until ?? NaN,
    });
    /** The chunks the head names, in order. */
    const named = async () => (await namedParts(key)).chunks;
    /** Every chunk and group the head names. */
    const everything = async () => (await allNamedParts(key)).sort();
    const stored = async () =>
      (await content().list({ prefix: `${key}-chunks/` })).blobs
        .map((b) => b.key.slice(`${key}-chunks/`.length))
        .sort();
    return { key, idx, named, everything, stored };
  };
  const row = (
    n: number,
    orderKey: string,
    status = 'published',
    until: number | null = 0,
  ): TestRow => ({
    id: `r${n}`,
    orderKey,
    status,
    until,
    pad: 'x'.repeat(1000),
  });
  const ids = async (idx: ReturnType<typeof fresh>['idx']) =>
    ((await idx.all()) ?? []).map((r) => r.id);

  it('splits a chunk that grows too big, joins one that shrinks, and writes only what changed', async () => {
    const { key, idx, named, everything, stored } = fresh();
    const keys = keysInOrder(120);
    const counter = await countBlobCalls();
    try {
      for (let n = 0; n < 120; n++) {
        const { bytesWritten } = await counter.during(() =>
          idx.change(() => ({ put: [row(n, keys[n]!)] })),
        );
        // One chunk of at most 40 KB and the head, however many rows there are.
        expect(bytesWritten).toBeLessThan(48 * 1024);
      }
    } finally {
      await counter.close();
    }
    expect(await ids(idx)).toEqual(Array.from({ length: 120 }, (_, n) => `r${n}`));
    const chunks = await named();
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    // Every chunk a change replaced is gone: the store holds exactly the chunks the head names.
    expect(await stored()).toEqual(await everything());
    const sizes = await Promise.all(
      chunks.map(
        async (id) =>
          JSON.stringify(await content().get(`${key}-chunks/${id}`, { type: 'json' })).length,
      ),
    );
    expect(Math.max(...sizes)).toBeLessThanOrEqual(40 * 1024 + 2048);

    // A move to the top changes the first chunk and the one it left, no other.
    const before = await named();
    await idx.change((all) => ({
      put: [{ ...all.find((r) => r.id === 'r119')!, orderKey: keyBetween(null, all[0]!.orderKey) }],
    }));
    expect((await ids(idx))[0]).toBe('r119');
    const after = await named();
    expect(after.filter((id) => !before.includes(id)).length).toBeLessThanOrEqual(2);
    expect(after.slice(1, -1).every((id) => before.includes(id))).toBe(true);

    // Dropping most rows joins the small chunks left into their neighbours.
    for (let n = 0; n < 110; n++) await idx.change(() => ({ drop: [`r${n}`] }));
    expect(await ids(idx)).toEqual(['r119', ...Array.from({ length: 9 }, (_, n) => `r${110 + n}`)]);
    expect((await named()).length).toBe(1);
    expect(await stored()).toEqual(await everything());
    // Pages read only the chunks they fall in and give the same rows as the whole list.
    expect((await idx.slice(2, 3))?.rows.map((r) => r.id)).toEqual(['r111', 'r112', 'r113']);
  }, 60_000);

  it('counts from the head: tallies and rows open until a time, without reading a chunk', async () => {
    const { idx } = fresh();
    const now = Date.now();
    const keys = keysInOrder(60);
    await idx.change(() => ({
      all: keys.map((k, n) =>
        row(
          n,
          k,
          n % 10 === 0 ? 'scheduled' : 'published',
          n < 20 ? now - 1000 : n < 50 ? now + 60_000 * n : null,
        ),
      ),
    }));
    expect(await idx.openAt(now)).toBe(40);
    expect(await idx.openAt(now + 60_000 * 30)).toBe(20 + 10);
    expect((await idx.counted('scheduled')).map((r) => r.id)).toEqual([
      'r0',
      'r10',
      'r20',
      'r30',
      'r40',
      'r50',
    ]);
    forgetParsedCopies();
    const counter = await countBlobCalls();
    try {
      const { count } = await counter.during(() => idx.openAt(now));
      expect(count).toBe(1);
      const { count: none } = await counter.during(() => idx.counted('draft'));
      expect(none).toBe(1);
    } finally {
      await counter.close();
    }
  });

  it('loses no change when many land at once across chunks (property)', async () => {
    const { idx, named, everything, stored } = fresh();
    const next = random(Number(process.env.FUZZ_SEED ?? 7));
    const keys = keysInOrder(150);
    await idx.change(() => ({ all: keys.map((k, n) => row(n, k)) }));
    expect((await named()).length).toBeGreaterThan(4);
    // The model: each id with the place it should end at, as a key between neighbours.
    let added = 1000;
    for (let round = 0; round < 4; round++) {
      const present = await ids(idx);
      const dropped = new Set<string>();
      const moved = new Set<string>();
      const made: string[] = [];
      const ops: Promise<void>[] = [];
      for (let n = 0; n < 16; n++) {
        const id = present[Math.floor(next() * present.length)]!;
        const roll = next();
        if (dropped.has(id) || moved.has(id)) continue;
        if (roll < 0.25) {
          dropped.add(id);
          ops.push(idx.change(() => ({ drop: [id] })));
        } else if (roll < 0.5) {
          const fresh = `r${added++}`;
          made.push(fresh);
          ops.push(
            idx.change((all) => {
              const at = Math.floor(next() * (all.length + 1));
              const key = keyBetween(all[at - 1]?.orderKey ?? null, all[at]?.orderKey ?? null);
              return { put: [row(Number(fresh.slice(1)), key)] };
            }),
          );
        } else {
          // To the top, or to the end: across every chunk between.
          moved.add(id);
          const top = roll < 0.75;
          ops.push(
            idx.change((all) => {
              const others = all.filter((r) => r.id !== id);
              const key = top
                ? keyBetween(null, others[0]!.orderKey)
                : keyBetween(others.at(-1)!.orderKey, null);
              return { put: [{ ...all.find((r) => r.id === id)!, orderKey: key }] };
            }),
          );
        }
      }
      await Promise.all(ops);
      const after = (await idx.all())!;
      const expected = new Set([...present.filter((id) => !dropped.has(id)), ...made]);
      expect(new Set(after.map((r) => r.id))).toEqual(expected);
      expect(after).toHaveLength(expected.size);
      const order = after.map((r) => r.orderKey);
      expect(order.slice().sort()).toEqual(order);
      expect(await stored()).toEqual(await everything());
    }
  }, 60_000);

  it('sweeps the chunks a change that died left unnamed, once no change in flight can name them', async () => {
    const { key, idx, everything, stored } = fresh();
    const keys = keysInOrder(40);
    await idx.change(() => ({ all: keys.map((k, n) => row(n, k)) }));
    const parts = await everything();
    // What a process killed between its chunks and its head leaves behind: chunks no head names.
    const now = Date.now();
    const orphan = (at: number) => `${at.toString(36).padStart(9, '0')}deadbeef`;
    await content().setJSON(`${key}-chunks/${orphan(now - 3_600_000)}`, { rows: [] });
    await content().setJSON(`${key}-chunks/${orphan(now)}`, { rows: [] });
    expect(await idx.sweep(now)).toBe(1);
    expect(await stored()).toEqual([...parts, orphan(now)].sort());
    // The one just written may be a change's still running: it goes once that cannot be.
    expect(await idx.sweep(now + 3_600_000)).toBe(1);
    expect(await stored()).toEqual(parts);
    expect(await ids(idx)).toHaveLength(40);
  });

  it('splits an index stored as one document on its first change, once, when changes race', async () => {
    const { key, idx, named, everything, stored } = fresh();
    const keys = keysInOrder(150);
    const rows = keys.map((k, n) => row(n, k));
    await content().setJSON(key, { rows });
    // Read as it is: no write.
    expect(await ids(idx)).toEqual(rows.map((r) => r.id));
    expect((await idx.slice(10, 2))?.rows.map((r) => r.id)).toEqual(['r10', 'r11']);
    expect((await content().get(key, { type: 'json' })) as object).toHaveProperty('rows');
    await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        idx.change((all) => ({
          put: [{ ...all.find((r) => r.id === `r${n * 20}`)!, status: 'draft' }],
        })),
      ),
    );
    const head = (await content().get(key, { type: 'json' })) as object;
    expect(head).not.toHaveProperty('rows');
    expect((await named()).length).toBeGreaterThan(3);
    // The tries that lost the race removed the chunks they wrote.
    expect(await stored()).toEqual(await everything());
    expect(await ids(idx)).toEqual(rows.map((r) => r.id));
    expect((await idx.counted('draft')).map((r) => r.id)).toEqual([
      'r0',
      'r20',
      'r40',
      'r60',
      'r80',
      'r100',
    ]);
  }, 60_000);
});
