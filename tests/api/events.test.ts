import { getStore } from '@netlify/blobs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CARD_DESCRIPTION_CHARS } from '../../src/server/content/collections';
import { useAdminSite } from '../helpers/admin-site';
import { countBlobCalls } from '../helpers/blobs-counter';
import { storedRows } from '../helpers/stored-index';

const t = useAdminSite();

const day = (offset: number) =>
  new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const titles = (list: { title: string }[]) => list.map((e) => e.title);

describe('event lists', () => {
  beforeAll(async () => {
    // Created out of date order, so sorting by creation or order would give another result.
    const events = [
      { title: 'Future B', startDate: day(20), endDate: day(21), featured: true },
      { title: 'Past', startDate: day(-10), endDate: day(-9), featured: true },
      { title: 'Running now', startDate: day(-1), endDate: day(1) },
      { title: 'Future A', startDate: day(5), endDate: day(5) },
    ];
    for (const e of events) expect((await t.admin.post('/api/events', e)).status).toBe(201);
  });

  it('GET /api/events lists every event by start date, never cached', async () => {
    const res = await t.anon.get('/api/events');
    expect(titles(res.json)).toEqual(['Past', 'Running now', 'Future A', 'Future B']);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /api/events/upcoming lists events that have not ended, by start date', async () => {
    const res = await t.anon.get('/api/events/upcoming');
    expect(res.status).toBe(200);
    expect(titles(res.json)).toEqual(['Running now', 'Future A', 'Future B']);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('GET /api/events/featured lists featured events by start date', async () => {
    const res = await t.anon.get('/api/events/featured');
    expect(titles(res.json)).toEqual(['Past', 'Future B']);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('the literal paths win over /:id and refuse writes', async () => {
    expect((await t.admin.patch('/api/events/upcoming', { title: 'x' })).status).toBe(405);
    expect((await t.admin.delete('/api/events/featured')).status).toBe(405);
    expect((await t.anon.get('/api/events/upcoming/extra')).status).toBe(404);
  });
});

describe('event cards', () => {
  const long = Array.from({ length: 300 }, (_, n) => `word${n}`).join(' ');
  let id = '';
  beforeAll(async () => {
    const res = await t.admin.post('/api/events', {
      title: 'Long talk',
      startDate: day(40),
      endDate: day(40),
      description: long,
      location: 'Berlin',
      registrationLink: 'https://example.org/register',
    });
    expect(res.status, res.text).toBe(201);
    id = (res.json as { id: string }).id;
  });
  type Card = { id: string; description?: string; location: string; registrationLink: string };
  const card = (list: Card[]) => list.find((e) => e.id === id)!;

  it('the lists answer every card from the index, reading no record, the description cut to what a card shows', async () => {
    const counter = await countBlobCalls();
    try {
      for (const path of ['/api/events', '/api/events/upcoming']) {
        const { result, calls } = await counter.during(() => t.anon.get(path));
        expect(result.status).toBe(200);
        expect(calls.filter((c) => c.includes('-records/'))).toEqual([]);
        const shown = card(result.json as Card[]);
        expect(shown).toMatchObject({
          location: 'Berlin',
          registrationLink: 'https://example.org/register',
          isVirtual: false,
        });
        expect(shown.description!.length).toBe(CARD_DESCRIPTION_CHARS);
        expect(shown.description).toMatch(/^word0 word1 .*…$/);
        expect(long.startsWith(shown.description!.slice(0, -1))).toBe(true);
      }
    } finally {
      await counter.close();
    }
    // The event itself keeps every word.
    expect((await t.anon.get(`/api/events/${id}`)).json).toMatchObject({ description: long });
  });

  it('a row written before rows held the card fields is answered from its record', async () => {
    const content = getStore({ name: 'content', consistency: 'strong' });
    // Written back in the earlier layout, one document of every row: the list brings it up to
    // date (groups, listings by date) with the rows as they were.
    const rows = (await storedRows('events')).map((r) => {
      if (r.id !== id) return r;
      const { description: _d, registrationLink: _r, location: _l, ...older } = r;
      return older;
    });
    await content.setJSON('events-index', { rows });
    // Another address than the test above asked for: the CDN has not kept this one.
    const shown = card((await t.anon.get('/api/events?pageSize=50')).json as Card[]);
    expect(shown).toMatchObject({
      location: 'Berlin',
      registrationLink: 'https://example.org/register',
    });
    expect(shown.description!.length).toBe(CARD_DESCRIPTION_CHARS);
  });
});

describe('event rules', () => {
  it('accepts snake_case fields and stores dates as ISO timestamps', async () => {
    const res = await t.admin.post('/api/events', {
      title: 'Snake',
      start_date: '2031-03-01',
      end_date: '2031-03-02',
      is_virtual: true,
      virtual_link: 'https://meet.example/x',
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      startDate: '2031-03-01T00:00:00.000Z',
      endDate: '2031-03-02T00:00:00.000Z',
      isVirtual: true,
      virtualLink: 'https://meet.example/x',
    });
    const patched = await t.admin.patch(`/api/events/${res.json.id}`, { event_type: 'Webinar' });
    expect(patched.json).toMatchObject({ eventType: 'Webinar', isVirtual: true });
  });

  it('refuses an end date before the start date, also when a PATCH sends only one side', async () => {
    const res = await t.admin.post('/api/events', {
      title: 'Dates',
      startDate: '2031-05-10',
      endDate: '2031-05-12',
    });
    const onlyEnd = await t.admin.patch(`/api/events/${res.json.id}`, { endDate: '2031-05-01' });
    expect(onlyEnd).toMatchObject({
      status: 400,
      json: {
        message: 'End date must not be before the start date',
        fields: { endDate: expect.any(String) },
      },
    });
    const onlyStart = await t.admin.patch(`/api/events/${res.json.id}`, {
      startDate: '2031-06-01',
    });
    expect(onlyStart.status).toBe(400);
    expect((await t.anon.get(`/api/events/${res.json.id}`)).json.endDate).toBe(
      '2031-05-12T00:00:00.000Z',
    );
    expect(
      (
        await t.admin.post('/api/events', {
          title: 'Bad',
          startDate: 'soon',
          endDate: '2031-01-01',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.admin.post('/api/events', {
          title: 'Bad',
          startDate: '2031-01-01',
          endDate: '2031-01-02',
          maxAttendees: 2.5,
        })
      ).status,
    ).toBe(400);
  });
});

describe('other collection rules', () => {
  it('research areas: an empty link removes it', async () => {
    const res = await t.admin.post('/api/research-areas', {
      title: 'Linked',
      description: 'D',
      link: 'https://example.org',
    });
    expect(res.json.link).toBe('https://example.org');
    const cleared = await t.admin.patch(`/api/research-areas/${res.json.id}`, { link: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.json).not.toHaveProperty('link');
    expect(cleared.json.description).toBe('D');
  });

  it('team members without an order sort last; publications ignore a client order on create', async () => {
    const ordered = await t.admin.post('/api/team-members', {
      name: 'Ordered',
      position: 'P',
      order: 5,
    });
    const unordered = await t.admin.post('/api/team-members', { name: 'Unordered', position: 'P' });
    expect(unordered.json).not.toHaveProperty('order');
    const names = (await t.anon.get('/api/team-members')).json.map((m: { name: string }) => m.name);
    expect(names.indexOf('Ordered')).toBeLessThan(names.indexOf('Unordered'));
    expect(ordered.status).toBe(201);
    // The server places a new publication itself: a client's order is dropped, not refused.
    const placed = await t.admin.post('/api/publications', {
      title: 'T',
      description: 'D',
      order: 999_999,
    });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.json.order).not.toBe(999_999);
  });

  it('a new publication or event goes first in the order, the others one place down and otherwise untouched', async () => {
    for (const [kind, body] of [
      ['publications', (n: number) => ({ title: `First ${n}`, description: 'D' })],
      [
        'events',
        (n: number) => ({ title: `First ${n}`, startDate: '2031-05-01', endDate: '2031-05-01' }),
      ],
    ] as const) {
      const older = (await t.admin.post(`/api/${kind}`, body(1))).json;
      const newer = await t.admin.post(`/api/${kind}`, body(2));
      expect(newer.status).toBe(201);
      expect(newer.json.order).toBe(0);
      const all = (await t.admin.get(`/api/${kind}/all?pageSize=100`)).json.items as {
        id: string;
        order: number;
        updatedAt: string;
      }[];
      const ids = all
        .slice()
        .sort((a, b) => a.order - b.order)
        .map((i) => i.id);
      expect(ids.slice(0, 2)).toEqual([newer.json.id, older.id]);
      expect(all.find((i) => i.id === older.id)).toMatchObject({
        order: 1,
        updatedAt: older.updatedAt,
      });
    }
  });

  it('new items are appended after the highest order', async () => {
    const a = await t.admin.post('/api/stats', { value: '1', label: 'A', order: 7 });
    const b = await t.admin.post('/api/stats', { value: '2', label: 'B' });
    expect(a.json.order).toBe(7);
    expect(b.json.order).toBe(8);
  });
});
