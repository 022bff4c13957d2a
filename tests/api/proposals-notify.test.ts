import { getStore } from '@netlify/blobs';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  ADMIN,
  CONTRIBUTOR,
  createRecord,
  startAdminSite,
  VIEWER,
  type AdminSite,
} from '../helpers/admin-site';
import { readOutbox, type ReadMail } from '../helpers/mail';
import { proposalId } from '../helpers/proposals';

// What review does beyond the proposal itself: a release waits while one of its items awaits
// review (and its author is told), and every step's email, batched per 15-minute window and read
// back from the outbox as delivered.
type Users = { admin: typeof ADMIN; viewer: typeof VIEWER; contributor: typeof CONTRIBUTOR };
let t: AdminSite<Users>;
const WINDOW = 15 * 60_000;
// Windows in the future, in order: the clock only moves forward.
const base = Math.floor(Date.now() / WINDOW) * WINDOW + WINDOW;
const MAIL = {
  admin: 'admin@meridian.example',
  viewer: 'editor@meridian.example',
  contributor: 'fellow@meridian.example',
};

beforeAll(async () => {
  t = await startAdminSite({ users: { admin: ADMIN, viewer: VIEWER, contributor: CONTRIBUTOR } });
  const store = getStore({ name: 'users', consistency: 'strong' });
  for (const [username, email] of Object.entries(MAIL)) {
    const raw = (await store.get(username, { type: 'json' })) as Record<string, unknown>;
    await store.setJSON(username, { ...raw, email, emailVerifiedAt: new Date().toISOString() });
  }
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const at = (ms: number) => vi.useFakeTimers({ toFake: ['Date'], now: ms });
const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/** Runs the digest as its schedule would, and waits for the mail it queued to be written. */
async function digest() {
  await t.site.platform.backgroundIdle();
  const run = await (await t.site.platform.runScheduled('notify-digest')).json();
  await t.site.platform.backgroundIdle();
  return run as { windows: number; sent: number; failed: number };
}
const seen = new Set<string>();
/** The messages to an address since the last call. */
async function newMailTo(address: string): Promise<ReadMail[]> {
  const fresh = (await readOutbox(t.site.dataDir)).filter(
    (m) => m.to === address && !seen.has(m.file),
  );
  for (const m of fresh) seen.add(m.file);
  return fresh;
}

describe('a release with an item awaiting review', () => {
  it('says which item, waits while the proposal is open, tells its author, then goes live', async () => {
    at(base + 60_000);
    const releaseAt = base + 30 * 60_000;
    const id = await createRecord(t.viewer, 'publications', {
      title: 'Held Report',
      description: 'First words.',
      authors: 'Mei Chen',
      date: 'May 2027',
      status: 'draft',
    });
    const made = await t.viewer.post('/api/admin/releases', {
      name: 'Autumn launch',
      publishAt: minute(releaseAt),
      timeZone: 'UTC',
      items: [{ collection: 'publications', id }],
    });
    expect(made.status, made.text).toBe(201);
    const release = made.json.id as string;
    const pid = proposalId(
      await t.contributor.patch(`/api/publications/${id}`, { description: 'Better words.' }),
    );

    const checked = (await t.viewer.get(`/api/admin/releases/${release}`)).json;
    expect(checked.problems).toContainEqual({
      target: `publications/${id}`,
      message:
        '“Held Report” has a change awaiting review (proposed by contributor): the release waits until it is approved, rejected or withdrawn',
    });

    // A minute before its time, the scheduled check moves it on; at the old time nothing is out.
    at(releaseAt - 60_000);
    await t.site.platform.runScheduled('release-scheduled');
    const held = (await t.viewer.get(`/api/admin/releases/${release}`)).json;
    expect(Date.parse(held.at)).toBeGreaterThan(releaseAt);
    expect(held.status).toBe('scheduled');
    at(releaseAt + 1000);
    await t.site.platform.runScheduled('release-scheduled');
    expect((await t.anon.get(`/api/publications/${id}`)).status).toBe(404);

    // Its author hears why, with the item named, once the window is over.
    at(releaseAt + WINDOW + 61_000);
    await digest();
    const told = (await newMailTo(MAIL.viewer)).find((m) =>
      m.parsed.subject?.startsWith('Your release'),
    );
    expect(told?.parsed.subject).toContain('Your release “Autumn launch” waits');
    expect(told?.parsed.text).toContain('“Held Report” has a change awaiting review');
    // The new time in the site's one date style, with the zone by name and by place.
    expect(told?.parsed.text).toMatch(
      /It was moved to [A-Z][a-z]+ \d{1,2}, \d{4}, \d{2}:\d{2} \S+ \([\w/]+\) or later/,
    );

    // Approved, the release goes live at its new time with the reviewed text.
    expect((await t.admin.post(`/api/admin/proposals/${pid}/approve`)).status).toBe(200);
    const movedTo = Date.parse((await t.viewer.get(`/api/admin/releases/${release}`)).json.at);
    at(movedTo + 1000);
    await t.site.platform.runScheduled('release-scheduled');
    expect((await t.viewer.get(`/api/admin/releases/${release}`)).json.status).toBe('released');
    expect((await t.anon.get(`/api/publications/${id}`)).json.description).toBe('Better words.');
  });
});

describe('a release changing a text awaiting review', () => {
  it('its check names the texts while a proposal on one of them is open', async () => {
    at(base + 5 * WINDOW);
    const made = await t.viewer.post('/api/admin/releases', {
      name: 'Hero launch',
      publishAt: minute(base + 9 * WINDOW),
      timeZone: 'UTC',
      items: [],
      texts: { heroTitle: 'Released hero' },
    });
    expect(made.status, made.text).toBe(201);
    const release = made.json.id as string;
    const problems = async () =>
      (await t.viewer.get(`/api/admin/releases/${release}`)).json.problems as {
        target: string;
      }[];
    expect((await problems()).filter((p) => p.target === 'texts')).toEqual([]);
    // A proposal on another text does not hold it; one on its text does.
    proposalId(await t.contributor.patch('/api/site-settings', { footerTagline: 'Other' }));
    expect((await problems()).filter((p) => p.target === 'texts')).toEqual([]);
    const pid = proposalId(
      await t.contributor.patch('/api/site-settings', { heroTitle: 'Proposed hero' }),
    );
    expect((await problems()).filter((p) => p.target === 'texts')).toHaveLength(1);
    await t.contributor.post(`/api/admin/proposals/${pid}/withdraw`);
    expect((await problems()).filter((p) => p.target === 'texts')).toEqual([]);
    await t.viewer.post(`/api/admin/releases/${release}/cancel`);
  });
});

describe('review emails', () => {
  it('reviewers hear of new proposals; the author hears each decision with the comment and a link', async () => {
    const start = base + 10 * WINDOW;
    at(start + 60_000);
    await digest();
    for (const address of Object.values(MAIL)) await newMailTo(address);

    const id = await createRecord(t.admin, 'team-members', {
      name: 'Mary Somerville',
      position: 'Fellow',
      bio: 'Old bio.',
    });
    const pid = proposalId(await t.contributor.patch(`/api/team-members/${id}`, { bio: 'New.' }));
    at(start + WINDOW + 61_000);
    expect((await digest()).sent).toBe(2);
    for (const reviewer of [MAIL.admin, MAIL.viewer]) {
      const [mail] = await newMailTo(reviewer);
      expect(mail?.parsed.subject).toBe('A change awaits your review: Mary Somerville');
      expect(mail?.parsed.text).toContain('contributor proposes “Mary Somerville” (bio).');
      expect(mail?.parsed.text).toContain(`/admin/proposals?id=${pid}`);
    }
    expect(await newMailTo(MAIL.contributor)).toEqual([]);

    // Sent back with a comment: the author's email quotes it and links to the proposal.
    at(start + WINDOW + 120_000);
    await t.viewer.post(`/api/admin/proposals/${pid}/request-changes`, {
      comment: 'Say she wrote On the Connexion.',
    });
    at(start + 2 * WINDOW + 61_000);
    await digest();
    const [sentBack] = await newMailTo(MAIL.contributor);
    expect(sentBack?.parsed.text).toContain('viewer sent back your proposal');
    expect(sentBack?.parsed.text).toContain('“Say she wrote On the Connexion.”');
    expect(sentBack?.parsed.text).toContain(`/admin/proposals?id=${pid}`);

    // Resubmitted: reviewers hear again; approved: the author hears.
    await t.contributor.patch(`/api/admin/proposals/${pid}`, {
      bio: 'She wrote On the Connexion.',
    });
    at(start + 3 * WINDOW + 61_000);
    await digest();
    expect((await newMailTo(MAIL.admin)).map((m) => m.parsed.subject)).toEqual([
      'A change awaits your review: Mary Somerville',
    ]);
    await t.admin.post(`/api/admin/proposals/${pid}/approve`);
    const other = proposalId(await t.contributor.delete(`/api/team-members/${id}`));
    // A DELETE with a body, as the admin sends a rejection's comment.
    const rejected = await fetch(`${t.site.url}/api/admin/proposals/${other}`, {
      method: 'DELETE',
      headers: { Cookie: t.viewer.cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ comment: 'We keep her.' }),
    });
    expect(rejected.status).toBe(200);
    at(start + 4 * WINDOW + 61_000);
    await digest();
    const [both, ...more] = await newMailTo(MAIL.contributor);
    expect(more).toEqual([]);
    expect(both?.parsed.subject).toBe('2 updates on your proposals');
    expect(both?.parsed.text).toContain('admin approved your proposal for “Mary Somerville” (bio)');
    expect(both?.parsed.text).toContain(
      'viewer rejected your proposal for deleting “Mary Somerville”. Nothing changed on the site. They wrote: “We keep her.”',
    );

    // Under the two-person rule an editor proposes too: the others hear of it, not the editor.
    await newMailTo(MAIL.viewer);
    await t.admin.put('/api/admin/review-policy', { changesNeedApproval: true });
    try {
      proposalId(await t.viewer.patch(`/api/team-members/${id}`, { position: 'Director' }));
    } finally {
      await t.admin.put('/api/admin/review-policy', { changesNeedApproval: false });
    }
    at(start + 5 * WINDOW + 61_000);
    await digest();
    const toAdmin = await newMailTo(MAIL.admin);
    expect(toAdmin.map((m) => m.parsed.subject)).toEqual([
      'A change awaits your review: Mary Somerville',
    ]);
    expect(toAdmin[0]?.parsed.text).toContain('viewer proposes “Mary Somerville” (position).');
    expect(await newMailTo(MAIL.viewer)).toEqual([]);
  });

  it('the author hears of an outside reviewer’s comment left on the preview link', async () => {
    const start = base + 20 * WINDOW;
    at(start + 60_000);
    await digest();
    await newMailTo(MAIL.contributor);
    const id = await createRecord(t.admin, 'team-members', {
      name: 'Emmy Noether',
      position: 'Fellow',
      bio: 'Old bio.',
    });
    const pid = proposalId(await t.contributor.patch(`/api/team-members/${id}`, { bio: 'Rings.' }));
    const link = await t.viewer.post(`/api/admin/proposals/${pid}/preview-link`);
    expect(link.status, link.text).toBe(201);
    const sent = await fetch(link.json.url, {
      method: 'POST',
      body: new URLSearchParams({ comment: 'Mention her theorem.', name: 'Hermann' }),
      redirect: 'manual',
    });
    expect(sent.status).toBe(303);
    at(start + WINDOW + 61_000);
    await digest();
    const [mail, ...more] = await newMailTo(MAIL.contributor);
    expect(more).toEqual([]);
    expect(mail?.parsed.text).toContain(
      'Hermann (outside reviewer) commented on your proposal for “Emmy Noether” (bio) through its preview link. They wrote: “Mention her theorem.”',
    );
    expect(mail?.parsed.text).toContain(`/admin/proposals?id=${pid}`);
  });

  it('say what an admin saved in the site settings, and refuse a text that lost the proposal', async () => {
    const words = {
      notifyReviewMailSubject: 'Please review {title}',
      notifyReviewMailBody: 'Thanks for reviewing.',
      notifyChangesMailBody: '{reviewer} wants changes to {proposal}. {comment} Thank you.',
    };
    expect((await t.admin.patch('/api/site-settings', words)).status).toBe(200);
    onTestFinished(async () => {
      const reset = Object.fromEntries(Object.keys(words).map((k) => [k, '']));
      expect((await t.admin.patch('/api/site-settings', reset)).status).toBe(200);
    });
    const start = base + 22 * WINDOW;
    at(start + 60_000);
    await digest();
    for (const address of Object.values(MAIL)) await newMailTo(address);

    const id = await createRecord(t.admin, 'team-members', {
      name: 'Caroline Herschel',
      position: 'Fellow',
      bio: 'Old bio.',
    });
    const pid = proposalId(await t.contributor.patch(`/api/team-members/${id}`, { bio: 'New.' }));
    at(start + WINDOW + 61_000);
    await digest();
    const [review] = await newMailTo(MAIL.admin);
    expect(review?.parsed.subject).toBe('Please review Caroline Herschel');
    expect(review?.parsed.text).toMatch(
      /^contributor proposes “Caroline Herschel” \(bio\)\.\n\nThanks for reviewing\.\n\nReview it: http/,
    );

    at(start + WINDOW + 120_000);
    await t.viewer.post(`/api/admin/proposals/${pid}/request-changes`, {
      comment: 'Add a source.',
    });
    at(start + 2 * WINDOW + 61_000);
    await digest();
    const [sentBack] = await newMailTo(MAIL.contributor);
    expect(sentBack?.parsed.subject).toBe('viewer wants changes to “Caroline Herschel” (bio)');
    expect(sentBack?.parsed.text).toContain(
      'viewer wants changes to “Caroline Herschel” (bio). They wrote: “Add a source.” Thank you.',
    );

    const lost = await t.admin.patch('/api/site-settings', { notifyApprovedMailBody: 'Approved.' });
    expect(lost.status).toBe(400);
    expect(lost.json.message).toContain('Keep {proposal} in the text');
  });
});

describe('two overlapping checks holding one release', () => {
  it('move it once, and tell its author once', async () => {
    const { countBlobCalls, holdFirstCall } = await import('../helpers/blobs-counter');
    const start = base + 25 * WINDOW;
    at(start + 60_000);
    const releaseAt = start + 5 * 60_000;
    const id = await createRecord(t.viewer, 'publications', {
      title: 'Twice Held Report',
      description: 'First words.',
      authors: 'Mei Chen',
      date: 'May 2027',
      status: 'draft',
    });
    const made = await t.viewer.post('/api/admin/releases', {
      name: 'Twice held launch',
      publishAt: minute(releaseAt),
      timeZone: 'UTC',
      items: [{ collection: 'publications', id }],
    });
    expect(made.status, made.text).toBe(201);
    const release = made.json.id as string;
    proposalId(await t.contributor.patch(`/api/publications/${id}`, { description: 'Other.' }));

    at(releaseAt - 60_000);
    // One run has listed the releases due soon and looks for their open proposals when a second
    // run (Netlify lets runs overlap) holds the release whole.
    const hold = holdFirstCall((call) => call.startsWith('GET ') && call.includes('/proposals'));
    const blobs = await countBlobCalls({ latencyMs: hold.latencyMs });
    try {
      const first = t.site.platform.runScheduled('release-scheduled');
      await expect.poll(() => hold.held, { interval: 5 }).toBe(true);
      expect((await t.site.platform.runScheduled('release-scheduled')).status).toBe(200);
      hold.release();
      expect((await first).status).toBe(200);
    } finally {
      hold.release();
      await blobs.close();
    }
    const res = await t.admin.get('/api/admin/history');
    const history = res.json;
    const entries = (Array.isArray(history) ? history : history.items) as {
      target: string;
      user: string;
      summary: string;
    }[];
    expect(
      entries
        .filter((e) => e.target === `releases/${release}` && e.user === 'review hold')
        .map((e) => e.summary),
    ).toHaveLength(1);

    at(releaseAt + WINDOW + 61_000);
    await digest();
    const told = (await newMailTo(MAIL.viewer)).filter((m) =>
      m.parsed.text?.includes('Twice held launch'),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.parsed.text!.split('Twice held launch').length - 1).toBe(1);
  });
});
