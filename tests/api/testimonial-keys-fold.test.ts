import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startAdminSite } from '../helpers/admin-site';
import { countBlobCalls, holdFirstCall } from '../helpers/blobs-counter';
import { setClock } from '../helpers/clock';
import { client, login, type TestSite } from '../helpers/platform';

// The admin list finds testimonials by their keys: a key snapshot holding every day up to its
// watermark, plus listings of the days since. A reader folds a finished day into the snapshot,
// guarded by the snapshot's version tag; a restore merges its key in, guarded the same way. This
// file moves the clock days ahead and leaves the snapshot's watermark there, so it has a site of
// its own.
let site: TestSite;
beforeAll(async () => {
  ({ site } = await startAdminSite({ users: { admin: ADMIN } }));
});
afterAll(() => site.close());

const DAY = 86_400_000;

describe('a day folded into the testimonial keys while a testimonial of that day is restored', () => {
  it('keeps the restored testimonial in the admin list and its count', async () => {
    // Sent on day N, deleted, and restored just before the midnight after which day N is folded:
    // the restore's check finds no day to fold, and its record lands just after midnight, while an
    // admin list folds day N from a listing taken before the record was back.
    const midnight = Math.floor(Date.now() / DAY) * DAY + 3 * DAY;
    setClock(midnight - 2 * DAY + 12 * 3_600_000);
    const send = async (name: string) =>
      (await client(site.url).post('/api/testimonials', { name, content: 'Worth it.', rating: 5 }))
        .json as { id: string };
    const restored = await send('Restored At Midnight');
    // Keeps day N listed while the other is deleted: the list after midnight has a day to fold.
    const sameDay = await send('Sent The Same Day');

    setClock(midnight - 1000);
    // Signed in at the moved clock, so the session is current for it.
    const admin = client(site.url, await login(site.url, ADMIN.username, ADMIN.password));
    const listed = async () => {
      const res = await admin.get('/api/admin/testimonials?pageSize=100');
      expect(res.status).toBe(200);
      return (res.json.items as { id: string }[]).map((t) => t.id);
    };
    // Day N is yesterday now: it is listed, not folded, and stays so through the restore's check.
    expect(await listed()).toEqual(expect.arrayContaining([restored.id, sameDay.id]));
    expect((await admin.delete(`/api/admin/testimonials/${restored.id}`)).status).toBe(200);
    const deletion = (
      (await admin.get('/api/admin/history?limit=50')).json as {
        id: string;
        target: string;
        action: string;
      }[]
    ).find((e) => e.target === `testimonials/${restored.id}` && e.action === 'delete')!;

    // The restore waits at its write of the record (after its check found no day to fold); the
    // list's write of the folded snapshot waits until the restore has merged its key in. A merge
    // that left the snapshot as it was would keep its version tag, and the fold would then land
    // without the restored key.
    const recordHold = holdFirstCall(
      (call) => call.startsWith('PUT ') && call.endsWith(`_${restored.id}`),
    );
    const foldHold = holdFirstCall(
      (call) => recordHold.held && /^PUT .*\/testimonial-keys$/.test(call),
    );
    const blobs = await countBlobCalls({
      latencyMs: (call) => recordHold.latencyMs(call) || foldHold.latencyMs(call),
    });
    let folding: ReturnType<typeof admin.get> | undefined;
    try {
      const restoring = admin.post(`/api/admin/history/${deletion.id}/restore`);
      await expect.poll(() => recordHold.held, { interval: 5 }).toBe(true);
      setClock(midnight + 1000);
      folding = admin.get('/api/admin/testimonials?pageSize=100');
      await expect.poll(() => foldHold.held, { interval: 5 }).toBe(true);
      recordHold.release();
      expect((await restoring).status).toBe(200);
      foldHold.release();
      const folded = await folding;
      expect(folded.status).toBe(200);
      expect(folded.json.items.map((t: { id: string }) => t.id)).toContain(restored.id);
    } finally {
      recordHold.release();
      foldHold.release();
      await folding;
      await blobs.close();
    }

    expect(await listed()).toEqual(expect.arrayContaining([restored.id, sameDay.id]));
    const summary = await admin.get('/api/admin/summary');
    expect(summary.status).toBe(200);
    expect(summary.json.pendingTestimonials).toBe(2);
  });
});
