import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { countBlobCalls } from '../helpers/blobs-counter';
import { ADMIN, startAdminSite } from '../helpers/admin-site';
import { client, type TestSite } from '../helpers/platform';

// Testimonials at scale: a spam wave of pending submissions must not make the public lists or an
// admin page read more. Blobs calls are counted at the Blobs server, one per round trip.
let site: TestSite;
let admin: ReturnType<typeof client>;
let counter: Awaited<ReturnType<typeof countBlobCalls>>;
beforeAll(async () => {
  ({ site, admin } = await startAdminSite({ users: { admin: ADMIN } }));
  counter = await countBlobCalls();
});
afterAll(async () => {
  await counter.close();
  await site.close();
});

const visitor = () => client(site.url);
const submit = async (name: string) => {
  const res = await visitor().post('/api/testimonials', {
    name,
    content: `Words from ${name}.`,
    rating: 5,
  });
  expect(res.status).toBe(201);
  return res.json as { id: string; name: string };
};
/** Blobs calls made while the function answers (the CDN copy dropped first, so the function runs). */
const functionCost = async (path: string) => {
  site.platform.cdn.purge();
  const { result, count, calls } = await counter.during(() => visitor().get(path));
  expect(result.status).toBe(200);
  return { body: result.json, count, calls };
};

describe('public testimonial lists', () => {
  it('cost the same Blobs calls with 3 or 300 testimonials waiting for review', async () => {
    const shown = [];
    for (const name of ['Ada', 'Brook', 'Cyd']) {
      const t = await submit(name);
      expect(
        (
          await admin.patch(`/api/admin/testimonials/${t.id}`, {
            approved: true,
            featured: name === 'Ada',
          })
        ).status,
      ).toBe(200);
      shown.push(t.id);
    }
    for (let i = 0; i < 3; i++) await submit(`Pending ${i}`);
    const small = {
      approved: await functionCost('/api/testimonials/approved'),
      featured: await functionCost('/api/testimonials/featured'),
    };

    // A spam wave: 297 more submissions, 20 at a time, all pending.
    for (let i = 0; i < 297; i += 20)
      await Promise.all(
        Array.from({ length: Math.min(20, 297 - i) }, (_, n) => submit(`Spam ${i + n}`)),
      );
    const large = {
      approved: await functionCost('/api/testimonials/approved'),
      featured: await functionCost('/api/testimonials/featured'),
    };

    expect(large.approved.count, large.approved.calls.join('\n')).toBe(small.approved.count);
    expect(large.featured.count, large.featured.calls.join('\n')).toBe(small.featured.count);
    expect(large.approved.count).toBe(1); // the published document, nothing else
    expect(large.approved.body.map((t: { id: string }) => t.id).sort()).toEqual(
      shown.slice().sort(),
    );
    expect(large.featured.body.map((t: { name: string }) => t.name)).toEqual(['Ada']);
  });

  it('is answered from the CDN cache with no Blobs call until a change purges it', async () => {
    site.platform.cdn.purge();
    const first = await counter.during(() => visitor().get('/api/testimonials/approved'));
    expect(first.result.headers.get('cache-status')).toContain('miss');
    const again = await counter.during(() => visitor().get('/api/testimonials/approved'));
    expect(again.result.headers.get('cache-status')).toContain('hit');
    expect(again.count).toBe(0);
    expect(again.result.json).toEqual(first.result.json);
    // A visitor submission changes no public list: it does not purge, the cached copy stays right.
    await submit('Still pending');
    const afterSubmit = await counter.during(() => visitor().get('/api/testimonials/approved'));
    expect(afterSubmit.count).toBe(0);
    expect(afterSubmit.result.json).toEqual(first.result.json);
  });
});

describe('a published list that missed a change', () => {
  it('heals when an admin acts on the testimonial it still shows', async () => {
    const t = await submit('Ghost');
    const approved = (await admin.patch(`/api/admin/testimonials/${t.id}`, { approved: true }))
      .json as { id: string; createdAt: string };
    // The record goes, but the published list is not told (as when a delete's list update failed).
    const { getStore } = await import('@netlify/blobs');
    await getStore({ name: 'testimonials', consistency: 'strong' }).delete(
      `${approved.createdAt.slice(0, 10)}/${approved.createdAt}_${t.id}`,
    );
    site.platform.cdn.purge();
    expect(
      (await visitor().get('/api/testimonials/approved')).json.map((x: { id: string }) => x.id),
    ).toContain(t.id);
    expect((await admin.delete(`/api/admin/testimonials/${t.id}`)).status).toBe(404);
    expect(
      (await visitor().get('/api/testimonials/approved')).json.map((x: { id: string }) => x.id),
    ).not.toContain(t.id);
  });
});

describe('admin testimonials list', () => {
  it('pages on the server, pending first then approved, each newest first, reading about one page of records', async () => {
    const all: { id: string; approved: boolean; createdAt: string }[] = [];
    let total = 0;
    for (let page = 1; ; page++) {
      const { result, count, calls } = await counter.during(() =>
        admin.get(`/api/admin/testimonials?page=${page}&pageSize=20`),
      );
      expect(result.status).toBe(200);
      total = result.json.total;
      // Per page: the session checks, one key listing, the published document and at most 20 records.
      const recordReads = calls.filter(
        (c) => c.startsWith('GET') && !c.endsWith('(list)') && /\/testimonials\//.test(c),
      ).length;
      expect(recordReads, calls.join('\n')).toBeLessThanOrEqual(20);
      expect(count, calls.join('\n')).toBeLessThanOrEqual(30);
      expect(result.json.items.length).toBeLessThanOrEqual(20);
      all.push(...result.json.items);
      if (result.json.items.length < 20) break;
    }
    expect(total).toBe(all.length);
    expect(total).toBeGreaterThanOrEqual(304);
    expect(new Set(all.map((t) => t.id)).size).toBe(all.length);
    const firstApproved = all.findIndex((t) => t.approved);
    expect(all.slice(0, firstApproved).every((t) => !t.approved)).toBe(true);
    expect(all.slice(firstApproved).every((t) => t.approved)).toBe(true);
    for (const part of [all.slice(0, firstApproved), all.slice(firstApproved)]) {
      expect(part.map((t) => t.createdAt)).toEqual(
        part
          .map((t) => t.createdAt)
          .sort()
          .reverse(),
      );
    }
  });

  it('refuses a page size over 100 with a clear message', async () => {
    const res = await admin.get('/api/admin/testimonials?pageSize=1000');
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('pageSize must be a whole number from 1 to 100');
  });
});

describe('stores written by the first layout (no published document)', () => {
  it('still list their approved testimonials, and build the document once', async () => {
    // Written exactly as the first layout (and the demo seed) wrote them, straight to the store.
    const { getStore } = await import('@netlify/blobs');
    const testimonials = getStore({ name: 'testimonials', consistency: 'strong' });
    const system = getStore({ name: 'system', consistency: 'strong' });
    // A store as the first layout left it: neither the published document nor the key snapshot.
    await system.delete('testimonials-published');
    await system.delete('testimonial-keys');
    const old = [
      { name: 'Old Approved', approved: true, featured: true, order: 0 },
      { name: 'Old Pending', approved: false, featured: false, order: 0 },
      { name: 'Old Second', approved: true, featured: false, order: 1 },
    ].map((t, n) => {
      const createdAt = new Date(Date.UTC(2024, 0, n + 1)).toISOString();
      return {
        ...t,
        id: crypto.randomUUID(),
        createdAt,
        updatedAt: createdAt,
        position: '',
        company: '',
        content: 'From before.',
        rating: 5,
        image: '',
        linkedin: '',
      };
    });
    for (const t of old) await testimonials.setJSON(`${t.createdAt}_${t.id}`, t);

    site.platform.cdn.purge();
    const approved = (await visitor().get('/api/testimonials/approved')).json as { name: string }[];
    expect(approved.map((t) => t.name)).toEqual(
      expect.arrayContaining(['Old Approved', 'Old Second']),
    );
    expect(approved.map((t) => t.name)).not.toContain('Old Pending');
    expect(
      (await visitor().get('/api/testimonials/featured')).json.map((t: { name: string }) => t.name),
    ).toContain('Old Approved');
    // Built once: the next read is the one-call read again, and an admin can act on old records.
    expect((await functionCost('/api/testimonials/approved')).count).toBe(1);
    const pending = old[1]!;
    expect(
      (await admin.patch(`/api/admin/testimonials/${pending.id}`, { approved: true })).status,
    ).toBe(200);
    expect(
      (await visitor().get('/api/testimonials/approved')).json.map((t: { name: string }) => t.name),
    ).toContain('Old Pending');
    expect((await admin.delete(`/api/admin/testimonials/${old[0]!.id}`)).status).toBe(200);
    expect(
      (await visitor().get('/api/testimonials/featured')).json.map((t: { name: string }) => t.name),
    ).not.toContain('Old Approved');
    // The admin list shows first-layout and current-layout testimonials together, newest first.
    const listed: string[] = [];
    for (let page = 1; ; page++) {
      const { items } = (await admin.get(`/api/admin/testimonials?page=${page}&pageSize=100`)).json;
      listed.push(...items.map((t: { name: string }) => t.name));
      if (items.length < 100) break;
    }
    expect(listed).toEqual(expect.arrayContaining(['Old Second', 'Old Pending', 'Ada']));
    expect(listed).not.toContain('Old Approved');
  });

  it('fold finished days into the key snapshot, and keep every key listed', async () => {
    const { getStore } = await import('@netlify/blobs');
    const testimonials = getStore({ name: 'testimonials', consistency: 'strong' });
    const system = getStore({ name: 'system', consistency: 'strong' });
    // Submissions from 3 and 4 days ago, and a snapshot last folded 10 days ago (first-layout keys only).
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    for (const n of [3, 4]) {
      const createdAt = daysAgo(n);
      const t = {
        id: crypto.randomUUID(),
        createdAt,
        updatedAt: createdAt,
        name: `Folded ${n}`,
        position: '',
        company: '',
        content: 'Older.',
        rating: 4,
        image: '',
        linkedin: '',
        approved: false,
        featured: false,
        order: 0,
      };
      await testimonials.setJSON(`${createdAt.slice(0, 10)}/${createdAt}_${t.id}`, t);
    }
    const snapshot = (await system.get('testimonial-keys', { type: 'json' })) as { keys: string[] };
    await system.setJSON('testimonial-keys', {
      watermark: daysAgo(10).slice(0, 10),
      keys: snapshot.keys.filter((k) => !k.includes('/')),
    });

    const { scanTestimonials, testimonialCounts } =
      await import('../../src/server/visitors/testimonials');
    const scan = await scanTestimonials();
    expect(await testimonialCounts()).toEqual({
      total: scan.length,
      pending: scan.filter((t) => !t.approved).length,
    });
    const folded = (await system.get('testimonial-keys', { type: 'json' })) as {
      watermark: string;
      keys: string[];
    };
    expect(folded.watermark).toBe(daysAgo(1).slice(0, 10));
    expect(
      folded.keys.filter(
        (k) => k.startsWith(daysAgo(3).slice(0, 10)) || k.startsWith(daysAgo(4).slice(0, 10)),
      ),
    ).toHaveLength(2);
    // Deleting a folded testimonial takes it out of the snapshot too.
    const gone = scan.find((t) => t.name === 'Folded 4')!;
    expect((await admin.delete(`/api/admin/testimonials/${gone.id}`)).status).toBe(200);
    expect(await testimonialCounts()).toEqual({
      total: scan.length - 1,
      pending: scan.filter((t) => !t.approved).length - 1,
    });
  });

  it('still answer from a full scan where the document cannot be saved (a read-only store)', async () => {
    const { getStore } = await import('@netlify/blobs');
    const system = getStore({ name: 'system', consistency: 'strong' });
    const before = (await visitor().get('/api/testimonials/approved')).json;
    await system.delete('testimonials-published');
    site.platform.cdn.purge();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    counter.refuseWrites = true;
    try {
      const res = await visitor().get('/api/testimonials/approved');
      expect(res.status).toBe(200);
      expect(res.json).toEqual(before);
      expect(
        errors.mock.calls.some((c) =>
          String(c[0]).includes('Could not save the published testimonials list'),
        ),
      ).toBe(true);
    } finally {
      counter.refuseWrites = false;
      errors.mockRestore();
    }
    expect(await system.get('testimonials-published')).toBeNull();
  });

  it('build the same document when many first readers race', async () => {
    const { getStore } = await import('@netlify/blobs');
    const system = getStore({ name: 'system', consistency: 'strong' });
    const before = (await visitor().get('/api/testimonials/approved')).json;
    await system.delete('testimonials-published');
    site.platform.cdn.purge();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => visitor().get('/api/testimonials/approved')),
    );
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.json).toEqual(before);
    }
  });
});

describe('the dashboard', () => {
  it('counts pending testimonials reading no more with 1,000 of them than with 10', async () => {
    const { insertTestimonials } = await import('../../src/server/visitors/testimonials');
    const { forgetParsedCopies } = await import('../../src/server/storage/store');
    const { testimonialSchema } = await import('../../src/schemas/testimonial');
    // Sent over the last weeks (days already folded into the key snapshot), all pending.
    const batch = (count: number, tag: string) =>
      Array.from({ length: count }, (_, n) => {
        const at = new Date(Date.now() - (3 + (n % 20)) * 86_400_000 - n).toISOString();
        return testimonialSchema.parse({
          id: `${tag}-${n}`,
          name: `${tag} ${n}`,
          content: 'Useful work.',
          rating: 5,
          approved: false,
          featured: false,
          order: 0,
          createdAt: at,
          updatedAt: at,
        });
      });
    const summary = async () => {
      // A new function instance: nothing parsed.
      forgetParsedCopies();
      const { result, bytesRead, count } = await counter.during(() =>
        admin.get('/api/admin/summary'),
      );
      expect(result.status, result.text).toBe(200);
      return { pending: result.json.pendingTestimonials as number, bytesRead, count };
    };
    await insertTestimonials(batch(10, 'few'));
    await summary();
    const small = await summary();
    await insertTestimonials(batch(990, 'many'));
    await summary();
    const large = await summary();
    expect(large.pending - small.pending).toBe(990);
    expect(large.count).toBe(small.count);
    // The key snapshot grew by 990 keys (about 70 KB); the summary reads its count, not its keys
    // (what grows is the listing of day folders: ten more days here, a few bytes each).
    expect(large.bytesRead).toBeLessThan(small.bytesRead + 500);
  });
});
