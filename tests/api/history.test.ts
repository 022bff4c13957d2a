import { describe, expect, it } from 'vitest';
import { CROSS_SITE, useAdminSite } from '../helpers/admin-site';
import { advanceClock } from '../helpers/clock';

const t = useAdminSite();

interface Entry {
  id: string;
  at: string;
  user: string;
  action: string;
  target: string;
  summary: string;
  before?: any;
  after?: any;
  restoredFrom?: string;
  notRestorable?: string;
}

const latest = async (): Promise<Entry> =>
  (await t.admin.get('/api/admin/history?limit=1')).json[0];
const restore = (id: string) => t.admin.post(`/api/admin/history/${id}/restore`);

describe('GET /api/admin/history', () => {
  it('lists changes newest first with who, what, before and after', async () => {
    await t.admin.patch('/api/site-settings', { heroTitle: 'First' });
    await t.admin.patch('/api/site-settings', { heroTitle: 'Second', showEvents: false });
    const res = await t.admin.get('/api/admin/history?limit=2');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [newest, older] = res.json as Entry[];
    expect(newest).toMatchObject({
      user: 'admin',
      action: 'update',
      target: 'site-settings',
      summary: 'heroTitle, showEvents',
      before: { heroTitle: 'First', showEvents: true },
      after: { heroTitle: 'Second', showEvents: false },
    });
    expect(older).toMatchObject({ before: { heroTitle: '' }, after: { heroTitle: 'First' } });
    expect(newest!.at >= older!.at).toBe(true);
  });

  it('records creates, updates, deletes and reorders of collection items', async () => {
    const created = (await t.admin.post('/api/publications', { title: 'Logged', description: 'D' }))
      .json;
    expect(await latest()).toMatchObject({
      action: 'create',
      target: `publications/${created.id}`,
      summary: 'Logged',
      after: created,
    });
    const updated = (await t.admin.patch(`/api/publications/${created.id}`, { title: 'Logged 2' }))
      .json;
    expect(await latest()).toMatchObject({
      action: 'update',
      summary: 'Logged 2: title',
      before: created,
      after: updated,
    });
    const other = (await t.admin.post('/api/publications', { title: 'Other', description: 'D' }))
      .json;
    // A new publication goes first, so the older one is moved back up.
    await t.admin.put('/api/publications/order', { ids: [created.id, other.id] });
    expect(await latest()).toMatchObject({
      action: 'reorder',
      target: 'publications',
      before: { ids: [other.id, created.id] },
      after: { ids: [created.id, other.id] },
    });
    await t.admin.delete(`/api/publications/${other.id}`);
    expect(await latest()).toMatchObject({
      action: 'delete',
      target: `publications/${other.id}`,
      before: { id: other.id, title: 'Other', order: 1 },
    });
  });

  it('a refused change records nothing', async () => {
    const before = await latest();
    await t.admin.patch('/api/site-settings', { colour: 'red' });
    await t.anon.patch('/api/site-settings', { heroTitle: 'Nope' });
    expect((await latest()).id).toBe(before.id);
  });

  it('honours limit and refuses a bad one', async () => {
    expect((await t.admin.get('/api/admin/history?limit=3')).json).toHaveLength(3);
    expect((await t.admin.get('/api/admin/history')).json.length).toBeGreaterThan(3);
    for (const bad of ['0', '501', 'abc', '1.5'])
      expect((await t.admin.get(`/api/admin/history?limit=${bad}`)).status).toBe(400);
  });

  it('needs a signed-in editor or admin', async () => {
    expect((await t.anon.get('/api/admin/history')).status).toBe(401);
    expect((await t.viewer.get('/api/admin/history')).status).toBe(200);
  });
});

describe('POST /api/admin/history/:id/restore', () => {
  it('restores a settings change, records the restore, and the restore can itself be undone', async () => {
    await t.admin.patch('/api/site-settings', { aboutVision: 'Old vision' });
    await t.admin.patch('/api/site-settings', { aboutVision: 'New vision' });
    const change = await latest();
    const publishBefore = (await t.admin.get('/api/admin/publish')).json;
    advanceClock(5);
    const res = await restore(change.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      action: 'restore',
      target: 'site-settings',
      restoredFrom: change.id,
      user: 'admin',
      before: { aboutVision: 'New vision' },
      after: { aboutVision: 'Old vision' },
    });
    expect((await t.anon.get('/api/site-settings')).json.aboutVision).toBe('Old vision');
    expect((await latest()).id).toBe(res.json.id);
    // The restore asked for a rebuild: the publish state saw a newer change.
    const publishAfter = (await t.admin.get('/api/admin/publish')).json;
    expect(publishAfter.state).toBe('queued');
    expect(publishAfter.lastChangeAt > publishBefore.lastChangeAt).toBe(true);
    expect((await restore(res.json.id)).status).toBe(200);
    expect((await t.anon.get('/api/site-settings')).json.aboutVision).toBe('New vision');
  });

  it('restores an item update, and refuses with 409 once the item is gone', async () => {
    const item = (
      await t.admin.post('/api/research-areas', {
        title: 'Area',
        description: 'Old text',
        link: 'https://example.org',
      })
    ).json;
    await t.admin.patch(`/api/research-areas/${item.id}`, { description: 'New text', link: '' });
    const change = await latest();
    expect((await restore(change.id)).status).toBe(200);
    expect((await t.anon.get(`/api/research-areas/${item.id}`)).json).toMatchObject({
      description: 'Old text',
      link: 'https://example.org',
      title: 'Area',
    });
    await t.admin.delete(`/api/research-areas/${item.id}`);
    const gone = await restore(change.id);
    expect(gone.status).toBe(409);
    expect(gone.json.message).toMatch(/deleted/);
  });

  it('undoes a create by deleting, and a delete by re-creating with the same id and data', async () => {
    const item = (
      await t.admin.post('/api/events', {
        title: 'Undo me',
        startDate: '2031-01-01',
        endDate: '2031-01-02',
      })
    ).json;
    const created = await latest();
    expect((await restore(created.id)).json).toMatchObject({ before: item });
    expect((await t.anon.get(`/api/events/${item.id}`)).status).toBe(404);
    expect((await restore(created.id)).status).toBe(409);

    const kept = (await t.admin.post('/api/stats', { value: '42', label: 'Answers' })).json;
    await t.admin.delete(`/api/stats/${kept.id}`);
    const deleted = await latest();
    const back = await restore(deleted.id);
    expect(back.json).toMatchObject({
      action: 'restore',
      after: { id: kept.id, value: '42', label: 'Answers' },
    });
    expect((await t.anon.get(`/api/stats/${kept.id}`)).json).toMatchObject({
      id: kept.id,
      value: '42',
      createdAt: kept.createdAt,
    });
    expect(await restore(deleted.id)).toMatchObject({ status: 409 });
  });

  it('says which changes have no restore and why, and refuses their restore with that reason', async () => {
    const report = (
      await t.admin.post('/api/publications', {
        title: 'Linked Draft',
        description: 'Shared before it is out.',
        status: 'draft',
      })
    ).json;
    const created = await latest();
    const link = await t.admin.post('/api/admin/preview-links', {
      kind: 'publication',
      id: report.id,
    });
    expect(link.status, link.text).toBe(201);
    const [linked, made] = (await t.admin.get('/api/admin/history?page=1&pageSize=2')).json.items;
    expect(made).toMatchObject({ id: created.id, target: `publications/${report.id}` });
    expect(made.notRestorable).toBeUndefined();
    expect(linked.target).toMatch(/^preview-links\//);
    expect(linked.notRestorable).toMatch(/not restored from History/);
    expect((await latest()).notRestorable).toBe(linked.notRestorable);
    const refused = await restore(linked.id);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(linked.notRestorable);
    expect((await latest()).id).toBe(linked.id);
    // The list's "yes" holds too: the draft's create is undone.
    expect((await restore(created.id)).status).toBe(200);
  });

  it('restores an order, and refuses with 409 when items were added since', async () => {
    const a = (await t.admin.post('/api/team-members', { name: 'A', position: 'P' })).json;
    const b = (await t.admin.post('/api/team-members', { name: 'B', position: 'P' })).json;
    await t.admin.put('/api/team-members/order', { ids: [a.id, b.id] });
    await t.admin.put('/api/team-members/order', { ids: [b.id, a.id] });
    const reorder = await latest();
    expect((await restore(reorder.id)).status).toBe(200);
    expect((await t.anon.get('/api/team-members')).json.map((m: { id: string }) => m.id)).toEqual([
      a.id,
      b.id,
    ]);
    await t.admin.post('/api/team-members', { name: 'C', position: 'P' });
    expect((await restore(reorder.id)).status).toBe(409);
  });

  it('joins one person’s consecutive reorders of a list into one entry, which restores the order before them all', async () => {
    const made: string[] = [];
    for (const label of ['X', 'Y', 'Z'])
      made.push((await t.admin.post('/api/stats', { value: '1', label })).json.id as string);
    const start = ((await t.anon.get('/api/stats')).json as { id: string }[]).map((s) => s.id);
    const [x, y, z] = made as [string, string, string];
    const others = start.filter((id) => !made.includes(id));
    for (const ids of [
      [y, x, z],
      [y, z, x],
      [z, y, x],
    ])
      expect((await t.admin.put('/api/stats/order', { ids: [...others, ...ids] })).status).toBe(
        200,
      );
    const recent = (await t.admin.get('/api/admin/history?limit=5')).json as Entry[];
    expect(recent.filter((e) => e.action === 'reorder')).toHaveLength(1);
    expect(recent[0]).toMatchObject({
      action: 'reorder',
      target: 'stats',
      before: { ids: start },
      after: { ids: [...others, z, y, x] },
    });
    // Someone else's reorder is a change of its own.
    expect((await t.viewer.put('/api/stats/order', { ids: [...others, x, z, y] })).status).toBe(
      200,
    );
    const [theirs, mine] = (await t.admin.get('/api/admin/history?limit=2')).json as Entry[];
    expect([theirs!.user, mine!.user]).toEqual(['viewer', 'admin']);
    expect((await restore(mine!.id)).status).toBe(200);
    expect(((await t.anon.get('/api/stats')).json as { id: string }[]).map((s) => s.id)).toEqual(
      start,
    );
  });

  it('answers 404 for an unknown entry, 415 to a form post, 401 signed out and 403 cross-site', async () => {
    const entry = await latest();
    expect(await restore('9999999999999-00000000')).toMatchObject({
      status: 404,
      json: { message: 'History entry not found' },
    });
    expect((await restore('not-an-id')).status).toBe(404);
    expect(
      (
        await t.admin.post(`/api/admin/history/${entry.id}/restore`, 'a=b', {
          'Content-Type': 'application/x-www-form-urlencoded',
        })
      ).status,
    ).toBe(415);
    expect((await t.anon.post(`/api/admin/history/${entry.id}/restore`)).status).toBe(401);
    expect(
      (await t.admin.post(`/api/admin/history/${entry.id}/restore`, undefined, CROSS_SITE)).status,
    ).toBe(403);
    expect((await t.admin.get(`/api/admin/history/${entry.id}/restore`)).status).toBe(405);
    expect((await latest()).id).toBe(entry.id);
  });
});
