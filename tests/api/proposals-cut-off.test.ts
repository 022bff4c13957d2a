import { describe, expect, it } from 'vitest';
import { ADMIN, CONTRIBUTOR, createRecord, useAdminSite, VIEWER } from '../helpers/admin-site';
import { countBlobCalls } from '../helpers/blobs-counter';
import { member, proposalId } from '../helpers/proposals';

// An approval cut off half-way (the store failing under it, as a function killed there would)
// is finished by approving again: the record made once, one History entry, the proposal approved.
// `viewer` is an editor; `contributor` proposes.
const t = useAdminSite({ users: { admin: ADMIN, viewer: VIEWER, contributor: CONTRIBUTOR } });

describe('approving a proposed new record, cut off half-way', () => {
  // Where the store fails under the approval, and whether lists show the new record then.
  type Cut = [name: string, when: (pid: string) => (call: string) => boolean, listed: number];
  const beforeEntry: Cut = [
    'before its History entry',
    () => (call) => /:history\/\d{13}-/.test(call),
    1,
  ];
  const beforeMark: Cut = [
    'before the proposal is marked approved',
    (pid) => {
      // Its first write was the approval's claim.
      let writes = 0;
      return (call) => call.endsWith(`/proposals/${pid}`) && ++writes > 1;
    },
    1,
  ];
  const beforeRow: Cut = [
    'between its record and its index row',
    () => (call) => call.endsWith(':content/publications-index'),
    0,
  ];
  const body = (collection: string, label: string) =>
    collection === 'stats' ? { value: '5', label } : { title: label, description: 'Proposed.' };
  const named = async (collection: string, label: string) => {
    const res = await t.admin.get(
      collection === 'stats' ? '/api/stats' : `/api/${collection}/all?q=${label}&pageSize=100`,
    );
    const items = (collection === 'stats' ? res.json : res.json.items) as {
      id: string;
      label?: string;
      title?: string;
    }[];
    return items.filter((i) => (i.label ?? i.title) === label);
  };

  // A collection kept as one document, and one kept one key per record.
  it.each([
    ['stats', ...beforeEntry],
    ['stats', ...beforeMark],
    ['publications', ...beforeEntry],
    ['publications', ...beforeMark],
    ['publications', ...beforeRow],
  ] as const)(
    '%s, %s: approving again makes the record once, with one History entry, and ends approved',
    async (collection, cutName, when, listed) => {
      const label = `Once-${collection}-${cutName.replaceAll(' ', '-')}`;
      const pid = proposalId(
        await t.contributor.post(`/api/${collection}`, body(collection, label)),
      );
      const counter = await countBlobCalls();
      try {
        counter.refuseWrite = when(pid);
        const cut = await t.viewer.post(`/api/admin/proposals/${pid}/approve`);
        expect(cut.status, cut.text).toBe(503);
      } finally {
        counter.refuseWrite = null;
        await counter.close();
      }
      // Cut off after the record was made, and the proposal is still pending.
      expect(await named(collection, label)).toHaveLength(listed);
      expect((await t.viewer.get(`/api/admin/proposals/${pid}`)).json.proposal.status).toBe(
        'pending',
      );

      const again = await t.viewer.post(`/api/admin/proposals/${pid}/approve`);
      expect(again.status, again.text).toBe(200);
      expect(again.json.proposal).toMatchObject({ status: 'approved', decidedBy: 'viewer' });
      const made = await named(collection, label);
      expect(made.map((r) => r.id)).toEqual([again.json.record.id]);
      const entries = (await t.admin.get('/api/admin/history?limit=50')).json as {
        proposal?: string;
        target: string;
        id: string;
      }[];
      const mine = entries.filter((e) => e.proposal === pid);
      expect(mine).toEqual([
        expect.objectContaining({
          id: again.json.proposal.historyId,
          target: `${collection}/${made[0]!.id}`,
        }),
      ]);
      expect((await t.admin.post(`/api/admin/proposals/${pid}/approve`)).status).toBe(409);
      expect(await named(collection, label)).toHaveLength(1);
    },
  );

  it('the same reviewer approving twice at once (a double click) makes it once', async () => {
    const label = 'Once-double-click';
    const pid = proposalId(await t.contributor.post('/api/stats', { value: '2', label }));
    const url = `/api/admin/proposals/${pid}/approve`;
    const statuses = (await Promise.all([t.viewer.post(url), t.viewer.post(url)])).map(
      (r) => r.status,
    );
    expect(statuses).toContain(200);
    for (const s of statuses) expect([200, 409]).toContain(s);
    const made = (await t.anon.get('/api/stats')).json.filter(
      (s: { label: string }) => s.label === label,
    );
    expect(made).toHaveLength(1);
    const entries = (await t.admin.get('/api/admin/history?limit=50')).json as {
      proposal?: string;
    }[];
    expect(entries.filter((e) => e.proposal === pid)).toHaveLength(1);
    const shown = (await t.viewer.get(`/api/admin/proposals/${pid}`)).json.proposal;
    expect(shown.comments.filter((c: { kind: string }) => c.kind === 'approved')).toHaveLength(1);
  });
});

describe('approving a proposed change, cut off after it landed', () => {
  // One collection kept as one document, one kept one key per record.
  it.each([
    ['team-members', member('Ada L'), { bio: 'Ada wrote the first program.' }],
    ['publications', { title: 'Cut Change', description: 'Old.' }, { description: 'New.' }],
  ] as const)(
    '%s: approving again finishes it, once, in History, and it ends approved',
    async (collection, body, change) => {
      const id = await createRecord(t.admin, collection, body);
      const pid = proposalId(await t.contributor.patch(`/api/${collection}/${id}`, change));
      const counter = await countBlobCalls();
      try {
        // The change lands; the History entry's write fails, as a function killed there would.
        counter.refuseWrite = (call) => /:history\/\d{13}-/.test(call);
        const cut = await t.viewer.post(`/api/admin/proposals/${pid}/approve`);
        expect(cut.status, cut.text).toBe(503);
      } finally {
        counter.refuseWrite = null;
        await counter.close();
      }
      const [field, value] = Object.entries(change)[0]!;
      const live = async () =>
        (
          await t.admin.get(
            `/api/${collection}${collection === 'publications' ? '/all' : ''}/${id}`,
          )
        ).json[field];
      expect(await live()).toBe(value);
      expect((await t.viewer.get(`/api/admin/proposals/${pid}`)).json.proposal.status).toBe(
        'pending',
      );

      const again = await t.viewer.post(`/api/admin/proposals/${pid}/approve`);
      expect(again.status, again.text).toBe(200);
      expect(again.json.proposal).toMatchObject({ status: 'approved', decidedBy: 'viewer' });
      expect(await live()).toBe(value);
      const entries = (await t.admin.get('/api/admin/history?limit=50')).json as {
        proposal?: string;
        before?: Record<string, unknown>;
        after?: Record<string, unknown>;
      }[];
      const mine = entries.filter((e) => e.proposal === pid);
      expect(mine).toHaveLength(1);
      expect(mine[0]!.before?.[field]).toBe((body as Record<string, unknown>)[field]);
      expect(mine[0]!.after?.[field]).toBe(value);
      expect((await t.admin.post(`/api/admin/proposals/${pid}/approve`)).status).toBe(409);
    },
  );
});

describe('approving a proposed deletion, cut off half-way', () => {
  it('publications, between its record and its index row: approving again finishes it, once, in History', async () => {
    const title = 'Half-deleted report';
    const id = await createRecord(t.admin, 'publications', { title, description: 'Old.' });
    const pid = proposalId(await t.contributor.delete(`/api/publications/${id}`));
    const listed = async () => ({
      admin: (
        (await t.admin.get(`/api/publications/all?q=${title}&pageSize=100`)).json.items as {
          id: string;
        }[]
      ).some((i) => i.id === id),
      public: ((await t.anon.get('/api/publications')).json as { id: string }[]).some(
        (i) => i.id === id,
      ),
    });
    const counter = await countBlobCalls();
    try {
      counter.refuseWrite = (call) => call.endsWith(':content/publications-index');
      const cut = await t.viewer.post(`/api/admin/proposals/${pid}/approve`);
      expect(cut.status, cut.text).toBe(503);
    } finally {
      counter.refuseWrite = null;
      await counter.close();
    }

    const again = await t.viewer.post(`/api/admin/proposals/${pid}/approve`);
    expect(again.status, again.text).toBe(200);
    expect(again.json.proposal).toMatchObject({ status: 'approved', decidedBy: 'viewer' });
    expect((await t.anon.get(`/api/publications/${id}`)).status).toBe(404);
    expect(await listed()).toEqual({ admin: false, public: false });
    const entries = (await t.admin.get('/api/admin/history?limit=50')).json as {
      proposal?: string;
      action: string;
      target: string;
    }[];
    expect(entries.filter((e) => e.proposal === pid)).toEqual([
      expect.objectContaining({ action: 'delete', target: `publications/${id}` }),
    ]);
    expect((await t.admin.post(`/api/admin/proposals/${pid}/approve`)).status).toBe(409);
  });
});
