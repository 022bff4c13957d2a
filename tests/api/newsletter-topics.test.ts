import { getStore } from '@netlify/blobs';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRecord, useAdminSite } from '../helpers/admin-site';
import { linkIn, newestMailTo, signUpAndConfirm } from '../helpers/mail';
import { exportCsv } from '../helpers/exports';

// Topics a reader chooses: research area slugs at signup and on the preferences page (reached with
// the subscription's unsubscribe token), shown to admins, exported and erased with the record.
const t = useAdminSite();

const SAFETY = 'ai-safety';
const POLICY = 'ai-policy';
beforeAll(async () => {
  await createRecord(t.admin, 'research-areas', { title: 'AI Safety', description: 'Safety.' });
  await createRecord(t.admin, 'research-areas', { title: 'AI Policy', description: 'Policy.' });
});

const record = async (email: string) => {
  const { subscriptionId } = await import('../../src/server/visitors/newsletter');
  return getStore({ name: 'newsletter', consistency: 'strong' }).get(subscriptionId(email), {
    type: 'json',
  });
};
const listed = async (status: string, q: string) =>
  (await t.admin.get(`/api/admin/subscriptions?status=${status}&q=${encodeURIComponent(q)}`)).json
    .items;
/** Signs up and confirms, then answers the token of the welcome email's unsubscribe link. */
const subscribed = async (email: string) => {
  await signUpAndConfirm(t.site, email);
  return linkIn(await newestMailTo(t.site, email), '/newsletter/unsubscribe').searchParams.get(
    'token',
  )!;
};
const preferences = (token: string) =>
  t.anon.get(`/api/newsletter/preferences?token=${encodeURIComponent(token)}`);

describe('topics at signup', () => {
  it('the research area slugs exist as the test expects', async () => {
    const areas = (await t.anon.get('/api/research-areas')).json.map(
      (a: { slug: string }) => a.slug,
    );
    expect(areas).toEqual([SAFETY, POLICY]);
  });

  it('keeps the chosen topics (in the site order, each once) and when they were chosen', async () => {
    const res = await t.anon.post('/api/newsletter', {
      email: 'chooser@example.org',
      topics: [POLICY, SAFETY, POLICY],
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ message: 'Check your inbox to confirm your subscription' });
    const stored = await record('chooser@example.org');
    expect(stored).toMatchObject({ status: 'pending', topics: [SAFETY, POLICY] });
    expect(stored.topicsChangedAt).toBe(stored.requestedAt);
    expect((await listed('pending', 'chooser@'))[0]).toMatchObject({ topics: [SAFETY, POLICY] });
  });

  it('refuses an unknown slug with a 400 that names it, and stores nothing', async () => {
    const res = await t.anon.post('/api/newsletter', {
      email: 'unknown-topic@example.org',
      topics: [SAFETY, 'astrology'],
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/^Unknown topic: astrology\. Topics are research area slugs/);
    expect(res.json.fields).toEqual({ topics: res.json.message });
    expect(await record('unknown-topic@example.org')).toBeNull();
    expect(
      (await t.anon.post('/api/newsletter', { email: 'x@example.org', topics: 'ai' })).status,
    ).toBe(400);
  });

  it('{ email } alone is unchanged: 201 with the same words, and no topics (everything)', async () => {
    const res = await t.anon.post('/api/newsletter', { email: 'plain@example.org' });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ message: 'Check your inbox to confirm your subscription' });
    const stored = await record('plain@example.org');
    expect(stored.topics).toBeUndefined();
    expect(stored.topicsChangedAt).toBeUndefined();
  });

  it('a repeat signup cannot change the topics of a confirmed subscription', async () => {
    await subscribed('kept@example.org');
    const again = await t.anon.post('/api/newsletter', {
      email: 'kept@example.org',
      topics: [POLICY],
    });
    expect(again.status).toBe(201);
    expect((await record('kept@example.org')).topics).toBeUndefined();
  });
});

describe('the preferences API', () => {
  it('GET shows the masked address, the topics and every research area', async () => {
    const token = await subscribed('reader@example.org');
    const res = await preferences(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toEqual({
      email: 'r•••@example.org',
      topics: [],
      areas: [
        { slug: SAFETY, title: 'AI Safety' },
        { slug: POLICY, title: 'AI Policy' },
      ],
    });
  });

  it('POST changes the topics, answers them and keeps when; the link still works', async () => {
    const token = await subscribed('changer@example.org');
    const res = await t.anon.post('/api/newsletter/preferences', { token, topics: [POLICY] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ topics: [POLICY] });
    const stored = await record('changer@example.org');
    expect(stored.topics).toEqual([POLICY]);
    expect(Date.now() - Date.parse(stored.topicsChangedAt)).toBeLessThan(60_000);
    expect((await preferences(token)).json.topics).toEqual([POLICY]);
    expect((await listed('confirmed', 'changer@'))[0]).toMatchObject({ topics: [POLICY] });
    // Back to everything.
    expect((await t.anon.post('/api/newsletter/preferences', { token, topics: [] })).json).toEqual({
      topics: [],
    });
    expect((await preferences(token)).json.topics).toEqual([]);
  });

  it('the admin list shows the topics as stored after many simultaneous saves of them', async () => {
    const { countBlobCalls, unevenRoundTrips } = await import('../helpers/blobs-counter');
    const token = await subscribed('hesitant@example.org');
    // Round trips of their own lengths: saves land on the record in one order and can reach the
    // list in another, which must not keep an older row.
    const blobs = await countBlobCalls({
      latencyMs: unevenRoundTrips,
    });
    try {
      for (let round = 0; round < 3; round++) {
        const saves = await Promise.all(
          Array.from({ length: 8 }, (_, n) =>
            t.anon.post('/api/newsletter/preferences', {
              token,
              topics: [n % 2 ? SAFETY : POLICY],
            }),
          ),
        );
        expect(saves.map((s) => s.status)).toEqual(saves.map(() => 200));
        const stored = await record('hesitant@example.org');
        expect((await listed('confirmed', 'hesitant@'))[0].topics).toEqual(stored.topics);
      }
    } finally {
      await blobs.close();
    }
  });

  it('refuses bad tokens (4xx) and unknown topics (400), changing nothing', async () => {
    const token = await subscribed('careful@example.org');
    const before = await record('careful@example.org');
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    for (const bad of [forged, 'nonsense', ''])
      expect((await preferences(bad)).status, bad).toBe(410);
    expect((await t.anon.get('/api/newsletter/preferences')).status).toBe(400);
    expect(
      (await t.anon.post('/api/newsletter/preferences', { token: forged, topics: [SAFETY] }))
        .status,
    ).toBe(410);
    const unknown = await t.anon.post('/api/newsletter/preferences', {
      token,
      topics: ['astrology'],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.fields.topics).toMatch(/astrology/);
    expect((await t.anon.post('/api/newsletter/preferences', { token })).status).toBe(400);
    expect(await record('careful@example.org')).toEqual(before);
  });

  it('unsubscribing from the page (the same token) ends the subscription, and the link stops working', async () => {
    const token = await subscribed('leaver@example.org');
    const res = await t.anon.post('/api/newsletter/unsubscribe', { token });
    expect(res.status).toBe(200);
    expect((await record('leaver@example.org')).status).toBe('unsubscribed');
    expect((await preferences(token)).status).toBe(410);
    expect(
      (await t.anon.post('/api/newsletter/preferences', { token, topics: [SAFETY] })).status,
    ).toBe(410);
  });

  it('preferencesUrl builds the page address from a subscription’s unsubscribe token', async () => {
    const { preferencesUrl } = await import('../../src/server/visitors/newsletter-mail');
    const token = await subscribed('linked@example.org');
    const stored = await record('linked@example.org');
    process.env.URL ??= t.site.url;
    const url = new URL(preferencesUrl(stored.id, stored.unsubscribeSecret));
    expect(url.pathname).toBe('/newsletter/preferences');
    expect(url.searchParams.get('token')).toBe(token);
    expect((await preferences(token)).status).toBe(200);
  });
});

describe('topics in the export and the erasure', () => {
  it('the CSV export has a topics column', async () => {
    const token = await subscribed('exported@example.org');
    await t.anon.post('/api/newsletter/preferences', { token, topics: [SAFETY, POLICY] });
    const { csv } = await exportCsv(t.site, t.admin, { kind: 'subscribers' });
    const rows = Papa.parse<Record<string, string>>(csv, {
      header: true,
      skipEmptyLines: true,
    }).data;
    const row = rows.find((r) => r.email === 'exported@example.org')!;
    expect(row.topics).toBe(`${SAFETY};${POLICY}`);
    expect(Date.parse(row.topicsChangedAt!)).not.toBeNaN();
    expect(rows.find((r) => r.email === 'reader@example.org')!.topics).toBe('');
  });

  it('erasing the person removes the subscription with its topics', async () => {
    const token = await subscribed('erased@example.org');
    await t.anon.post('/api/newsletter/preferences', { token, topics: [POLICY] });
    const res = await t.admin.post('/api/admin/privacy/erase', { email: 'erased@example.org' });
    expect(res.status).toBe(200);
    expect(res.json.subscription).toBe(true);
    expect(await record('erased@example.org')).toBeNull();
    expect(await listed('confirmed', 'erased@')).toEqual([]);
    expect((await preferences(token)).status).toBe(410);
    const { csv } = await exportCsv(t.site, t.admin, { kind: 'subscribers' });
    expect(csv).not.toContain('erased@example.org');
  });
});

describe('a renamed research area', () => {
  it('keeps its readers: the old slug is still accepted, and stored choices read as the new one', async () => {
    const token = await subscribed('renamed@example.org');
    await t.anon.post('/api/newsletter/preferences', { token, topics: [POLICY] });
    const areas = (await t.anon.get('/api/research-areas')).json as { id: string; slug: string }[];
    const policy = areas.find((a) => a.slug === POLICY)!;
    const renamed = await t.admin.patch(`/api/research-areas/${policy.id}`, {
      title: 'AI Governance',
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await preferences(token)).json.topics).toEqual(['ai-governance']);
    const again = await t.anon.post('/api/newsletter/preferences', {
      token,
      topics: [POLICY, SAFETY],
    });
    expect(again.json).toEqual({ topics: [SAFETY, 'ai-governance'] });
  });
});
