import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countBlobCalls } from '../helpers/blobs-counter';
import { ADMIN, startAdminSite } from '../helpers/admin-site';
import { client, type TestSite } from '../helpers/platform';

// Every public GET is kept by Netlify's CDN (emulated by the local platform) until a write that
// changes it purges its tag. These tests prove the headers, the cache and that every write purges.
let site: TestSite;
let admin: ReturnType<typeof client>;
let counter: Awaited<ReturnType<typeof countBlobCalls>>;
beforeAll(async () => {
  ({ site, admin } = await startAdminSite({ seed: true, users: { admin: ADMIN } }));
  counter = await countBlobCalls();
});
afterAll(async () => {
  await counter.close();
  await site.close();
});

const visitor = () => client(site.url);
type Handler = (
  req: Request,
  ctx: { ip: string; params: Record<string, string> },
) => Promise<Response>;
/** Calls a function the way Netlify does, to see the headers the CDN gets (the platform strips some, as Netlify does). */
async function direct(
  fn: string,
  path: string,
  params: Record<string, string> = {},
): Promise<Response> {
  const handler = (await import(`../../netlify/functions/${fn}.ts`)).default as Handler;
  return handler(new Request(`${site.url}${path}`), { ip: '127.0.0.1', params });
}

// Public GET, its function, and the browser Cache-Control the spec's freshness rules set.
const PUBLIC = [
  [
    '/api/testimonials/approved',
    'testimonials',
    { list: 'approved' },
    'public, max-age=0, must-revalidate',
    'testimonials',
  ],
  [
    '/api/testimonials/featured',
    'testimonials',
    { list: 'featured' },
    'public, max-age=0, must-revalidate',
    'testimonials',
  ],
  ['/api/events', 'events', {}, 'no-store', 'events'],
  ['/api/events/featured', 'events', {}, 'no-store', 'events'],
  ['/api/team-members', 'team-members', {}, 'public, max-age=300', 'team-members'],
  ['/api/publications', 'publications', {}, 'public, max-age=0, must-revalidate', 'publications'],
  ['/api/stats', 'stats', {}, 'public, max-age=60', 'stats'],
  ['/api/research-areas', 'research-areas', {}, 'no-store', 'research-areas'],
  [
    '/api/site-settings',
    'site-settings',
    {},
    'public, max-age=0, must-revalidate',
    'site-settings',
  ],
] as const;

describe('public GET answers', () => {
  it.each(PUBLIC)(
    '%s: kept by the durable CDN cache under its tag; browsers keep their own rule',
    async (path, fn, params, browser, tag) => {
      const res = await direct(fn, path, params);
      expect(res.status).toBe(200);
      expect(res.headers.get('netlify-cdn-cache-control')).toBe(
        'public, durable, s-maxage=31536000, stale-while-revalidate=86400',
      );
      expect(res.headers.get('netlify-cache-tag')).toBe(tag);
      expect(res.headers.get('cache-control')).toBe(browser);
    },
  );

  it.each(PUBLIC)(
    '%s: a repeated read is a CDN hit costing no Blobs call; Netlify-only headers never reach the browser',
    async (path) => {
      site.platform.cdn.purge();
      const first = await visitor().get(path);
      expect(first.status).toBe(200);
      expect(first.headers.get('netlify-cdn-cache-control')).toBeNull();
      expect(first.headers.get('netlify-cache-tag')).toBeNull();
      const again = await counter.during(() => visitor().get(path));
      expect(again.result.headers.get('cache-status')).toContain('hit');
      expect(again.count).toBe(0);
      expect(again.result.text).toBe(first.text);
    },
  );

  it('upcoming events are kept only until the first shown event ends, with no stale window', async () => {
    const end = new Date(Date.now() + 90_000).toISOString();
    const created = await admin.post('/api/events', {
      title: 'Ends soon',
      startDate: new Date(Date.now() - 60_000).toISOString(),
      endDate: end,
    });
    expect(created.status).toBe(201);
    const res = await direct('events', '/api/events/upcoming');
    const rule = res.headers.get('netlify-cdn-cache-control') ?? '';
    const seconds = Number(/s-maxage=(\d+)/.exec(rule)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(90);
    expect(rule).not.toContain('stale-while-revalidate');
    expect((await admin.delete(`/api/events/${created.json.id}`)).status).toBe(200);
  });

  it('admin and error answers are never cached', async () => {
    expect(
      (await direct('testimonials', '/api/testimonials/nope', { list: 'nope' })).headers.get(
        'netlify-cdn-cache-control',
      ),
    ).toBeNull();
    const first = await admin.get('/api/admin/testimonials');
    const again = await admin.get('/api/admin/testimonials');
    expect(first.headers.get('cache-status')).toBeNull();
    expect(again.headers.get('cache-status')).toBeNull();
    expect(
      (await visitor().get('/api/publications/no-such-id')).headers.get('cache-status'),
    ).toBeNull();
  });
});

describe('writes purge what they change', () => {
  /** Reads a public list twice (so it is cached), runs the write, and answers the next read. */
  async function afterWrite(path: string, write: () => Promise<{ status: number }>, status = 200) {
    await visitor().get(path);
    expect((await visitor().get(path)).headers.get('cache-status')).toContain('hit');
    expect((await write()).status).toBe(status);
    return (await visitor().get(path)).json;
  }
  const names = (list: { title?: string; name?: string; label?: string }[]) =>
    list.map((i) => i.title ?? i.name ?? i.label);

  it('collection creates, edits, reorders and deletes show on the next public read', async () => {
    const event = { title: 'Cache Workshop', startDate: '2031-05-01', endDate: '2031-05-02' };
    let list = await afterWrite('/api/events', () => admin.post('/api/events', event), 201);
    const created = list.find((e: { title: string }) => e.title === 'Cache Workshop');
    expect(created).toBeTruthy();
    list = await afterWrite('/api/events', () =>
      admin.patch(`/api/events/${created.id}`, { title: 'Renamed Workshop' }),
    );
    expect(names(list)).toContain('Renamed Workshop');
    list = await afterWrite('/api/events', () => admin.delete(`/api/events/${created.id}`));
    expect(names(list)).not.toContain('Renamed Workshop');

    const stats = (await visitor().get('/api/stats')).json as { id: string; label: string }[];
    const reversed = stats.map((s) => s.id).reverse();
    list = await afterWrite('/api/stats', () => admin.put('/api/stats/order', { ids: reversed }));
    expect(list.map((s: { id: string }) => s.id)).toEqual(reversed);

    for (const [path, body] of [
      ['/api/team-members', { name: 'New Fellow', position: 'Fellow' }],
      ['/api/publications', { title: 'New Paper', description: 'About caching.' }],
      ['/api/research-areas', { title: 'New Area', description: 'Fresh research.' }],
    ] as const) {
      list = await afterWrite(path, () => admin.post(path, body), 201);
      expect(names(list)).toContain('name' in body ? body.name : body.title);
    }
  });

  it('a settings save, and its restore from history, show on the next public read', async () => {
    let settings = await afterWrite('/api/site-settings', () =>
      admin.patch('/api/site-settings', { heroTitle: 'Fresh from the CDN' }),
    );
    expect(settings.heroTitle).toBe('Fresh from the CDN');
    const history = (await admin.get('/api/admin/history?limit=50')).json;
    const entries = (Array.isArray(history) ? history : history.items) as {
      id: string;
      target: string;
    }[];
    const entry = entries.find((e) => e.target === 'site-settings')!;
    settings = await afterWrite('/api/site-settings', () =>
      admin.post(`/api/admin/history/${entry.id}/restore`),
    );
    expect(settings.heroTitle).not.toBe('Fresh from the CDN');
  });

  it('testimonial approvals, edits and deletes show on the next public read', async () => {
    const t = (
      await visitor().post('/api/testimonials', {
        name: 'Cache Fan',
        content: 'Fast pages.',
        rating: 5,
      })
    ).json;
    let list = await afterWrite('/api/testimonials/approved', () =>
      admin.patch(`/api/admin/testimonials/${t.id}`, { approved: true }),
    );
    expect(names(list)).toContain('Cache Fan');
    list = await afterWrite('/api/testimonials/featured', () =>
      admin.patch(`/api/admin/testimonials/${t.id}`, { featured: true }),
    );
    expect(names(list)).toContain('Cache Fan');
    list = await afterWrite('/api/testimonials/approved', () =>
      admin.patch(`/api/admin/testimonials/${t.id}`, { name: 'Cache Friend' }),
    );
    expect(names(list)).toContain('Cache Friend');
    list = await afterWrite('/api/testimonials/approved', () =>
      admin.delete(`/api/admin/testimonials/${t.id}`),
    );
    expect(names(list)).not.toContain('Cache Friend');
  });

  it('a failed purge is logged but never turns a saved change into an error', async () => {
    const purgesBefore = site.platform.cdn.purges;
    const saved = process.env.PURGE_API_URL;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    process.env.PURGE_API_URL = `${site.url}/.netlify/local/no-such-purge-api`;
    try {
      const res = await admin.patch('/api/site-settings', {
        heroSubtitle: 'Saved despite the CDN',
      });
      expect(res.status).toBe(200);
      expect(res.json.heroSubtitle).toBe('Saved despite the CDN');
      expect(
        errors.mock.calls.some((c) =>
          String(c[0]).includes('CDN cache purge failed for tags site-settings'),
        ),
      ).toBe(true);
    } finally {
      process.env.PURGE_API_URL = saved;
      errors.mockRestore();
    }
    expect(site.platform.cdn.purges).toBe(purgesBefore);
    // The change landed: once the CDN copy goes, readers see it.
    site.platform.cdn.purge();
    expect((await visitor().get('/api/site-settings')).json.heroSubtitle).toBe(
      'Saved despite the CDN',
    );
  });

  it('the purge API refuses callers without the site token', async () => {
    const res = await fetch(`${site.url}/.netlify/local/purge/api/v1/purge`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
  });
});
