import { describe, expect, it } from 'vitest';
import { CROSS_SITE, OVERSIZED, useAdminSite } from '../helpers/admin-site';
import { countBlobCalls } from '../helpers/blobs-counter';

const t = useAdminSite();

interface Case {
  name: string;
  cache: string;
  /** A valid create payload (a counter makes titles unique). */
  valid: (n: number) => Record<string, unknown>;
  /** A create payload with one bad field, and that field. */
  invalid: [Record<string, unknown>, string];
  /** A required field the create payload may not omit. */
  required: string;
  /** A one-field update, the field that must stay untouched by it, and an invalid update. */
  update: Record<string, unknown>;
  untouched: string;
  badUpdate: [Record<string, unknown>, string];
  /** A body over this API's request cap (publications take more: their web versions). */
  oversized?: string;
}

const CASES: Case[] = [
  {
    name: 'research-areas',
    cache: 'no-store',
    valid: (n) => ({
      title: `Area ${n}`,
      description: 'Alignment research',
      image: '/images/a.webp',
      imageAlt: 'A lab bench',
    }),
    invalid: [{ title: 'A', description: 'D', image: 'javascript:alert(1)' }, 'image'],
    required: 'description',
    update: { title: 'Renamed area' },
    untouched: 'image',
    badUpdate: [{ title: '' }, 'title'],
  },
  {
    name: 'team-members',
    cache: 'public, max-age=300',
    valid: (n) => ({ name: `Member ${n}`, position: 'Fellow', bio: 'Works on evaluation.' }),
    invalid: [{ name: 'Ada', position: 'Chair', email: 'not-an-email' }, 'email'],
    required: 'position',
    update: { position: 'Senior Fellow' },
    untouched: 'bio',
    badUpdate: [{ linkedin: 'ftp://example.com' }, 'linkedin'],
  },
  {
    name: 'publications',
    cache: 'public, max-age=0, must-revalidate',
    valid: (n) => ({
      title: `Paper ${n}`,
      description: 'A report',
      authors: 'A. Author',
      type: 'Brief',
    }),
    invalid: [{ title: 'P', description: 'D', link: 'javascript:alert(1)' }, 'link'],
    required: 'title',
    update: { date: 'May 2025' },
    untouched: 'type',
    badUpdate: [{ description: '   ' }, 'description'],
    oversized: JSON.stringify({ title: 'x'.repeat(600 * 1024) }),
  },
  {
    name: 'stats',
    cache: 'public, max-age=60',
    valid: (n) => ({ value: `${n}0+`, label: `Label ${n}` }),
    invalid: [{ value: '', label: 'Papers' }, 'value'],
    required: 'label',
    update: { value: '10,000+' },
    untouched: 'label',
    badUpdate: [{ order: -1 }, 'order'],
  },
  {
    name: 'events',
    cache: 'no-store',
    valid: (n) => ({
      title: `Event ${n}`,
      startDate: `2031-01-${String(10 + (n % 18)).padStart(2, '0')}`,
      endDate: '2031-02-01',
      description: 'Talks',
    }),
    invalid: [{ title: 'E', startDate: '2031-01-02', endDate: '2031-01-01' }, 'endDate'],
    required: 'startDate',
    update: { location: 'Lisbon' },
    untouched: 'description',
    badUpdate: [{ startTime: '25:00' }, 'startTime'],
  },
];

let counter = 0;

describe.each(CASES)('/api/$name', (c) => {
  const base = `/api/${c.name}`;
  const create = async () => {
    const res = await t.admin.post(base, c.valid(++counter));
    expect(res.status).toBe(201);
    return res.json as Record<string, unknown> & { id: string };
  };

  it('POST creates an item (201) with server-owned id and timestamps', async () => {
    const body = c.valid(++counter);
    const res = await t.admin.post(base, body);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const list = await t.anon.get(base);
    expect(list.json.map((i: { id: string }) => i.id)).toContain(res.json.id);
  });

  it("POST drops a client's id and timestamps: the server sets its own", async () => {
    const sent = {
      ...c.valid(++counter),
      id: 'mine',
      createdAt: '1999-01-01T00:00:00.000Z',
      updatedAt: '1999-01-01T00:00:00.000Z',
    };
    const res = await t.admin.post(base, sent);
    expect(res.status, res.text).toBe(201);
    expect(res.json.id).not.toBe('mine');
    expect(Date.parse(res.json.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Date.parse(res.json.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await t.anon.get(`${base}/mine`)).status).toBe(404);
  });

  it('POST refuses invalid, missing and unknown fields with 400 and field messages', async () => {
    const [bad, field] = c.invalid;
    const invalid = await t.admin.post(base, bad);
    expect(invalid.status).toBe(400);
    expect(invalid.json.fields).toHaveProperty(field);
    const { [c.required]: _omitted, ...missing } = c.valid(++counter);
    const noRequired = await t.admin.post(base, missing);
    expect(noRequired.status).toBe(400);
    expect(noRequired.json.fields).toHaveProperty(c.required);
    const unknown = await t.admin.post(base, { ...c.valid(++counter), colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('Unknown field: colour');
    const notObject = await t.admin.post(base, [1, 2]);
    expect(notObject.status).toBe(400);
  });

  it('POST answers 400 to malformed JSON, 415 to a form body and 413 to an oversized body', async () => {
    const malformed = await t.admin.post(base, '{"title": ');
    expect(malformed).toMatchObject({
      status: 400,
      json: { message: 'The request body is not valid JSON' },
    });
    const form = await t.admin.post(base, 'title=x', {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    const big = await t.admin.post(base, c.oversized ?? OVERSIZED);
    expect(big.status).toBe(413);
    expect(big.json.message).toMatch(/too large/);
  });

  it('content calls answer 401 signed out and 403 cross-site (editors may: see roles-matrix)', async () => {
    const item = await create();
    const calls = [
      (cl: typeof t.anon, h?: Record<string, string>) => cl.post(base, c.valid(++counter), h),
      (cl: typeof t.anon, h?: Record<string, string>) =>
        cl.patch(`${base}/${item.id}`, c.update, h),
      (cl: typeof t.anon, h?: Record<string, string>) => cl.delete(`${base}/${item.id}`, h),
      (cl: typeof t.anon, h?: Record<string, string>) =>
        cl.put(`${base}/order`, { ids: [item.id] }, h),
    ];
    for (const call of calls) {
      expect((await call(t.anon)).status).toBe(401);
      expect((await call(t.admin, CROSS_SITE)).status).toBe(403);
    }
    expect((await t.anon.get(`${base}/${item.id}`)).status).toBe(200);
  });

  it(`GET lists publicly with Cache-Control ${c.cache}, and GET /:id answers one item or 404`, async () => {
    const item = await create();
    const list = await t.anon.get(base);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe(c.cache);
    expect(Array.isArray(list.json)).toBe(true);
    const one = await t.anon.get(`${base}/${item.id}`);
    expect(one.json).toEqual(item);
    const missing = await t.anon.get(`${base}/no-such-id`);
    expect(missing).toMatchObject({ status: 404, json: { message: 'Item not found' } });
  });

  it('PATCH changes only the sent fields and bumps updatedAt', async () => {
    const item = await create();
    const res = await t.admin.patch(`${base}/${item.id}`, c.update);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ ...c.update, id: item.id, createdAt: item.createdAt });
    expect(res.json[c.untouched]).toEqual(item[c.untouched]);
    expect(res.json.updatedAt >= (item.updatedAt as string)).toBe(true);
    expect((await t.anon.get(`${base}/${item.id}`)).json).toEqual(res.json);
  });

  it('PATCH answers 400 (invalid, unknown, empty, malformed), 413, 415 and 404', async () => {
    const item = await create();
    const url = `${base}/${item.id}`;
    const [bad, field] = c.badUpdate;
    const invalid = await t.admin.patch(url, bad);
    expect(invalid.status).toBe(400);
    expect(invalid.json.fields).toHaveProperty(field);
    expect(await t.admin.patch(url, { colour: 'red' })).toMatchObject({
      status: 400,
      json: { message: 'Unknown field: colour' },
    });
    expect(await t.admin.patch(url, { createdAt: '2020-01-01T00:00:00.000Z' })).toMatchObject({
      status: 400,
    });
    expect(await t.admin.patch(url, {})).toMatchObject({
      status: 400,
      json: { message: 'Send at least one field to change' },
    });
    expect(await t.admin.patch(url, { _expected: {} })).toMatchObject({ status: 400 });
    expect((await t.admin.patch(url, '{"x":')).status).toBe(400);
    expect((await t.admin.patch(url, c.oversized ?? OVERSIZED)).status).toBe(413);
    expect((await t.admin.patch(url, 'x', { 'Content-Type': 'text/plain' })).status).toBe(415);
    const missing = await t.admin.patch(`${base}/no-such-id`, c.update);
    expect(missing).toMatchObject({ status: 404, json: { message: 'Item not found' } });
    expect((await t.anon.get(url)).json).toEqual(item);
  });

  it('PATCH with _expected saves when nothing changed meanwhile and answers 409 with current values when it did', async () => {
    const item = await create();
    const url = `${base}/${item.id}`;
    const [key] = Object.keys(c.update) as [string];
    const ok = await t.admin.patch(url, { ...c.update, _expected: { [key]: item[key] ?? '' } });
    expect(ok.status).toBe(200);
    // A second editor who loaded the original value now conflicts, and sees what is stored.
    const stale = await t.admin.patch(url, {
      [key]: item[key] ?? '',
      _expected: { [key]: item[key] ?? '' },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.fields).toEqual({ [key]: String(c.update[key]) });
    expect((await t.anon.get(url)).json[key]).toEqual(c.update[key]);
    const unknown = await t.admin.patch(url, { ...c.update, _expected: { colour: 'red' } });
    expect(unknown).toMatchObject({
      status: 400,
      json: { message: 'Unknown field in _expected: colour' },
    });
    const malformed = await t.admin.patch(url, { ...c.update, _expected: 'yes' });
    expect(malformed.status).toBe(400);
  });

  it('DELETE answers the deleted item, then 404', async () => {
    const item = await create();
    const res = await t.admin.delete(`${base}/${item.id}`);
    expect(res).toMatchObject({ status: 200, json: item });
    expect((await t.anon.get(`${base}/${item.id}`)).status).toBe(404);
    expect((await t.anon.get(base)).json.map((i: { id: string }) => i.id)).not.toContain(item.id);
    expect(await t.admin.delete(`${base}/${item.id}`)).toMatchObject({
      status: 404,
      json: { message: 'Item not found' },
    });
  });

  it('PUT /order sets the order from the ids and refuses incomplete or malformed lists', async () => {
    await create();
    await create();
    const ids: string[] = (await t.admin.get(base)).json.map((i: { id: string }) => i.id);
    const reversed = ids.slice().reverse();
    const res = await t.admin.put(`${base}/order`, { ids: reversed });
    expect(res.status).toBe(200);
    expect(res.json.map((i: { id: string }) => i.id)).toEqual(reversed);
    expect(res.json.map((i: { order: number }) => i.order)).toEqual(reversed.map((_, n) => n));
    // The public list follows the new order (events list by start date instead: see events.test.ts).
    if (c.name !== 'events')
      expect((await t.anon.get(base)).json.map((i: { id: string }) => i.id)).toEqual(reversed);
    expect((await t.admin.put(`${base}/order`, { ids: reversed.slice(1) })).status).toBe(400);
    expect((await t.admin.put(`${base}/order`, { ids: [...reversed, reversed[0]] })).status).toBe(
      400,
    );
    expect((await t.admin.put(`${base}/order`, { ids: 'all' })).status).toBe(400);
    expect((await t.admin.put(`${base}/order`, { ids: reversed, extra: 1 })).status).toBe(400);
    expect((await t.admin.put(`${base}/order`, '{"ids": [')).status).toBe(400);
    expect((await t.admin.put(`${base}/order`, c.oversized ?? OVERSIZED)).status).toBe(413);
    // Wrong methods on each path are 405, not a fall-through to another route.
    expect((await t.admin.post(`${base}/order`, { ids: reversed })).status).toBe(405);
    expect((await t.admin.put(`${base}/${ids[0]}`, {})).status).toBe(405);
    expect((await t.admin.patch(base, c.update)).status).toBe(405);
  });
});

describe('a collection saved twice in a row by one warm instance', () => {
  it('is read back the second time as "unchanged", without its body, and both saves land', async () => {
    const id = (await t.admin.post('/api/stats', { value: '7', label: 'First label' })).json
      .id as string;
    const counter = await countBlobCalls();
    try {
      await t.admin.patch(`/api/stats/${id}`, { label: 'Second label' });
      const { calls, statuses, result } = await counter.during(() =>
        t.admin.patch(`/api/stats/${id}`, { label: 'Third label' }),
      );
      expect(result.status, result.text).toBe(200);
      // The read before the write: the instance wrote this version itself, so it only asks whether it is still current.
      const read = calls.findIndex((c) => /^GET .*content\/stats$/.test(c));
      expect(read, calls.join('\n')).toBeGreaterThanOrEqual(0);
      expect(statuses[read], calls.join('\n')).toBe(304);
    } finally {
      await counter.close();
    }
    expect(
      (await t.anon.get('/api/stats')).json.find((s: { id: string }) => s.id === id).label,
    ).toBe('Third label');
  });
});
