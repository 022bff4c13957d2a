import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { useAdminSite } from '../helpers/admin-site';
import { linkIn, mailTo, newestMailTo, signUpAndConfirm, type ReadMail } from '../helpers/mail';

// Unsubscribing: every newsletter email carries RFC 8058 one-click headers and a footer link; a
// mail app's POST unsubscribes at once, a GET (link scanners) changes nothing; the public page
// also works from an address and tells nobody who is subscribed.
const t = useAdminSite();

/** A header of a message as written, unfolded. */
const header = (mail: ReadMail, name: string) =>
  mail.parsed.headerLines
    .find((h) => h.key === name.toLowerCase())
    ?.line.replace(/\r?\n[ \t]+/g, ' ')
    .replace(/^[^:]+:\s*/, '');
const oneClickUrl = (mail: ReadMail) =>
  new URL(/^<(.+)>$/.exec(header(mail, 'List-Unsubscribe') ?? '')?.[1] ?? 'about:blank');
const record = async (email: string) => {
  const { subscriptionId } = await import('../../src/server/visitors/newsletter');
  return getStore({ name: 'newsletter', consistency: 'strong' }).get(subscriptionId(email), {
    type: 'json',
  });
};
const listed = async (status: string, q: string) =>
  (
    await t.admin.get(`/api/admin/subscriptions?status=${status}&q=${encodeURIComponent(q)}`)
  ).json.items.map((s: { email: string }) => s.email);
/** What a mail app sends for its own "Unsubscribe" button: no cookie, no Origin, a form body. */
const oneClick = (
  url: URL | string,
  body = 'List-Unsubscribe=One-Click',
  type = 'application/x-www-form-urlencoded',
) => fetch(url, { method: 'POST', headers: { 'Content-Type': type }, body });
const welcomeTo = async (email: string) => {
  await signUpAndConfirm(t.site, email);
  const mail = await newestMailTo(t.site, email);
  expect(mail.parsed.subject).toContain('Welcome');
  return mail;
};

describe('the welcome email and one-click unsubscribe', () => {
  it('the welcome email carries List-Unsubscribe (a URL on this site) and List-Unsubscribe-Post, and a footer link to the page', async () => {
    const mail = await welcomeTo('welcome@example.org');
    const url = oneClickUrl(mail);
    expect(url.origin).toBe(t.site.url);
    expect(url.pathname).toBe('/api/newsletter/unsubscribe');
    expect(url.searchParams.get('token')).toMatch(/^[a-f0-9]{64}\.[\w-]{43}$/);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const page = linkIn(mail, '/newsletter/unsubscribe');
    expect(page.searchParams.get('token')).toBe(url.searchParams.get('token'));
    expect(mail.parsed.text).toContain(`${t.site.url}/newsletter/unsubscribe\n`.trim());
    expect(mail.parsed.html).toContain(page.href.replace(/&/g, '&amp;'));
    // The confirmation email before it is no newsletter: it has no unsubscribe header.
    const [confirmation] = await mailTo(t.site.dataDir, 'welcome@example.org');
    expect(confirmation!.parsed.subject).toContain('Confirm');
    expect(header(confirmation!, 'List-Unsubscribe')).toBeUndefined();
  });

  it('a GET of the one-click URL leads to the page and its button, and unsubscribes nobody', async () => {
    const url = oneClickUrl(await welcomeTo('scanned@example.org'));
    const before = await record('scanned@example.org');
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!, t.site.url).href).toBe(
      `${t.site.url}/newsletter/unsubscribe?token=${encodeURIComponent(url.searchParams.get('token')!)}`,
    );
    expect(await record('scanned@example.org')).toEqual(before);
    expect(await listed('confirmed', 'scanned@')).toEqual(['scanned@example.org']);
  });

  it('a POST with List-Unsubscribe=One-Click, without cookie or Origin, unsubscribes at once; the link then stops working', async () => {
    const url = oneClickUrl(await welcomeTo('leaving@example.org'));
    const res = await oneClick(url);
    expect(res.status).toBe(200);
    expect((await res.json()).message).toContain('unsubscribed');
    expect(await listed('confirmed', 'leaving@')).toEqual([]);
    expect(await listed('unsubscribed', 'leaving@')).toEqual(['leaving@example.org']);
    expect((await t.admin.get('/api/admin/summary')).json.subscribers).toBe(2); // welcome@ and scanned@
    const after = await record('leaving@example.org');
    expect(after).toMatchObject({ status: 'unsubscribed', unsubscribedAt: expect.any(String) });
    expect(after).not.toHaveProperty('unsubscribeSecret');
    // Used: a 410 that changes nothing.
    const again = await oneClick(url);
    expect(again.status).toBe(410);
    expect((await again.json()).message).toContain('not valid');
    expect(await record('leaving@example.org')).toEqual(after);
  });

  it('takes the multipart form some mail apps send', async () => {
    const url = oneClickUrl(await welcomeTo('multipart@example.org'));
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    expect((await fetch(url, { method: 'POST', body: form })).status).toBe(200);
    expect(await listed('unsubscribed', 'multipart@')).toEqual(['multipart@example.org']);
  });

  it('a forged, malformed or foreign token, or a body that is not the one-click form, is a 4xx that changes nothing', async () => {
    const url = oneClickUrl(await welcomeTo('kept@example.org'));
    const before = await record('kept@example.org');
    const [id] = url.searchParams.get('token')!.split('.');
    const at = (token: string) =>
      `${t.site.url}/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
    for (const bad of [
      `${id}.${'A'.repeat(43)}`,
      'nonsense',
      `${'0'.repeat(64)}.${'A'.repeat(43)}`,
      '',
    ]) {
      const res = await oneClick(at(bad));
      expect(res.status, bad).toBe(410);
    }
    expect((await oneClick(url, 'List-Unsubscribe=Yes')).status).toBe(400);
    expect((await oneClick(url, 'List-Unsubscribe=One-Click', 'text/plain')).status).toBe(415);
    expect((await oneClick(at('x'.repeat(300)))).status).toBe(400);
    expect((await t.anon.post('/api/newsletter/unsubscribe', { token: 42 })).status).toBe(400);
    expect(await record('kept@example.org')).toEqual(before);
    expect(await listed('confirmed', 'kept@')).toEqual(['kept@example.org']);
  });
});

describe('the unsubscribe page, from an address', () => {
  const ask = (email: string) => t.anon.post('/api/newsletter/unsubscribe-link', { email });

  it('answers the same for a subscribed, an unknown and a pending address, and emails a link only to the subscriber', async () => {
    await signUpAndConfirm(t.site, 'byaddress@example.org');
    await t.anon.post('/api/newsletter', { email: 'waiting@example.org' });
    const answers = [
      await ask('ByAddress@Example.org'),
      await ask('nobody@example.org'),
      await ask('waiting@example.org'),
    ];
    for (const res of answers)
      expect({ status: res.status, json: res.json }).toEqual({
        status: answers[0]!.status,
        json: answers[0]!.json,
      });
    expect(answers[0]!.status).toBe(200);
    expect(answers[0]!.json.message).toContain('If this address is subscribed');
    await t.site.platform.backgroundIdle();
    expect(await mailTo(t.site.dataDir, 'nobody@example.org')).toEqual([]);
    expect(
      (await mailTo(t.site.dataDir, 'waiting@example.org')).map((m) => m.parsed.subject),
    ).toEqual([expect.stringContaining('Confirm')]);

    const mail = await newestMailTo(t.site, 'byaddress@example.org');
    expect(mail.parsed.subject).toContain('Unsubscribe');
    const link = linkIn(mail, '/newsletter/unsubscribe');
    // The page's button sends the link's token as JSON.
    const res = await t.anon.post('/api/newsletter/unsubscribe', {
      token: link.searchParams.get('token'),
    });
    expect(res.status).toBe(200);
    expect(await listed('unsubscribed', 'byaddress@')).toEqual(['byaddress@example.org']);
    // Unsubscribed now: asking again answers the same and sends nothing.
    expect((await ask('byaddress@example.org')).json).toEqual(answers[0]!.json);
    await t.site.platform.backgroundIdle();
    expect(await mailTo(t.site.dataDir, 'byaddress@example.org')).toHaveLength(3); // confirm, welcome, link
  });

  it('refuses a malformed address, and is throttled like signups', async () => {
    expect((await ask('not-an-address')).status).toBe(400);
    process.env.PUBLIC_POST_LIMIT = '2';
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await ask(`flood${i}@example.org`)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      process.env.PUBLIC_POST_LIMIT = '0';
    }
  });
});
