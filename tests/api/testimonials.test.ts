import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminSite } from '../helpers/admin-site';
import { client, type TestSite } from '../helpers/platform';
import { advanceClock } from '../helpers/clock';

let site: TestSite;
let admin: ReturnType<typeof client>;
let viewer: ReturnType<typeof client>;
let hookCalls = 0;
let hook: http.Server;
beforeAll(async () => {
  ({ site, admin, viewer } = await startAdminSite());
  // Point the build hook at a recorder: the test checks a rebuild is asked for without running Astro.
  hook = http.createServer((req, res) => {
    hookCalls++;
    req.resume();
    res.end('{}');
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  process.env.BUILD_HOOK_URL = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  hook.close();
  await site.close();
});

const sample = {
  name: 'Grace Hopper',
  position: 'Rear Admiral',
  company: 'US Navy',
  content: 'An inspiring workshop.',
  rating: 4,
  image: '',
  linkedin: '',
};
const submit = (body: Record<string, unknown>) => client(site.url).post('/api/testimonials', body);

describe('POST /api/testimonials', () => {
  it('stores a submission pending review, whatever approved/featured say', async () => {
    const res = await submit({ ...sample, approved: true, featured: true, order: -5, id: 'mine' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ ...sample, approved: false, featured: false, order: 0 });
    expect(res.json.id).not.toBe('mine');
    const approved = await client(site.url).get('/api/testimonials/approved');
    expect(approved.status).toBe(200);
    expect(approved.json.map((t: { id: string }) => t.id)).not.toContain(res.json.id);
    expect((await client(site.url).get('/api/testimonials/featured')).json).toEqual([]);
  });

  it('defaults the rating to 5 and the optional fields to empty', async () => {
    const res = await submit({ name: 'Only Name', content: 'Short and sweet.' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      rating: 5,
      position: '',
      company: '',
      image: '',
      linkedin: '',
    });
  });

  it.each([
    [{ name: '' }, 'name', 'Full Name is required'],
    [{ content: '   ' }, 'content', 'Your Testimonial is required'],
    [{ rating: 6 }, 'rating', 'Rating must be a whole number from 1 to 5'],
    [{ rating: 0 }, 'rating', 'Rating must be a whole number from 1 to 5'],
    [{ rating: 2.5 }, 'rating', 'Rating must be a whole number from 1 to 5'],
    [{ rating: '5' }, 'rating', 'Rating must be a whole number from 1 to 5'],
    [
      { image: 'javascript:alert(1)' },
      'image',
      'Profile Photo must be an https:// address or an uploaded photo',
    ],
    [
      { image: 'http://example.com/a.png' },
      'image',
      'Profile Photo must be an https:// address or an uploaded photo',
    ],
    [
      { image: 'data:image/png;base64,AAAA' },
      'image',
      'Profile Photo must be an https:// address or an uploaded photo',
    ],
  ])('refuses %j', async (change, field, message) => {
    const res = await submit({ ...sample, ...change });
    expect(res.status).toBe(400);
    expect(res.json.fields[field]).toBe(message);
  });

  it('accepts an https photo or one of our uploads', async () => {
    expect(
      (await submit({ ...sample, image: 'https://media.licdn.com/dms/image/x.jpg' })).status,
    ).toBe(201);
    expect((await submit({ ...sample, image: `/api/uploads/${'a'.repeat(64)}.png` })).status).toBe(
      201,
    );
  });

  it('answers 400 to malformed JSON and 405 to POST on a list', async () => {
    expect((await client(site.url).post('/api/testimonials', '{"name":')).status).toBe(400);
    expect((await client(site.url).post('/api/testimonials/approved', sample)).status).toBe(405);
    expect((await client(site.url).get('/api/testimonials/nope')).status).toBe(404);
  });
});

describe('admin testimonials', () => {
  it('needs an editor or admin: 401 signed out', async () => {
    const anon = client(site.url);
    expect((await viewer.get('/api/admin/testimonials')).status).toBe(200);
    for (const [c, status] of [[anon, 401]] as const) {
      expect((await c.get('/api/admin/testimonials')).status).toBe(status);
      expect(
        (await c.patch(`/api/admin/testimonials/${crypto.randomUUID()}`, { approved: true }))
          .status,
      ).toBe(status);
      expect((await c.delete(`/api/admin/testimonials/${crypto.randomUUID()}`)).status).toBe(
        status,
      );
    }
  });

  it('lists every testimonial with pending ones first', async () => {
    const pending = (await submit({ ...sample, name: 'Pending Person' })).json;
    const other = (await submit({ ...sample, name: 'Soon Approved' })).json;
    expect(
      (await admin.patch(`/api/admin/testimonials/${other.id}`, { approved: true })).status,
    ).toBe(200);
    const list = (await admin.get('/api/admin/testimonials?pageSize=100')).json.items as {
      id: string;
      approved: boolean;
    }[];
    expect(list.some((t) => t.id === pending.id && !t.approved)).toBe(true);
    const firstApproved = list.findIndex((t) => t.approved);
    expect(list.slice(firstApproved).every((t) => t.approved)).toBe(true);
  });

  it('approves and features; only approved ones are public, featured ones need both; edits keep other fields', async () => {
    const t = (await submit({ ...sample, name: 'To Publish', company: 'Keep Me Inc' })).json;
    const history = await import('../../src/server/publishing/history');
    const { getPublishState } = await import('../../src/server/publishing/publish');
    const changedBefore = (await getPublishState()).lastChangeAt;

    const approve = await admin.patch(`/api/admin/testimonials/${t.id}`, { approved: true });
    expect(approve.status).toBe(200);
    expect(approve.json).toMatchObject({
      approved: true,
      featured: false,
      company: 'Keep Me Inc',
      position: 'Rear Admiral',
      rating: 4,
    });
    expect(approve.json.updatedAt >= t.updatedAt).toBe(true);
    expect(
      (await client(site.url).get('/api/testimonials/approved')).json.map(
        (x: { id: string }) => x.id,
      ),
    ).toContain(t.id);
    expect(
      (await client(site.url).get('/api/testimonials/featured')).json.map(
        (x: { id: string }) => x.id,
      ),
    ).not.toContain(t.id);

    expect(
      (await admin.patch(`/api/admin/testimonials/${t.id}`, { featured: true, order: 3 })).status,
    ).toBe(200);
    expect(
      (await client(site.url).get('/api/testimonials/featured')).json.map(
        (x: { id: string }) => x.id,
      ),
    ).toContain(t.id);

    // Featured but unapproved is not public.
    expect((await admin.patch(`/api/admin/testimonials/${t.id}`, { approved: false })).status).toBe(
      200,
    );
    expect(
      (await client(site.url).get('/api/testimonials/featured')).json.map(
        (x: { id: string }) => x.id,
      ),
    ).not.toContain(t.id);

    const entries = (await history.listHistory(50)).filter(
      (e) => e.target === `testimonials/${t.id}`,
    );
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ user: 'admin', action: 'update' });
    // Each save asks for a rebuild (the hook itself is called once per queued build).
    const changedAfter = (await getPublishState()).lastChangeAt;
    expect(changedAfter).not.toBeNull();
    expect(changedAfter).not.toBe(changedBefore);
    expect(hookCalls).toBeGreaterThanOrEqual(1);
  });

  it('a withdrawal that lands while an approval is still writing the public list keeps it off the list', async () => {
    const { countBlobCalls, holdFirstCall } = await import('../helpers/blobs-counter');
    const t = (await submit({ ...sample, name: 'Late Approval' })).json;
    const isPublic = async () =>
      (await client(site.url).get('/api/testimonials/approved')).json.some(
        (x: { id: string }) => x.id === t.id,
      );
    // The approval's write of the public list (the first after its write of the record) is held
    // while the withdrawal, made after the approval read the list and its record, runs whole.
    let recordWritten = false;
    const hold = holdFirstCall((call) => {
      if (call.startsWith('PUT ') && call.includes(t.id)) recordWritten = true;
      return recordWritten && /^PUT .*\/testimonials-published$/.test(call);
    });
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const approving = admin.patch(`/api/admin/testimonials/${t.id}`, { approved: true });
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      const withdrawn = await admin.patch(`/api/admin/testimonials/${t.id}`, { approved: false });
      expect(withdrawn.status).toBe(200);
      hold.release();
      expect((await approving).status).toBe(200);
      const stored = (await admin.get('/api/admin/testimonials?pageSize=100')).json.items.find(
        (x: { id: string }) => x.id === t.id,
      );
      expect(stored.approved).toBe(false);
      expect(await isPublic()).toBe(false);
    } finally {
      hold.release();
      await blobs.close();
    }
  });

  it('sorts the public list by order, then newest first', async () => {
    const ids: string[] = [];
    for (const [name, order] of [
      ['Order Two Old', 2],
      ['Order One', 1],
      ['Order Two New', 2],
    ] as const) {
      const t = (await submit({ ...sample, name })).json;
      advanceClock(5);
      expect(
        (await admin.patch(`/api/admin/testimonials/${t.id}`, { approved: true, order })).status,
      ).toBe(200);
      ids.push(t.id);
    }
    const names = (
      (await client(site.url).get('/api/testimonials/approved')).json as { name: string }[]
    )
      .map((t) => t.name)
      .filter((n) => n.startsWith('Order '));
    expect(names).toEqual(['Order One', 'Order Two New', 'Order Two Old']);
  });

  it('refuses bad edits: unknown field, bad value, empty edit, unknown id', async () => {
    const t = (await submit(sample)).json;
    const unknown = await admin.patch(`/api/admin/testimonials/${t.id}`, {
      approved: true,
      isAdmin: true,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe('Unknown field: isAdmin');
    expect((await admin.patch(`/api/admin/testimonials/${t.id}`, { rating: 9 })).status).toBe(400);
    expect(
      (await admin.patch(`/api/admin/testimonials/${t.id}`, { image: 'javascript:x' })).status,
    ).toBe(400);
    expect((await admin.patch(`/api/admin/testimonials/${t.id}`, {})).status).toBe(400);
    expect((await admin.patch(`/api/admin/testimonials/${t.id}`, '{"x":')).status).toBe(400);
    const missing = await admin.patch(`/api/admin/testimonials/${crypto.randomUUID()}`, {
      approved: true,
    });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ message: 'Testimonial not found' });
    expect(
      (await admin.patch('/api/admin/testimonials/..%2F..%2Fusers', { approved: true })).status,
    ).toBe(404);
  });

  it('answers 409 with the current value when an edit started from a stale value', async () => {
    const t = (await submit({ ...sample, name: 'Conflict Case', company: 'First Co' })).json;
    expect(
      (
        await admin.patch(`/api/admin/testimonials/${t.id}`, {
          company: 'Second Co',
          _expected: { company: 'First Co' },
        })
      ).status,
    ).toBe(200);
    const stale = await admin.patch(`/api/admin/testimonials/${t.id}`, {
      company: 'Third Co',
      _expected: { company: 'First Co' },
    });
    expect(stale.status).toBe(409);
    expect(stale.json.fields).toEqual({ company: 'Second Co' });
    const all = (await admin.get('/api/admin/testimonials?pageSize=100')).json.items as {
      id: string;
      company: string;
    }[];
    expect(all.find((x) => x.id === t.id)!.company).toBe('Second Co');
  });

  it('deletes, records it, and answers 404 afterwards', async () => {
    const t = (await submit({ ...sample, name: 'Delete Me' })).json;
    const res = await admin.delete(`/api/admin/testimonials/${t.id}`);
    expect(res.status).toBe(200);
    expect(
      (await admin.get('/api/admin/testimonials?pageSize=100')).json.items.map(
        (x: { id: string }) => x.id,
      ),
    ).not.toContain(t.id);
    expect((await admin.delete(`/api/admin/testimonials/${t.id}`)).status).toBe(404);
    const { listHistory } = await import('../../src/server/publishing/history');
    expect((await listHistory(20)).find((e) => e.target === `testimonials/${t.id}`)).toMatchObject({
      action: 'delete',
      summary: 'Delete Me',
    });
  });

  it('refuses a cross-site admin change', async () => {
    const t = (await submit(sample)).json;
    const res = await admin.patch(
      `/api/admin/testimonials/${t.id}`,
      { approved: true },
      { Origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });
});
