/**
 * Editing releases through the API (a site that builds nothing: only the hook calls are counted):
 * bad input gets a clear 400/404/409; rescheduling moves every item of a release; cancelling puts
 * them back to draft; the check lists what would go wrong at the release's time. Going live on a
 * real build: releases.test.ts.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminSite, type AdminSite } from '../helpers/admin-site';

let t: AdminSite;
const HOUR = 3_600_000;
const soon = Math.ceil((Date.now() + 2 * HOUR) / 60_000) * 60_000;
const local = (at: number, zone = 'Europe/London') =>
  format(new TZDate(at, zone), "yyyy-MM-dd'T'HH:mm");
const ids: Record<string, string> = {};
const item = async (kind: string, id: string) =>
  (await t.viewer.get(`/api/${kind}/all/${id}`)).json;

beforeAll(async () => {
  t = await startAdminSite();
  const made = await t.viewer.post('/api/publications', {
    title: 'Later Brief',
    description: 'Short.',
    authors: 'Lena Fischer',
    date: 'June 2027',
    status: 'draft',
  });
  expect(made.status, made.text).toBe(201);
  ids.brief = made.json.id;
});
afterAll(() => t?.close());

describe('bad input', () => {
  it('is refused with clear errors', async () => {
    const past = await t.viewer.post('/api/admin/releases', {
      name: 'Too late',
      publishAt: local(Date.now() - HOUR),
    });
    expect([past.status, past.json.fields?.publishAt]).toEqual([
      400,
      'Choose a release time in the future',
    ]);
    const unknown = await t.viewer.post('/api/admin/releases', {
      name: 'Odd',
      publishAt: local(soon),
      heroTitle: 'x',
    });
    expect([unknown.status, unknown.json.message]).toEqual([400, 'Unknown field: heroTitle']);
    expect(
      (
        await t.viewer.post('/api/admin/releases', {
          name: 'Odd',
          publishAt: local(soon),
          texts: { heroTitel: 'x' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await t.viewer.post('/api/admin/releases', { name: '', publishAt: local(soon) })).json
        .fields,
    ).toMatchObject({ name: 'Name the release' });
    expect((await t.viewer.post('/api/admin/releases', { name: 'No time' })).status).toBe(400);
    const ghost = await t.viewer.post('/api/admin/releases', {
      name: 'Ghost',
      publishAt: local(soon),
      items: [{ collection: 'events', id: 'nope' }],
    });
    expect(ghost.status).toBe(404);
    expect((await t.viewer.get('/api/admin/releases/nope')).status).toBe(404);
    expect((await t.viewer.patch('/api/admin/releases/nope', { name: 'x' })).status).toBe(404);
    expect(
      (await t.anon.post('/api/admin/releases', { name: 'x', publishAt: local(soon) })).status,
    ).toBe(401);
  });
});

describe('rescheduling and cancelling', () => {
  it('moves every item of a release to its new time, and cancelling puts them back to draft', async () => {
    const made = await t.viewer.post('/api/admin/releases', {
      name: 'Brief',
      publishAt: local(soon + 3 * HOUR),
      items: [{ collection: 'publications', id: ids.brief }],
    });
    expect(made.status, made.text).toBe(201);
    expect(await item('publications', ids.brief!)).toMatchObject({
      status: 'scheduled',
      publishAt: local(soon + 3 * HOUR),
      timeZone: 'Europe/London',
    });
    // An item has one release time: a second release cannot take it.
    const taken = await t.viewer.post('/api/admin/releases', {
      name: 'Twice',
      publishAt: local(soon),
      items: [{ collection: 'publications', id: ids.brief }],
    });
    expect([taken.status, taken.json.message]).toEqual([
      409,
      'An item is already in the release “Brief”: take it out there first',
    ]);

    const later = local(soon + 5 * HOUR, 'Europe/Berlin');
    const moved = await t.viewer.patch(`/api/admin/releases/${made.json.id}`, {
      publishAt: later,
      timeZone: 'Europe/Berlin',
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.json).toMatchObject({
      publishAt: later,
      timeZone: 'Europe/Berlin',
      at: new Date(soon + 5 * HOUR).toISOString(),
    });
    expect(moved.json.log.map((l: { action: string; user: string }) => [l.action, l.user])).toEqual(
      [
        ['create', 'viewer'],
        ['reschedule', 'viewer'],
      ],
    );
    // The log names items by their titles, never their ids.
    expect(moved.json.log[0].summary).toContain('with “Later Brief”; text changes: none');
    expect(await item('publications', ids.brief!)).toMatchObject({
      status: 'scheduled',
      publishAt: later,
      timeZone: 'Europe/Berlin',
    });
    const history = (await t.viewer.get('/api/admin/history')).json;
    const entries = (Array.isArray(history) ? history : history.items) as {
      target: string;
      summary: string;
    }[];
    expect(entries.find((e) => e.target === `publications/${ids.brief}`)?.summary).toMatch(
      /in the release “Brief”/,
    );

    const cancelled = await t.viewer.post(`/api/admin/releases/${made.json.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.json.status).toBe('cancelled');
    expect(await item('publications', ids.brief!)).toMatchObject({ status: 'draft' });
    expect(
      (await t.viewer.patch(`/api/admin/releases/${made.json.id}`, { name: 'Again' })).status,
    ).toBe(409);
    expect((await t.viewer.post(`/api/admin/releases/${made.json.id}/cancel`)).status).toBe(409);
    expect(
      (await t.viewer.post(`/api/admin/releases/${made.json.id}/preview-link`, {})).status,
    ).toBe(409);
    // No longer in the tracker.
    expect((await t.viewer.get('/api/admin/releases')).json.upcoming).toEqual([]);
  });
});

/** Draft publications with these titles; answers their ids. */
async function draftPublications(titles: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const title of titles) {
    const made = await t.viewer.post('/api/publications', {
      title,
      description: 'Short.',
      status: 'draft',
    });
    expect(made.status, made.text).toBe(201);
    ids.push(made.json.id);
  }
  return ids;
}

describe('a cancel while a reschedule is moving the items', () => {
  it('leaves every item in draft', async () => {
    const { countBlobCalls, holdFirstCall } = await import('../helpers/blobs-counter');
    const drafts = await draftPublications(['Moved One', 'Moved Two', 'Moved Three']);
    const release = await t.viewer.post('/api/admin/releases', {
      name: 'Contested',
      publishAt: local(soon + 7 * HOUR),
      items: drafts.map((id) => ({ collection: 'publications', id })),
    });
    expect(release.status, release.text).toBe(201);
    // The reschedule's first write of an item, after the release itself has its new time, is held
    // while the cancel runs whole.
    const hold = holdFirstCall(
      (call) =>
        call.startsWith('PUT ') && drafts.some((id) => call.endsWith(`publications-records/${id}`)),
    );
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const moving = t.viewer.patch(`/api/admin/releases/${release.json.id}`, {
        publishAt: local(soon + 9 * HOUR),
      });
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      const cancelled = await t.viewer.post(`/api/admin/releases/${release.json.id}/cancel`);
      expect(cancelled.status, cancelled.text).toBe(200);
      hold.release();
      expect((await moving).status).toBe(200);
    } finally {
      hold.release();
      await blobs.close();
    }
    for (const id of drafts) expect((await item('publications', id)).status).toBe('draft');
  });

  it('and while a new release is scheduling them, too', async () => {
    const { countBlobCalls, holdFirstCall } = await import('../helpers/blobs-counter');
    const { readReleaseDoc } =
      await import('../../src/server/workflows/release-bundles/release-doc');
    const drafts = await draftPublications(['Made One', 'Made Two']);
    // The new release's first write of an item, after the release itself is stored, is held while
    // the cancel runs whole.
    const hold = holdFirstCall(
      (call) =>
        call.startsWith('PUT ') && drafts.some((id) => call.endsWith(`publications-records/${id}`)),
    );
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const making = t.viewer.post('/api/admin/releases', {
        name: 'Cancelled at once',
        publishAt: local(soon + 11 * HOUR),
        items: drafts.map((id) => ({ collection: 'publications', id })),
      });
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      const made = (await readReleaseDoc()).bundles.find((b) => b.name === 'Cancelled at once')!;
      const cancelled = await t.viewer.post(`/api/admin/releases/${made.id}/cancel`);
      expect(cancelled.status, cancelled.text).toBe(200);
      hold.release();
      expect((await making).status).toBe(201);
    } finally {
      hold.release();
      await blobs.close();
    }
    for (const id of drafts) expect((await item('publications', id)).status).toBe('draft');
  });
});

describe('the check before a release', () => {
  it('lists a missing PDF, an empty field, an image without alt text and a failed last build', async () => {
    const pdf = `/api/uploads/${'a'.repeat(64)}.pdf`;
    const paper = await t.viewer.post('/api/publications', {
      title: 'Checked Paper',
      description: 'Needs work.',
      pdf,
      status: 'draft',
    });
    expect(paper.status, paper.text).toBe(201);
    const talk = await t.viewer.post('/api/events', {
      title: 'Checked Talk',
      startDate: '2030-08-01',
      endDate: '2030-08-01',
      status: 'draft',
    });
    const made = await t.viewer.post('/api/admin/releases', {
      name: 'Checked',
      publishAt: local(soon + 24 * HOUR),
      items: [
        { collection: 'publications', id: paper.json.id },
        { collection: 'events', id: talk.json.id },
      ],
      texts: { featuredVideoThumbnail: '/images/og-default.png' },
    });
    expect(made.status, made.text).toBe(201);
    const messages = async () =>
      (await t.viewer.get(`/api/admin/releases/${made.json.id}`)).json.problems.map(
        (p: { message: string }) => p.message,
      );
    expect(await messages()).toEqual([
      `“Checked Paper” names a PDF that is missing (${pdf}): upload it again`,
      '“Checked Paper” has an empty field: Authors',
      '“Checked Paper” has an empty field: Date',
      '“Checked Talk” has an empty field: Description',
      '“Checked Talk” has an empty field: Location',
      'The featured video’s new thumbnail has no alt text: add “Thumbnail alt text” to the release’s text changes',
    ]);
    const { markBuildFailed } = await import('../../src/server/publishing/publish');
    await markBuildFailed('The build ran out of memory');
    expect((await messages())[0]).toMatch(
      /^The last build failed \(The build ran out of memory\): the release goes live only with a build that succeeds/,
    );

    // An item whose image has no alt text is refused when added: it would go public undescribed.
    const pictured = await t.viewer.post('/api/publications', {
      title: 'Pictured',
      description: 'x',
      image: '/images/og-default.png',
      status: 'draft',
    });
    const added = await t.viewer.patch(`/api/admin/releases/${made.json.id}`, {
      items: [...made.json.items, { collection: 'publications', id: pictured.json.id }],
    });
    expect(added.status).toBe(400);
    expect(added.json.message).toMatch(/^“Pictured”: The image has no alt text/);
    expect(await item('publications', pictured.json.id)).toMatchObject({ status: 'draft' });
  });
});

describe('the scheduled check taking a release live', () => {
  /** A release of one text change at `at`; answers its id. */
  async function textRelease(name: string, at: number, heroTitle: string): Promise<string> {
    const made = await t.viewer.post('/api/admin/releases', {
      name,
      publishAt: local(at),
      texts: { heroTitle },
    });
    expect(made.status, made.text).toBe(201);
    return made.json.id;
  }
  /** The History entries of a release's text changes written into the settings. */
  async function textEntries(name: string): Promise<string[]> {
    const history = (await t.viewer.get('/api/admin/history')).json;
    const entries = (Array.isArray(history) ? history : history.items) as {
      target: string;
      summary: string;
    }[];
    return entries
      .filter((e) => e.target === 'site-settings' && e.summary.startsWith(`Release “${name}”`))
      .map((e) => e.summary);
  }
  const settingsWrite = (call: string) =>
    call.startsWith('PUT ') && call.endsWith('/site-settings');
  const run = () =>
    t.site.platform.runScheduled('release-scheduled').then(
      (res) => res.status,
      () => 500,
    );

  it('run for a time ahead (as the browser test runs it), leaves a later change the newest in History', async () => {
    // The check is given the release's time rather than waited for. Its entry is keyed on the clock
    // all the same: keyed on that time, it stayed the newest until then, and two moves of a list
    // made meanwhile were two entries, of which one undo put back only the second.
    const at = soon + HOUR;
    await textRelease('Ahead', at, 'Ahead hero');
    const { checkReleases } = await import('../../src/server/workflows/releases');
    await checkReleases(at + 60_000);
    expect(await textEntries('Ahead')).toEqual(['Release “Ahead”: heroTitle']);
    const edit = await t.viewer.patch('/api/site-settings', { heroTitle: 'Edited after it' });
    expect(edit.status, edit.text).toBe(200);
    const history = (await t.viewer.get('/api/admin/history')).json;
    const [newest] = (Array.isArray(history) ? history : history.items) as {
      user: string;
      after: Record<string, unknown>;
    }[];
    expect(newest!.user).not.toBe('scheduled release');
    expect(newest!.after).toMatchObject({ heroTitle: 'Edited after it' });
  });

  it('writes its texts once when two runs overlap', async () => {
    const { setClock } = await import('../helpers/clock');
    const { countBlobCalls, holdFirstCall } = await import('../helpers/blobs-counter');
    const at = soon - HOUR / 2;
    const id = await textRelease('Overlapped', at, 'Overlapped hero');
    setClock(at + 60_000);
    // The first run's write of the texts is held while a second run (a minute on) runs whole.
    const hold = holdFirstCall(settingsWrite);
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const first = run();
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      expect(await run()).toBe(200);
      hold.release();
      expect(await first).toBe(200);
    } finally {
      hold.release();
      await blobs.close();
    }
    expect((await t.anon.get('/api/site-settings')).json.heroTitle).toBe('Overlapped hero');
    expect(await textEntries('Overlapped')).toEqual(['Release “Overlapped”: heroTitle']);
    const release = (await t.viewer.get(`/api/admin/releases/${id}`)).json;
    expect(release.status).toBe('released');
    expect(release.log.filter((l: { action: string }) => l.action === 'release')).toHaveLength(1);
  });

  it('cut off after writing its texts, is finished once by a later run', async () => {
    const { setClock } = await import('../helpers/clock');
    const { countBlobCalls } = await import('../helpers/blobs-counter');
    const at = soon - HOUR / 3;
    const id = await textRelease('Cut off', at, 'Cut-off hero');
    setClock(at + 60_000);
    // The texts and their History entry land; marking the release released does not.
    let wrote = false;
    const blobs = await countBlobCalls();
    blobs.refuseWrite = (call) => {
      if (settingsWrite(call)) wrote = true;
      return wrote && call.startsWith('PUT ') && call.endsWith('/release-bundles');
    };
    try {
      expect(await run()).toBe(500);
    } finally {
      await blobs.close();
    }
    expect(wrote).toBe(true);
    expect((await t.viewer.get(`/api/admin/releases/${id}`)).json.status).toBe('scheduled');
    // The build it asked for starts; the runs of the next minutes, while its claim holds, ask for
    // no other.
    const { markBuildStarted } = await import('../../src/server/publishing/publish');
    await markBuildStarted();
    const calls = t.site.platform.hookCalls;
    setClock(at + 2 * 60_000);
    expect(await run()).toBe(200);
    expect(t.site.platform.hookCalls).toBe(calls);
    setClock(at + 20 * 60_000);
    expect(await run()).toBe(200);
    expect((await t.viewer.get(`/api/admin/releases/${id}`)).json.status).toBe('released');
    expect((await t.anon.get('/api/site-settings')).json.heroTitle).toBe('Cut-off hero');
    expect(await textEntries('Cut off')).toEqual(['Release “Cut off”: heroTitle']);
  });

  it('refuses a cancel while it writes the release texts', async () => {
    const { setClock } = await import('../helpers/clock');
    const { countBlobCalls, holdFirstCall } = await import('../helpers/blobs-counter');
    const at = soon - HOUR / 6;
    const id = await textRelease('Cancelled late', at, 'Cancelled-late hero');
    setClock(at + 60_000);
    const hold = holdFirstCall(settingsWrite);
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    let cancel: { status: number; json: { message?: string } };
    try {
      const going = run();
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      cancel = await t.viewer.post(`/api/admin/releases/${id}/cancel`);
      hold.release();
      expect(await going).toBe(200);
    } finally {
      hold.release();
      await blobs.close();
    }
    // Either it went live whole (the cancel refused), or it was cancelled and changed nothing.
    const release = (await t.viewer.get(`/api/admin/releases/${id}`)).json;
    const hero = (await t.anon.get('/api/site-settings')).json.heroTitle;
    expect([cancel.status, release.status, hero]).toEqual([409, 'released', 'Cancelled-late hero']);
  });
});
