import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminSite, type AdminSite } from '../helpers/admin-site';
import { countBlobCalls } from '../helpers/blobs-counter';

// History is paged on the server: a page of 20 lists only as far as it needs and reads 20 entries,
// however long the log is.
let t: AdminSite;
const TOTAL = 2_300;
beforeAll(async () => {
  t = await startAdminSite();
  const history = getStore({ name: 'history', consistency: 'strong' });
  const start = Date.parse('2026-01-01T00:00:00Z');
  for (let i = 0; i < TOTAL; i += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, TOTAL - i) }, (_, j) => {
        const n = i + j;
        const at = start + n * 60_000;
        const id = `${String(9_999_999_999_999 - at).padStart(13, '0')}-${n.toString(16).padStart(8, '0')}`;
        return history.setJSON(id, {
          id,
          at: new Date(at).toISOString(),
          user: 'admin',
          action: 'update',
          target: 'site-settings',
          summary: `change ${n}`,
        });
      }),
    );
  }
});
afterAll(() => t.close());

const summaries = (items: { summary: string }[]) => items.map((e) => e.summary);

describe('GET /api/admin/history?page=&pageSize=', () => {
  it('answers pages newest first, with whether older ones follow', async () => {
    const first = await t.admin.get('/api/admin/history?page=1&pageSize=20');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ page: 1, pageSize: 20, hasMore: true });
    expect(summaries(first.json.items)).toEqual(
      Array.from({ length: 20 }, (_, i) => `change ${TOTAL - 1 - i}`),
    );
    const second = await t.admin.get('/api/admin/history?page=2&pageSize=20');
    expect(summaries(second.json.items)[0]).toBe(`change ${TOTAL - 21}`);
    const last = await t.admin.get(
      `/api/admin/history?page=${Math.ceil(TOTAL / 100)}&pageSize=100`,
    );
    expect(last.json.hasMore).toBe(false);
    expect(summaries(last.json.items).at(-1)).toBe('change 0');
    expect(last.json.items).toHaveLength(TOTAL % 100 || 100);
  });

  it('page 1 costs one listing page and 20 reads with 2,300 entries stored', async () => {
    const counter = await countBlobCalls();
    try {
      expect((await t.admin.get('/api/admin/history?page=1&pageSize=20')).status).toBe(200);
      // A listing names the store alone ("GET /<site>/site:history", with " (list)" when it has a cursor or prefix).
      const isList = (c: string) => /site:history( \(list\))?$/.test(c);
      const history = counter.calls.filter((c) => c.includes('site:history'));
      expect(history.filter(isList)).toHaveLength(1);
      expect(history.filter((c) => !isList(c))).toHaveLength(20);
    } finally {
      await counter.close();
    }
  });

  it('refuses a bad page with a readable 400', async () => {
    const res = await t.admin.get('/api/admin/history?page=0');
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/page must be a whole number from 1/);
    expect((await t.anon.get('/api/admin/history?page=1')).status).toBe(401);
  });
});
