// What the index of a keyed collection reads and writes whatever it holds: the public events lists
// by start date, a move of one publication, and the index head (groups of chunks), each over a
// small and a large store seeded straight into Blobs.
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keyBetween, keysInOrder } from '../../src/lib/order-key';
import { events, publications } from '../../src/server/content/collections';
import { orderedIndex } from '../../src/server/storage/ordered-index';
import { CACHE_TAGS, purgeTags } from '../../src/server/http/cdn-cache';
import { forEachLimited } from '../../src/server/storage/records';
import { forgetParsedCopies, openStore, STORES } from '../../src/server/storage/store';
import { eventSchema } from '../../src/schemas/event';
import { publicationSchema } from '../../src/schemas/publication';
import { useAdminSite } from '../helpers/admin-site';
import { countBlobCalls } from '../helpers/blobs-counter';
import { killWriterAfter, writerLog } from '../helpers/kill-writer';
import { allNamedParts, namedParts, storedRows } from '../helpers/stored-index';

const t = useAdminSite();
const content = () => getStore({ name: 'content', consistency: 'strong' });
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const stamp = '2025-01-01T00:00:00.000Z';

interface StoredRow {
  id: string;
  title: string;
  orderKey: string;
  status: string;
  startDate: string;
  endDate: string;
  featured: boolean;
}

/** Removes every key of a collection, so a test starts from a store of its own making. */
async function clear(name: string) {
  const { blobs } = await content().list({ prefix: name });
  await forEachLimited(blobs, 32, (b) => content().delete(b.key));
}

/**
 * Writes records straight into the store after the ones there (in parallel, each knowing its
 * place), then the index rows as one document, the earlier layout the next request brings up to
 * date: thousands in seconds, as no test could afford over HTTP. Slug claims are made again from
 * the rows, as for a store from before them.
 */
async function seed<I extends { id: string }>(
  name: 'events' | 'publications',
  items: I[],
  rowOf: (item: I, key: string) => object,
) {
  const rows = await storedRows<StoredRow>(name);
  let last = rows.at(-1)?.orderKey ?? null;
  const added = items.map((item) => {
    last = keyBetween(last, null);
    return { item, row: rowOf(item, last) };
  });
  await forEachLimited(added, 64, ({ item, row }) =>
    content().setJSON(`${name}-records/${item.id}`, {
      rev: 1,
      item,
      place: (row as { orderKey: string }).orderKey,
    }),
  );
  await content().setJSON(`${name}-index`, { rows: [...rows, ...added.map((a) => a.row)] });
  // What the index named before is of no use now (nothing names it), nor are the slug claims.
  for (const prefix of [`${name}-slugs/`, `${name}-index-chunks/`]) {
    const { blobs } = await content().list({ prefix });
    await forEachLimited(blobs, 32, (b) => content().delete(b.key));
  }
  // Public answers the CDN keeps from before go, as after any write of the collection.
  await purgeTags(CACHE_TAGS.collection(name));
}

const seedEvents = (count: number, prefix: string, dayOf: (n: number) => number) =>
  seed(
    'events',
    Array.from({ length: count }, (_, n) => {
      const date = day(dayOf(n));
      return eventSchema.parse({
        id: `${prefix}-${n}`,
        title: `${prefix} event ${n}`,
        slug: `${prefix}-event-${n}`,
        description: 'A workshop. '.repeat(8),
        eventType: 'Workshop',
        location: 'London',
        startDate: date,
        endDate: date,
        featured: n % 5 === 0,
        status: n % 10 === 9 ? 'draft' : 'published',
        createdAt: stamp,
        updatedAt: stamp,
      });
    }),
    (item, key) => events.rowOf(item, key, 1),
  );

const seedPublications = (count: number, prefix: string) =>
  seed(
    'publications',
    Array.from({ length: count }, (_, n) =>
      publicationSchema.parse({
        id: `${prefix}-${n}`,
        title: `${prefix} report ${n}`,
        slug: `${prefix}-report-${n}`,
        description: 'Bulk.',
        body: 'A long body. '.repeat(200),
        createdAt: stamp,
        updatedAt: stamp,
      }),
    ),
    (item, key) => publications.rowOf(item, key, 1),
  );

/** What visitors see of the events by start date (ties in the index's order), as the spec asks. */
async function eventsModel(now = Date.now()) {
  const rows = (await storedRows<StoredRow>('events')).filter((r) => r.status === 'published');
  const byDate = rows
    .map((row, n) => ({ row, n }))
    .sort((a, b) => a.row.startDate.localeCompare(b.row.startDate) || a.n - b.n)
    .map((x) => x.row);
  return {
    all: byDate,
    upcoming: byDate.filter((r) => Date.parse(r.endDate) >= now),
    featured: byDate.filter((r) => r.featured),
  };
}

/** Each request from a new function instance: its answer, Blobs calls and bytes read. */
async function coldReads(paths: string[]) {
  const counter = await countBlobCalls();
  const out: Record<string, { ids: string[]; total: string; calls: string[]; read: number }> = {};
  try {
    for (const path of paths) {
      forgetParsedCopies();
      const { result, calls, bytesRead } = await counter.during(() => t.anon.get(path));
      expect(result.status, `${path}: ${result.text}`).toBe(200);
      out[path] = {
        ids: (result.json as { id: string }[]).map((e) => e.id),
        total: result.headers.get('x-total-count') ?? '',
        calls,
        read: bytesRead,
      };
    }
  } finally {
    await counter.close();
  }
  return out;
}
const partReads = (calls: string[]) =>
  calls.filter((c) => c.startsWith('GET') && c.includes('-index-chunks/'));

describe('the public events lists', () => {
  it('answer by start date from listings beside the index, reading the page alone: at 100 events as at 2,000', async () => {
    await clear('events');
    // Created out of date order, so the index's order is not the answer's.
    await seedEvents(100, 'small', (n) => ((n * 37) % 100) - 50);
    const lists = {
      all: '/api/events?page=2&pageSize=20',
      upcoming: '/api/events/upcoming?pageSize=20',
      featured: '/api/events/featured?pageSize=5',
    };
    const paths = Object.values(lists);
    const check = async () => {
      // The first request finds the index of an earlier layout and makes its listings, once.
      expect((await t.anon.get('/api/events')).status).toBe(200);
      const head = (await content().get('events-index', { type: 'json' })) as {
        sorted?: Record<string, unknown>;
      };
      expect(Object.keys(head.sorted ?? {}).sort()).toEqual(['byDate', 'featuredByDate']);
      const model = await eventsModel();
      const reads = await coldReads(paths);
      const expected = {
        all: model.all.slice(20, 40),
        upcoming: model.upcoming.slice(0, 20),
        featured: model.featured.slice(0, 5),
      };
      for (const [name, path] of Object.entries(lists)) {
        const want = expected[name as keyof typeof expected];
        expect(reads[path]!.ids, name).toEqual(want.map((r) => r.id));
        expect(reads[path]!.total, name).toBe(String(model[name as keyof typeof model].length));
      }
      return reads;
    };
    const small = await check();
    // Dates over five years, scrambled: the listings hold dozens of chunks each.
    await seedEvents(1_900, 'large', (n) => ((n * 7919) % 1_900) - 1_300);
    const large = await check();
    expect((await namedParts('events-index', 'byDate')).chunks.length).toBeGreaterThan(20);
    const listingBytes = (await storedRows('events', 'byDate')).reduce<number>(
      (sum, row) => sum + JSON.stringify(row).length,
      0,
    );
    expect(listingBytes).toBeGreaterThan(1_000_000);
    for (const path of paths) {
      const [s, l] = [small[path]!, large[path]!];
      const why = `${path}\nsmall:\n${s.calls.join('\n')}\nlarge:\n${l.calls.join('\n')}`;
      // The head, the group and the chunks the page falls in: one chunk more at most where a page
      // of the large listing straddles two.
      expect(partReads(l.calls).length, why).toBeLessThanOrEqual(3);
      expect(Math.abs(l.calls.length - s.calls.length), why).toBeLessThanOrEqual(1);
      expect(l.read, why).toBeLessThan(s.read + 48 * 1024);
      expect(l.read, why).toBeLessThan(128 * 1024);
    }
  }, 120_000);

  it('keep a saved event in its place by date, and drop a deleted one, in the same write as its row', async () => {
    const [first] = (await eventsModel()).all;
    const res = await t.admin.patch(`/api/events/${first!.id}`, {
      startDate: day(3_000),
      endDate: day(3_000),
      title: 'Moved far ahead',
    });
    expect(res.status, res.text).toBe(200);
    const model = await eventsModel();
    expect(model.all.at(-1)!.id).toBe(first!.id);
    const total = model.all.length;
    const last = await t.anon.get(`/api/events?page=${Math.ceil(total / 100)}`);
    expect((last.json as { title: string }[]).at(-1)!.title).toBe('Moved far ahead');
    expect(last.headers.get('x-total-count')).toBe(String(total));
    expect((await t.admin.delete(`/api/events/${first!.id}`)).status).toBe(200);
    const after = await t.anon.get(`/api/events?page=${Math.ceil(total / 100)}`);
    expect((after.json as { id: string }[]).map((e) => e.id)).not.toContain(first!.id);
    expect(after.headers.get('x-total-count')).toBe(String(total - 1));
    // Every listing names the same rows as the index, each in its own order.
    const rows = await storedRows<StoredRow>('events');
    const byDate = await storedRows<StoredRow>('events', 'byDate');
    expect(byDate.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect((await storedRows<StoredRow>('events', 'featuredByDate')).map((r) => r.id)).toEqual(
      byDate.filter((r) => r.featured).map((r) => r.id),
    );
    // Nothing left over: the store holds exactly the chunks and groups the head names.
    const { blobs } = await content().list({ prefix: 'events-index-chunks/' });
    expect(blobs.map((b) => b.key.slice('events-index-chunks/'.length)).sort()).toEqual(
      (await allNamedParts('events-index')).sort(),
    );
  }, 60_000);
});

describe('the listings by date under concurrency', () => {
  it('agree with the index after simultaneous creates, date changes, features, moves and deletes (property)', async () => {
    const rows = await storedRows<StoredRow>('events');
    // A seeded generator, so a failing run can be replayed with FUZZ_SEED.
    let state = Number(process.env.FUZZ_SEED ?? 11) >>> 0;
    const next = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    const pick = () => rows[Math.floor(next() * rows.length)]!.id;
    const touched = new Set<string>();
    const ops: Promise<{ status: number; text: string }>[] = [];
    for (let n = 0; n < 24; n++) {
      const id = pick();
      if (touched.has(id)) continue;
      touched.add(id);
      const roll = next();
      const date = day(Math.floor(next() * 400) - 200);
      if (roll < 0.3)
        ops.push(t.admin.patch(`/api/events/${id}`, { startDate: date, endDate: date }));
      else if (roll < 0.5) ops.push(t.admin.patch(`/api/events/${id}`, { featured: next() < 0.5 }));
      else if (roll < 0.65) ops.push(t.admin.delete(`/api/events/${id}`));
      else if (roll < 0.8)
        ops.push(
          t.admin.put('/api/events/order', { id, before: pick() === id ? rows[0]!.id : pick() }),
        );
      else
        ops.push(
          t.admin.post('/api/events', {
            title: `Concurrent ${n}`,
            startDate: date,
            endDate: date,
            featured: true,
          }),
        );
    }
    for (const res of await Promise.all(ops)) expect([200, 201], res.text).toContain(res.status);
    const index = await storedRows<StoredRow>('events');
    const byDate = await storedRows<StoredRow>('events', 'byDate');
    // The same rows, each as the index holds it, by start date (ties in the index's order).
    const place = new Map(index.map((r, n) => [r.id, n]));
    const expected = index
      .slice()
      .sort(
        (a, b) => a.startDate.localeCompare(b.startDate) || place.get(a.id)! - place.get(b.id)!,
      );
    expect(byDate.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    expect(byDate).toEqual(expected);
    expect((await storedRows<StoredRow>('events', 'featuredByDate')).map((r) => r.id)).toEqual(
      expected.filter((r) => r.featured).map((r) => r.id),
    );
    const { blobs } = await content().list({ prefix: 'events-index-chunks/' });
    expect(blobs.map((b) => b.key.slice('events-index-chunks/'.length)).sort()).toEqual(
      (await allNamedParts('events-index')).sort(),
    );
  }, 120_000);
});

describe('the listings by date when a writer is killed', () => {
  it('lose no acknowledged save and agree with the index, a writer killed (SIGKILL) mid-save', async () => {
    await clear('events');
    const ids: string[] = [];
    for (let n = 0; n < 6; n++) {
      const res = await t.admin.post('/api/events', {
        title: `Killed ${n}`,
        startDate: day(n),
        endDate: day(n),
        featured: n % 2 === 0,
      });
      expect(res.status, res.text).toBe(201);
      ids.push(res.json.id);
    }
    const { lines, acked } = await killWriterAfter('events', ids, 30);
    expect(acked).toBeGreaterThanOrEqual(30);
    const { lastAck, allowed } = writerLog(lines);
    for (const id of lastAck.keys()) {
      const stored = (await content().get(`events-records/${id}`, { type: 'json' })) as {
        item: { title: string };
      };
      expect(allowed(id), id).toContain(stored.item.title);
    }
    // A row left a version behind is brought up to its record when an editor opens it.
    for (const id of ids) expect((await t.admin.get(`/api/events/all/${id}`)).status).toBe(200);
    await events.sweepIndex(Date.now() + 3_600_000);
    const index = await storedRows<StoredRow>('events');
    const place = new Map(index.map((r, n) => [r.id, n]));
    const expected = index
      .slice()
      .sort(
        (a, b) => a.startDate.localeCompare(b.startDate) || place.get(a.id)! - place.get(b.id)!,
      );
    expect(await storedRows<StoredRow>('events', 'byDate')).toEqual(expected);
    expect((await storedRows<StoredRow>('events', 'featuredByDate')).map((r) => r.id)).toEqual(
      expected.filter((r) => r.featured).map((r) => r.id),
    );
    for (const id of ids) {
      const stored = (await content().get(`events-records/${id}`, { type: 'json' })) as {
        item: { title: string };
      };
      expect(index.find((r) => r.id === id)?.title).toBe(stored.item.title);
    }
    // What the killed writer wrote and no head names is swept; what the head names stays.
    const { blobs } = await content().list({ prefix: 'events-index-chunks/' });
    expect(blobs.map((b) => b.key.slice('events-index-chunks/'.length)).sort()).toEqual(
      (await allNamedParts('events-index')).sort(),
    );
  }, 120_000);
});

describe('moving one publication', () => {
  it('reads the chunks of the row and its new neighbours alone: the same at 300 publications as at 3,000', async () => {
    await clear('publications');
    const moves = async () => {
      const rows = await storedRows<StoredRow>('publications');
      const [first, last] = [rows[0]!.id, rows.at(-1)!.id];
      // A request first: the index is brought up to date, as on any store.
      expect((await t.anon.get('/api/publications')).status).toBe(200);
      const counter = await countBlobCalls();
      const out: { calls: string[]; written: number }[] = [];
      try {
        for (const body of [
          { id: first, after: last },
          { id: first, position: 'top' },
          { id: last, before: first },
        ]) {
          forgetParsedCopies();
          const { result, calls, bytesWritten } = await counter.during(() =>
            t.admin.put('/api/publications/order', body),
          );
          expect(result.status, result.text).toBe(200);
          out.push({ calls, written: bytesWritten });
        }
      } finally {
        await counter.close();
      }
      // The last moved before the first, which is back at the top: the last is first now.
      const order = (await storedRows<StoredRow>('publications')).map((r) => r.id);
      expect(order.slice(0, 2)).toEqual([last, first]);
      expect(order).toHaveLength(rows.length);
      return out;
    };
    await seedPublications(300, 'few');
    const small = await moves();
    await seedPublications(2_700, 'many');
    const large = await moves();
    expect((await namedParts('publications-index')).chunks.length).toBeGreaterThan(20);
    for (const [n, move] of large.entries()) {
      const why = `move ${n}\nsmall:\n${small[n]!.calls.join('\n')}\nlarge:\n${move.calls.join('\n')}`;
      const shape = (calls: string[]) => calls.map((c) => c.replace(/\/[^/]*$/, '/…'));
      expect(shape(move.calls), why).toEqual(shape(small[n]!.calls));
      expect(partReads(move.calls).length, why).toBeLessThanOrEqual(5);
      expect(move.written, why).toBeLessThan(128 * 1024);
    }
  }, 120_000);
});

describe('the index head', () => {
  interface TestRow {
    id: string;
    orderKey: string;
    pad: string;
  }
  const testRow = z.object({ id: z.string(), orderKey: z.string(), pad: z.string() }) as z.ZodType<
    TestRow,
    TestRow
  >;
  const headBytes = async (key: string) =>
    JSON.stringify(await content().get(key, { type: 'json' })).length;

  it('names groups, so a change writes a small head at any size; a head naming every chunk is grouped once', async () => {
    const key = 'test-head-index';
    const idx = orderedIndex<TestRow>({
      what: 'test',
      store: () => openStore(STORES.content),
      key,
      row: testRow,
    });
    const keys = keysInOrder(3_000);
    const rows = keys.map((orderKey, n) => ({ id: `r${n}`, orderKey, pad: 'x'.repeat(2_000) }));
    expect(await idx.create(rows)).toBe(true);
    const { groups, chunks } = await namedParts(key);
    expect(chunks.length).toBeGreaterThan(150);
    expect(groups.length).toBeGreaterThan(1);
    expect(await headBytes(key)).toBeLessThan(2_048);
    const counter = await countBlobCalls();
    try {
      const { bytesWritten } = await counter.during(() =>
        idx.changeOne('r1500', keys[1500]!, async (row) => ({ ...row!, pad: 'changed' })),
      );
      // The one chunk, its group and the head.
      expect(bytesWritten).toBeLessThan(64 * 1024);

      // The earlier layout: the head names every chunk itself.
      const current = await namedParts(key);
      const flat = (
        await Promise.all(
          current.groups.map(
            async (id) =>
              (
                (await content().get(`${key}-chunks/${id}`, { type: 'json' })) as {
                  chunks: object[];
                }
              ).chunks,
          ),
        )
      ).flat();
      expect(flat.length).toBeGreaterThan(150);
      await content().setJSON(key, { chunks: flat });
      await forEachLimited(current.groups, 8, (id) => content().delete(`${key}-chunks/${id}`));
      forgetParsedCopies();
      // Read as it is, with no write; it is big.
      expect(await headBytes(key)).toBeGreaterThan(8 * 1024);
      expect(((await idx.all()) ?? []).map((r) => r.id)).toEqual(rows.map((r) => r.id));
      expect((await idx.slice(2_000, 2))!.rows.map((r) => r.id)).toEqual(['r2000', 'r2001']);
      // Brought to groups by one guarded write, once; a second call reads the head and stops.
      expect(await idx.upgrade()).toBe(true);
      expect(await headBytes(key)).toBeLessThan(2_048);
      const again = await counter.during(() => idx.upgrade());
      expect(again.bytesWritten).toBe(0);
      expect(again.count).toBe(1);
      expect(((await idx.all()) ?? []).map((r) => r.id)).toEqual(rows.map((r) => r.id));
      expect((await idx.find('r1500', null))?.row.pad).toBe('changed');
      const { blobs } = await content().list({ prefix: `${key}-chunks/` });
      expect(blobs.map((b) => b.key.slice(`${key}-chunks/`.length)).sort()).toEqual(
        (await allNamedParts(key)).sort(),
      );
    } finally {
      await counter.close();
    }
  }, 120_000);
});
