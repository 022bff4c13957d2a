import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startAdminSite } from '../helpers/admin-site';
import { client, type TestSite } from '../helpers/platform';

let site: TestSite;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  ({ site, admin } = await startAdminSite({ users: { admin: ADMIN } }));
});
afterAll(() => site.close());

const entryFor = async (target: string, action: string) =>
  (
    (await admin.get('/api/admin/history?limit=50')).json as {
      id: string;
      target: string;
      action: string;
    }[]
  ).find((e) => e.target === target && e.action === action)!;

describe('restoring testimonial changes', () => {
  it('undoes an approval, and brings a deleted testimonial back as it was', async () => {
    const t = (
      await client(site.url).post('/api/testimonials', {
        name: 'Restore Me',
        content: 'Worth keeping.',
        rating: 4,
      })
    ).json;
    expect((await admin.patch(`/api/admin/testimonials/${t.id}`, { approved: true })).status).toBe(
      200,
    );
    const approval = await entryFor(`testimonials/${t.id}`, 'update');
    const undone = await admin.post(`/api/admin/history/${approval.id}/restore`);
    expect(undone.status).toBe(200);
    const listed = () =>
      admin
        .get('/api/admin/testimonials?pageSize=100')
        .then((r) => r.json.items as { id: string; approved: boolean; rating: number }[]);
    expect((await listed()).find((x) => x.id === t.id)?.approved).toBe(false);

    expect((await admin.delete(`/api/admin/testimonials/${t.id}`)).status).toBe(200);
    const deletion = await entryFor(`testimonials/${t.id}`, 'delete');
    expect((await admin.post(`/api/admin/history/${deletion.id}/restore`)).status).toBe(200);
    expect((await listed()).find((x) => x.id === t.id)).toMatchObject({
      rating: 4,
      approved: false,
    });
    // Restoring the same deletion twice cannot create a second copy.
    expect((await admin.post(`/api/admin/history/${deletion.id}/restore`)).status).toBe(409);
  });
});
