import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  CONTRIBUTOR,
  createRecord,
  useAdminSite,
  VIEWER,
  type Client,
} from '../helpers/admin-site';
import { countBlobCalls, holdFirstCall } from '../helpers/blobs-counter';
import { advanceClock } from '../helpers/clock';
import { client, createTestUser, login } from '../helpers/platform';
import { member, proposalId } from '../helpers/proposals';

// `viewer` is an editor; `contributor` proposes.
const t = useAdminSite({ users: { admin: ADMIN, viewer: VIEWER, contributor: CONTRIBUTOR } });

/** What a visitor and the build see: the public record, the publish state, History's newest entry. */
async function publicSnapshot(collection: string, id: string) {
  return {
    record: (await t.anon.get(`/api/${collection}/${id}`)).json,
    lastChangeAt: (await t.admin.get('/api/admin/publish')).json.lastChangeAt,
    hookCalls: t.hookCalls(),
    newest: (await t.admin.get('/api/admin/history?limit=1')).json[0]?.id,
  };
}

describe('the contributor role', () => {
  it('is invited like the others, signs in, and their saves become proposals', async () => {
    const invited = await t.admin.post('/api/admin/users', {
      username: 'fellow',
      role: 'contributor',
      email: 'fellow@example.org',
    });
    expect(invited.status, invited.text).toBe(201);
    const token = (invited.json.invitePath as string).split('#')[1]!;
    const password = 'fellow-password-123';
    expect((await t.anon.post(`/api/auth/invitations/${token}/accept`, { password })).status).toBe(
      200,
    );
    const fellow = client(t.site.url, await login(t.site.url, 'fellow', password));
    expect((await fellow.get('/api/auth/me')).json).toMatchObject({
      username: 'fellow',
      role: 'contributor',
    });
    const listed = (await t.admin.get('/api/admin/users')).json.users as {
      username: string;
      role: string;
    }[];
    expect(listed.find((u) => u.username === 'fellow')?.role).toBe('contributor');
    proposalId(await fellow.patch('/api/site-settings', { heroTitle: 'A fellow’s hero' }));
    const refused = await fellow.post('/api/admin/publish', {});
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/^Contributors cannot publish/);
  });
});

describe('a contributor saves', () => {
  // One valid create body per collection, and a field a PATCH changes.
  const COLLECTIONS: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['research-areas', { title: 'Area', description: 'About it.' }, { title: 'Area 2' }],
    ['team-members', member('Ada'), { bio: 'A new bio.' }],
    ['publications', { title: 'Report', description: 'Findings.' }, { title: 'Report 2' }],
    ['stats', { value: '7', label: 'Papers' }, { label: 'Reports' }],
    [
      'events',
      { title: 'Workshop', startDate: '2031-03-01', endDate: '2031-03-02' },
      { title: 'Workshop 2' },
    ],
  ];

  it.each(COLLECTIONS)(
    '%s: POST, PATCH and DELETE become proposals; nothing public changes, no build starts',
    async (name, body, patch) => {
      const id = await createRecord(t.admin, name, body);
      const before = await publicSnapshot(name, id);
      const listed = (await t.anon.get(`/api/${name}`)).json;

      proposalId(await t.contributor.patch(`/api/${name}/${id}`, patch));
      proposalId(await t.contributor.delete(`/api/${name}/${id}`));
      proposalId(await t.contributor.post(`/api/${name}`, body));

      expect(await publicSnapshot(name, id)).toEqual(before);
      expect((await t.anon.get(`/api/${name}`)).json).toEqual(listed);
    },
  );

  it('site texts: a PATCH becomes a proposal; the public settings and builds are untouched', async () => {
    const before = (await t.anon.get('/api/site-settings')).json;
    const state = (await t.admin.get('/api/admin/publish')).json.lastChangeAt;
    const calls = t.hookCalls();
    proposalId(await t.contributor.patch('/api/site-settings', { heroTitle: 'Proposed hero' }));
    expect((await t.anon.get('/api/site-settings')).json).toEqual(before);
    expect((await t.admin.get('/api/admin/publish')).json.lastChangeAt).toBe(state);
    expect(t.hookCalls()).toBe(calls);
  });

  it('a stale _expected is a 409 as for any save, and bad fields a 400: no proposal is made', async () => {
    const id = await createRecord(t.admin, 'team-members', member('Grace'));
    const stale = await t.contributor.patch(`/api/team-members/${id}`, {
      bio: 'x',
      _expected: { bio: 'not what it was' },
    });
    expect(stale.status).toBe(409);
    expect((await t.contributor.patch(`/api/team-members/${id}`, { nope: 1 })).status).toBe(400);
    expect((await t.contributor.patch('/api/team-members/missing', { bio: 'x' })).status).toBe(404);
  });
});

describe('reviewing', () => {
  it('approve applies the change, publishes it, and History names author and approver', async () => {
    const id = await createRecord(t.admin, 'team-members', member('Alan'));
    const pid = proposalId(
      await t.contributor.patch(`/api/team-members/${id}`, { bio: 'Alan broke codes.' }),
    );
    const state = (await t.admin.get('/api/admin/publish')).json.lastChangeAt;

    const shown = await t.viewer.get(`/api/admin/proposals/${pid}`);
    expect(shown.json.diff).toEqual([
      {
        field: 'bio',
        base: 'Alan studies AI.',
        proposed: 'Alan broke codes.',
        current: 'Alan studies AI.',
        changedSince: false,
      },
    ]);

    const approved = await t.viewer.post(`/api/admin/proposals/${pid}/approve`);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.proposal).toMatchObject({ status: 'approved', decidedBy: 'viewer' });
    expect((await t.anon.get(`/api/team-members/${id}`)).json.bio).toBe('Alan broke codes.');
    const published = (await t.admin.get('/api/admin/publish')).json;
    expect(published.lastChangeAt).not.toBe(state);
    expect(published.state).not.toBe('live');

    const [entry] = (await t.admin.get('/api/admin/history?limit=1')).json;
    expect(entry).toMatchObject({
      user: 'viewer',
      proposedBy: 'contributor',
      action: 'update',
      target: `team-members/${id}`,
      before: { bio: 'Alan studies AI.' },
      after: { bio: 'Alan broke codes.' },
    });
    expect(entry.summary).toContain('proposed by contributor');

    // Once approved it is final: a second approval changes nothing.
    expect((await t.admin.post(`/api/admin/proposals/${pid}/approve`)).status).toBe(409);
  });

  it('approves a proposed new record, a deletion and a site-texts change', async () => {
    const created = proposalId(
      await t.contributor.post('/api/stats', { value: '9', label: 'New' }),
    );
    const res = await t.admin.post(`/api/admin/proposals/${created}/approve`);
    expect(res.status, res.text).toBe(200);
    const newId = res.json.record.id as string;
    expect((await t.anon.get(`/api/stats/${newId}`)).json).toMatchObject({ label: 'New' });

    const gone = proposalId(await t.contributor.delete(`/api/stats/${newId}`));
    expect((await t.admin.post(`/api/admin/proposals/${gone}/approve`)).status).toBe(200);
    expect((await t.anon.get(`/api/stats/${newId}`)).status).toBe(404);

    const texts = proposalId(
      await t.contributor.patch('/api/site-settings', { footerTagline: 'Proposed tagline' }),
    );
    expect((await t.admin.post(`/api/admin/proposals/${texts}/approve`)).status).toBe(200);
    expect((await t.anon.get('/api/site-settings')).json.footerTagline).toBe('Proposed tagline');
    const [entry] = (await t.admin.get('/api/admin/history?limit=1')).json;
    expect(entry).toMatchObject({
      target: 'site-settings',
      user: 'admin',
      proposedBy: 'contributor',
      after: { footerTagline: 'Proposed tagline' },
    });
  });

  it('a stale base version is a 409 with both versions, and nothing is overwritten', async () => {
    const id = await createRecord(t.admin, 'team-members', member('Barbara'));
    const pid = proposalId(
      await t.contributor.patch(`/api/team-members/${id}`, { bio: 'Contributor bio.' }),
    );
    // A change to another field does not block it; one to the same field does.
    await t.admin.patch(`/api/team-members/${id}`, { position: 'Director' });
    await t.admin.patch(`/api/team-members/${id}`, { bio: 'Admin bio.' });

    const diff = (await t.viewer.get(`/api/admin/proposals/${pid}`)).json.diff;
    expect(diff[0]).toMatchObject({ field: 'bio', current: 'Admin bio.', changedSince: true });
    const res = await t.viewer.post(`/api/admin/proposals/${pid}/approve`);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({
      message: expect.stringContaining('changed since'),
      fields: { bio: expect.any(String) },
      proposed: { bio: 'Contributor bio.' },
      base: { bio: 'Barbara studies AI.' },
      current: { bio: 'Admin bio.' },
    });
    expect((await t.anon.get(`/api/team-members/${id}`)).json).toMatchObject({
      bio: 'Admin bio.',
      position: 'Director',
    });
    expect((await t.viewer.get(`/api/admin/proposals/${pid}`)).json.proposal.status).toBe(
      'pending',
    );

    const other = proposalId(
      await t.contributor.patch(`/api/team-members/${id}`, { name: 'Barbara L.' }),
    );
    await t.admin.patch(`/api/team-members/${id}`, { position: 'Chair' });
    expect((await t.viewer.post(`/api/admin/proposals/${other}/approve`)).status).toBe(200);
    expect((await t.anon.get(`/api/team-members/${id}`)).json).toMatchObject({
      name: 'Barbara L.',
      position: 'Chair',
      bio: 'Admin bio.',
    });
  });

  it('a deletion or change of a record edited or deleted since is a 409; a proposed new record can be revised', async () => {
    const id = await createRecord(t.admin, 'stats', { value: '3', label: 'Kept' });
    const gone = proposalId(await t.contributor.delete(`/api/stats/${id}`));
    const change = proposalId(await t.contributor.patch(`/api/stats/${id}`, { label: 'Changed' }));
    expect((await t.contributor.patch(`/api/admin/proposals/${gone}`, { label: 'x' })).status).toBe(
      400,
    );
    await t.admin.patch(`/api/stats/${id}`, { value: '4' });
    const stale = await t.viewer.post(`/api/admin/proposals/${gone}/approve`);
    expect(stale.status).toBe(409);
    expect(stale.json.current).toMatchObject({ value: '4' });
    expect((await t.anon.get(`/api/stats/${id}`)).status).toBe(200);

    await t.admin.delete(`/api/stats/${id}`);
    const deleted = await t.viewer.post(`/api/admin/proposals/${change}/approve`);
    expect(deleted.status).toBe(409);
    expect(deleted.json.message).toBe('The record was deleted since this proposal was made');

    const created = proposalId(await t.contributor.post('/api/stats', { value: '1', label: 'A' }));
    const revised = await t.contributor.patch(`/api/admin/proposals/${created}`, {
      value: '2',
      label: 'Revised',
    });
    expect(revised.json).toMatchObject({
      status: 'pending',
      changes: { value: '2', label: 'Revised' },
    });
    expect((await t.contributor.patch(`/api/admin/proposals/${created}`, {})).status).toBe(400);
    const res = await t.viewer.post(`/api/admin/proposals/${created}/approve`);
    expect(res.json.record).toMatchObject({ value: '2', label: 'Revised' });
  });

  it('request-changes, the contributor sees the comment, resubmits, and it is approved', async () => {
    const id = await createRecord(t.admin, 'team-members', member('Katherine'));
    const pid = proposalId(
      await t.contributor.patch(`/api/team-members/${id}`, { bio: 'Katherine computes.' }),
    );
    expect((await t.viewer.post(`/api/admin/proposals/${pid}/request-changes`, {})).status).toBe(
      400,
    );
    const sent = await t.viewer.post(`/api/admin/proposals/${pid}/request-changes`, {
      comment: 'Please name NASA.',
    });
    expect(sent.json.status).toBe('changes-requested');
    // Sent back, it cannot be approved until resubmitted.
    expect((await t.admin.post(`/api/admin/proposals/${pid}/approve`)).status).toBe(409);

    const mine = (await t.contributor.get('/api/admin/proposals?status=changes-requested')).json;
    expect(mine.items.map((p: { id: string }) => p.id)).toContain(pid);
    const seen = mine.items.find((p: { id: string }) => p.id === pid);
    expect(seen.comments).toEqual([
      expect.objectContaining({
        by: 'viewer',
        kind: 'changes-requested',
        text: 'Please name NASA.',
      }),
    ]);

    const resubmitted = await t.contributor.patch(`/api/admin/proposals/${pid}`, {
      bio: 'Katherine computed for NASA.',
    });
    expect(resubmitted.status, resubmitted.text).toBe(200);
    expect(resubmitted.json).toMatchObject({
      status: 'pending',
      changes: { bio: 'Katherine computed for NASA.' },
    });
    expect((await t.anon.get(`/api/team-members/${id}`)).json.bio).toBe('Katherine studies AI.');
    expect((await t.viewer.post(`/api/admin/proposals/${pid}/approve`)).status).toBe(200);
    expect((await t.anon.get(`/api/team-members/${id}`)).json.bio).toBe(
      'Katherine computed for NASA.',
    );
  });

  it('withdraw (its author only) and reject (a reviewer) end it; nothing changes', async () => {
    const id = await createRecord(t.admin, 'team-members', member('Edsger'));
    const first = proposalId(await t.contributor.patch(`/api/team-members/${id}`, { bio: 'One.' }));
    expect((await t.viewer.post(`/api/admin/proposals/${first}/withdraw`)).status).toBe(403);
    const withdrawn = await t.contributor.post(`/api/admin/proposals/${first}/withdraw`);
    expect(withdrawn.json).toMatchObject({ status: 'withdrawn', decidedBy: 'contributor' });
    expect((await t.viewer.post(`/api/admin/proposals/${first}/approve`)).status).toBe(409);

    const second = proposalId(
      await t.contributor.patch(`/api/team-members/${id}`, { bio: 'Two.' }),
    );
    const rejected = await t.viewer.delete(`/api/admin/proposals/${second}`);
    expect(rejected.json).toMatchObject({ status: 'rejected', decidedBy: 'viewer' });
    expect((await t.viewer.post(`/api/admin/proposals/${second}/approve`)).status).toBe(409);
    expect((await t.contributor.patch(`/api/admin/proposals/${second}`, { bio: 'x' })).status).toBe(
      409,
    );
    expect((await t.anon.get(`/api/team-members/${id}`)).json.bio).toBe('Edsger studies AI.');
  });

  it('a contributor cannot review, and lists only their own proposals, newest first', async () => {
    const id = await createRecord(t.admin, 'team-members', member('Hedy'));
    const pid = proposalId(await t.contributor.patch(`/api/team-members/${id}`, { bio: 'Hedy.' }));
    for (const res of [
      await t.contributor.post(`/api/admin/proposals/${pid}/approve`),
      await t.contributor.post(`/api/admin/proposals/${pid}/request-changes`, { comment: 'x' }),
      await t.contributor.delete(`/api/admin/proposals/${pid}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.json.message).toMatch(/^Contributors cannot /);
    }

    await createTestUser('other-contributor', 'other-password-123', false, 'contributor');
    const other: Client = client(
      t.site.url,
      await login(t.site.url, 'other-contributor', 'other-password-123'),
    );
    advanceClock(1);
    const theirs = proposalId(await other.patch(`/api/team-members/${id}`, { bio: 'Theirs.' }));
    expect((await other.get(`/api/admin/proposals/${pid}`)).status).toBe(404);
    const listed = (await other.get('/api/admin/proposals')).json;
    expect(listed.items.map((p: { id: string }) => p.id)).toEqual([theirs]);

    const all = (await t.viewer.get('/api/admin/proposals?status=pending&pageSize=2')).json;
    expect(all.items.map((p: { id: string }) => p.id)).toEqual([theirs, pid]);
    expect(all.hasMore).toBe(true);
    expect(all.items[0]).toMatchObject({
      author: 'other-contributor',
      subject: 'team-members',
      recordId: id,
      label: 'Hedy',
      status: 'pending',
    });
    const next = (await t.viewer.get('/api/admin/proposals?status=pending&pageSize=2&page=2')).json;
    expect(next.items.map((p: { id: string }) => p.id)).not.toContain(pid);
    expect((await t.viewer.get('/api/admin/proposals?status=maybe')).status).toBe(400);
  });
});

describe('while an approval is under way', () => {
  /** Runs `step` whole while the approval of `pid` waits at its first write matching `at`. */
  async function duringApproval<T>(pid: string, at: RegExp, step: () => Promise<T>) {
    const hold = holdFirstCall((call) => at.test(call));
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const approving = t.viewer.post(`/api/admin/proposals/${pid}/approve`);
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      const stepped = await step();
      hold.release();
      return { approved: await approving, stepped };
    } finally {
      hold.release();
      await blobs.close();
    }
  }

  it.each([
    [
      'its author resubmits it',
      (pid: string) => t.contributor.patch(`/api/admin/proposals/${pid}`, { bio: 'Second text.' }),
    ],
    [
      'another reviewer sends it back',
      (pid: string) =>
        t.admin.post(`/api/admin/proposals/${pid}/request-changes`, {
          comment: 'Shorter, please.',
        }),
    ],
  ] as const)('%s: refused, and the approved proposal says what went live', async (_name, step) => {
    const id = await createRecord(t.admin, 'team-members', member('Ada L'));
    const pid = proposalId(
      await t.contributor.patch(`/api/team-members/${id}`, { bio: 'First text.' }),
    );
    const { approved, stepped } = await duringApproval(pid, /^PUT .*content\/team-members$/, () =>
      step(pid),
    );
    expect(approved.status, approved.text).toBe(200);
    const live = (await t.anon.get(`/api/team-members/${id}`)).json.bio;
    const shown = (await t.contributor.get(`/api/admin/proposals/${pid}`)).json.proposal;
    expect({ status: shown.status, bio: shown.changes.bio }).toEqual({
      status: 'approved',
      bio: live,
    });
    expect(shown.comments.map((c: { kind: string }) => c.kind)).toEqual(['approved']);
    expect(stepped.status, stepped.text).toBe(409);
    expect(stepped.json.message).toBe('viewer is approving this proposal right now');
  });

  it('a second click of Approve while the first records it finishes it with the first, once: a withdrawal meanwhile is refused', async () => {
    const id = await createRecord(t.admin, 'team-members', member('Grace H'));
    const pid = proposalId(
      await t.contributor.patch(`/api/team-members/${id}`, { bio: 'Clicked twice.' }),
    );
    // The first approval waits once its change is live, at its History entry; the second click
    // finds the change live under the entry the first decided, and finishes it.
    const { approved, stepped } = await duringApproval(pid, /^PUT .*:history\//, async () => ({
      again: await t.viewer.post(`/api/admin/proposals/${pid}/approve`),
      withdrawn: await t.contributor.post(`/api/admin/proposals/${pid}/withdraw`),
    }));
    expect(approved.status, approved.text).toBe(200);
    expect(stepped.again.status, stepped.again.text).toBe(200);
    const entries = (await t.admin.get('/api/admin/history?limit=50')).json as {
      proposal?: string;
    }[];
    expect(entries.filter((e) => e.proposal === pid)).toHaveLength(1);
    expect(stepped.withdrawn.status, stepped.withdrawn.text).toBe(409);
    const shown = (await t.contributor.get(`/api/admin/proposals/${pid}`)).json.proposal;
    expect(shown.status).toBe('approved');
    expect(shown.comments.map((c: { kind: string }) => c.kind)).toEqual(['approved']);
  });

  it.each([
    ['team-members', member('Niklaus'), () => /^PUT .*content\/team-members$/],
    [
      'publications',
      { title: 'To delete', description: 'Old.' },
      (id: string) => new RegExp(`^PUT .*content/publications-records/${id}$`),
    ],
  ] as const)(
    '%s: a proposed deletion approved while an admin saves the record deletes nothing',
    async (collection, body, at) => {
      const id = await createRecord(t.admin, collection, body);
      const pid = proposalId(await t.contributor.delete(`/api/${collection}/${id}`));
      const field = collection === 'publications' ? 'description' : 'bio';
      const { approved, stepped } = await duringApproval(pid, at(id), () =>
        t.admin.patch(`/api/${collection}/${id}`, { [field]: 'Saved meanwhile.' }),
      );
      expect(stepped.status, stepped.text).toBe(200);
      // The admin's save was acknowledged: it is still there, and the approval said why not.
      const stored = await t.anon.get(`/api/${collection}/${id}`);
      expect(stored.status).toBe(200);
      expect(stored.json[field]).toBe('Saved meanwhile.');
      expect(approved.status, approved.text).toBe(409);
      expect(approved.json.current).toMatchObject({ [field]: 'Saved meanwhile.' });
      expect((await t.viewer.get(`/api/admin/proposals/${pid}`)).json.proposal.status).toBe(
        'pending',
      );
    },
  );
});

describe('outside reviewers: a preview link to a proposal', () => {
  /** Posts the preview page's form as a browser does (no session, no JavaScript). */
  const sendComment = (url: string, fields: Record<string, string>) =>
    fetch(url, {
      method: 'POST',
      body: new URLSearchParams(fields),
      redirect: 'manual',
    });

  it('shows the change to whoever holds it, takes their comment, and reviewers and the author see it', async () => {
    const id = await createRecord(t.admin, 'team-members', member('Grace H'));
    const pid = proposalId(
      await t.contributor.patch(`/api/team-members/${id}`, { bio: 'Grace wrote the compiler.' }),
    );
    const refused = await t.contributor.post(`/api/admin/proposals/${pid}/preview-link`);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(/^Contributors cannot .*make preview links/);
    expect(
      (await t.viewer.post('/api/admin/proposals/0000000000000-00000000/preview-link')).status,
    ).toBe(404);
    expect(
      (await t.viewer.post(`/api/admin/proposals/${pid}/preview-link`, { expiresInDays: 99 }))
        .status,
    ).toBe(400);

    const made = await t.viewer.post(`/api/admin/proposals/${pid}/preview-link`, {
      expiresInDays: 3,
    });
    expect(made.status, made.text).toBe(201);
    expect(made.json).toMatchObject({ kind: 'proposal', itemId: pid, createdBy: 'viewer' });
    const url = made.json.url as string;

    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const body = await page.text();
    expect(body).toContain('Grace wrote the compiler.');
    expect(body).toContain('Now on the site: Grace H studies AI.');
    expect(body).toMatch(/<form method="post" action="\/preview\/[A-Za-z0-9_-]{43}">/);
    // The public record is as it was.
    expect((await t.anon.get(`/api/team-members/${id}`)).json.bio).toBe('Grace H studies AI.');

    const empty = await sendComment(url, { comment: '  ' });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain('Write a comment');
    const sent = await sendComment(url, { comment: 'She also coined “bug”.', name: 'Ann' });
    expect(sent.status).toBe(303);
    expect(sent.headers.get('location')).toBe(`${new URL(url).pathname}?sent=1`);
    expect(await (await fetch(`${url}?sent=1`)).text()).toContain('your comment was sent');
    expect((await sendComment(url, { comment: 'Looks right.' })).status).toBe(303);

    const outside = [
      { by: 'Ann (outside reviewer)', kind: 'outside', text: 'She also coined “bug”.' },
      { by: 'An outside reviewer', kind: 'outside', text: 'Looks right.' },
    ].map((c) => expect.objectContaining(c));
    expect((await t.viewer.get(`/api/admin/proposals/${pid}`)).json.proposal.comments).toEqual(
      outside,
    );
    const mine = (await t.contributor.get('/api/admin/proposals?status=pending')).json.items;
    expect(mine.find((p: { id: string }) => p.id === pid).comments).toEqual(outside);
    // Still pending, and nothing public changed.
    expect((await t.anon.get(`/api/team-members/${id}`)).json.bio).toBe('Grace H studies AI.');

    // Once decided, the link says so and takes no more comments.
    expect((await t.admin.post(`/api/admin/proposals/${pid}/approve`)).status).toBe(200);
    expect((await fetch(url)).status).toBe(404);
    const late = await sendComment(url, { comment: 'Too late?' });
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('it takes no more comments');
    expect((await t.viewer.post(`/api/admin/proposals/${pid}/preview-link`)).status).toBe(409);
    // A link to something else takes no comments.
    const other = await sendComment(url.replace(/[A-Za-z0-9_-]{43}$/, 'x'.repeat(43)), {
      comment: 'Hello',
    });
    expect(other.status).toBe(404);
  });

  it('a proposed new record shows whole; comments are throttled per address like other public forms', async () => {
    const pid = proposalId(
      await t.contributor.post('/api/research-areas', {
        title: 'Proposed Area',
        description: 'What we would study.',
      }),
    );
    const url = (await t.admin.post(`/api/admin/proposals/${pid}/preview-link`)).json.url as string;
    const body = await (await fetch(url)).text();
    expect(body).toContain('A proposed new entry: Proposed Area');
    expect(body).toContain('What we would study.');

    const was = process.env.PUBLIC_POST_LIMIT;
    process.env.PUBLIC_POST_LIMIT = '2';
    try {
      expect((await sendComment(url, { comment: 'One' })).status).toBe(303);
      expect((await sendComment(url, { comment: 'Two' })).status).toBe(303);
      const third = await sendComment(url, { comment: 'Three' });
      expect(third.status).toBe(429);
      expect(await third.text()).toContain('Too many submissions');
    } finally {
      process.env.PUBLIC_POST_LIMIT = was;
    }
    const comments = (await t.viewer.get(`/api/admin/proposals/${pid}`)).json.proposal.comments;
    expect(comments.map((c: { text: string }) => c.text)).toEqual(['One', 'Two']);
  });
});

describe('open proposals by subject (the in-place editor)', () => {
  it('lists the open ones on a subject: all for reviewers, their own for a contributor', async () => {
    const id = await createRecord(t.admin, 'research-areas', {
      title: 'Open Area',
      description: 'About it.',
    });
    const pid = proposalId(
      await t.contributor.patch(`/api/research-areas/${id}`, { description: 'Proposed.' }),
    );
    const closed = proposalId(
      await t.contributor.patch(`/api/research-areas/${id}`, { title: 'Withdrawn' }),
    );
    await t.contributor.post(`/api/admin/proposals/${closed}/withdraw`);
    const url = '/api/admin/proposals/open?subjects=research-areas,site-settings';
    const ids = async (who: Client) =>
      ((await who.get(url)).json.items as { id: string; recordId?: string }[])
        .filter((p) => p.recordId === id)
        .map((p) => p.id);
    expect(await ids(t.viewer)).toEqual([pid]);
    expect(await ids(t.contributor)).toEqual([pid]);
    await createTestUser('third-contributor', 'third-password-123', false, 'contributor');
    const third = client(
      t.site.url,
      await login(t.site.url, 'third-contributor', 'third-password-123'),
    );
    expect(await ids(third)).toEqual([]);
    expect((await t.viewer.get('/api/admin/proposals/open?subjects=nothing')).status).toBe(404);
    expect((await t.viewer.get('/api/admin/proposals/open')).status).toBe(400);
  });
});

describe('the two-person rule', () => {
  it('off by default; on, editors propose and cannot approve their own, admins save directly', async () => {
    expect((await t.viewer.get('/api/admin/review-policy')).json).toEqual({
      changesNeedApproval: false,
    });
    const refused = await t.viewer.put('/api/admin/review-policy', { changesNeedApproval: true });
    expect(refused.status).toBe(403);
    expect((await t.admin.put('/api/admin/review-policy', { changesNeedApproval: 1 })).status).toBe(
      400,
    );
    const on = await t.admin.put('/api/admin/review-policy', { changesNeedApproval: true });
    expect(on.json).toEqual({ changesNeedApproval: true });
    try {
      const id = await createRecord(t.admin, 'team-members', member('Radia'));
      const pid = proposalId(
        await t.viewer.patch(`/api/team-members/${id}`, { bio: 'Radia built the spanning tree.' }),
      );
      proposalId(await t.viewer.patch('/api/site-settings', { heroTitle: 'Editor hero' }));
      expect((await t.anon.get(`/api/team-members/${id}`)).json.bio).toBe('Radia studies AI.');

      const own = await t.viewer.post(`/api/admin/proposals/${pid}/approve`);
      expect(own.status).toBe(403);
      expect(own.json.message).toBe(
        'You cannot approve your own proposal: another editor or admin reviews it',
      );
      expect((await t.admin.post(`/api/admin/proposals/${pid}/approve`)).status).toBe(200);
      expect((await t.anon.get(`/api/team-members/${id}`)).json.bio).toBe(
        'Radia built the spanning tree.',
      );

      // Admins' own saves change the site at once.
      const direct = await t.admin.patch(`/api/team-members/${id}`, { position: 'Director' });
      expect(direct.status).toBe(200);
      expect((await t.anon.get(`/api/team-members/${id}`)).json.position).toBe('Director');
    } finally {
      await t.admin.put('/api/admin/review-policy', { changesNeedApproval: false });
    }
    expect((await t.viewer.patch('/api/site-settings', { heroTitle: 'Direct' })).status).toBe(200);
  });
});

describe('property: proposals, approvals and direct saves on one record', () => {
  type Field = 'bio' | 'position';
  type Op =
    | { kind: 'save' | 'propose'; field: Field }
    | { kind: 'approve' | 'approve-twice' | 'reject'; pick: number };
  const field = fc.constantFrom<Field>('bio', 'position');
  // Weighted so that most runs approve a proposal whose field a direct save changed meanwhile.
  const op: fc.Arbitrary<Op> = fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('save' as const), field }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant('propose' as const), field }), weight: 3 },
    {
      arbitrary: fc.record({ kind: fc.constant('approve' as const), pick: fc.nat(20) }),
      weight: 3,
    },
    ...(['approve-twice', 'reject'] as const).map((kind) => ({
      arbitrary: fc.record({ kind: fc.constant(kind), pick: fc.nat(20) }),
      weight: 1,
    })),
  );

  it('no acknowledged change is lost or applied twice', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const id = await createRecord(t.admin, 'team-members', member(`Prop ${n}`));
        // What the record must hold: every acknowledged write, the last one per field.
        const model: Record<Field, string> = { bio: `Prop ${n} studies AI.`, position: 'Fellow' };
        const open: { id: string; field: Field; value: string; base: string }[] = [];
        const approved: string[] = [];
        const closed: string[] = [];
        for (const o of ops) {
          const value = `v${n++}`;
          if (o.kind === 'save') {
            const res = await t.admin.patch(`/api/team-members/${id}`, { [o.field]: value });
            expect(res.status).toBe(200);
            model[o.field] = value;
          } else if (o.kind === 'propose') {
            const res = await t.contributor.patch(`/api/team-members/${id}`, { [o.field]: value });
            open.push({ id: proposalId(res), field: o.field, value, base: model[o.field] });
          } else if ('pick' in o && open.length) {
            const [p] = open.splice(o.pick % open.length, 1);
            const url = `/api/admin/proposals/${p!.id}`;
            if (o.kind === 'reject') {
              expect((await t.viewer.delete(url)).status).toBe(200);
              closed.push(p!.id);
            } else {
              const tries =
                o.kind === 'approve'
                  ? [t.viewer.post(`${url}/approve`)]
                  : [t.viewer.post(`${url}/approve`), t.admin.post(`${url}/approve`)];
              const statuses = (await Promise.all(tries)).map((r) => r.status).sort();
              // Applies when its field still holds its base version, else 409 and nothing changes.
              const applies = model[p!.field] === p!.base;
              if (applies) {
                expect(statuses).toEqual(o.kind === 'approve' ? [200] : [200, 409]);
                model[p!.field] = p!.value;
                approved.push(p!.id);
              } else {
                expect(statuses).toEqual(tries.map(() => 409));
                open.push(p!);
              }
            }
          }
          const stored = (await t.anon.get(`/api/team-members/${id}`)).json;
          expect({ bio: stored.bio, position: stored.position }).toEqual(model);
        }
        // History holds exactly one entry per approved proposal, none for the others.
        const entries = (await t.admin.get('/api/admin/history?limit=500')).json as {
          target: string;
          proposal?: string;
        }[];
        const counted = (pid: string) => entries.filter((e) => e.proposal === pid).length;
        for (const pid of approved) expect(counted(pid)).toBe(1);
        for (const pid of [...closed, ...open.map((p) => p.id)]) expect(counted(pid)).toBe(0);
      }),
      { numRuns: 30 },
    );
  });
});
