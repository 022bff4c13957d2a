/**
 * Erasure, as the privacy notice promises it: a person with a contact message, a newsletter
 * subscription, an approved testimonial with an uploaded photo and History entries about all of
 * them is found by address and name and erased in one action. Afterwards no stored file (any
 * store, History included), no page of the rebuilt site, no export and the photo's address hold
 * their address or name; History keeps who did what, unrestorable; the audit log records the
 * erasure and the exports, without the data.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPages } from '../helpers/built-pages';
import { ADMIN, startAdminSite } from '../helpers/admin-site';
import { client, type TestSite } from '../helpers/platform';
import { signUpAndConfirm } from '../helpers/mail';
import { exportCsv } from '../helpers/exports';

const EMAIL = 'Zofia.Erasmus@Example.org';
const NAME = 'Zofia Erasmuska';
const OTHER = { name: 'Rui Keeper', email: 'rui.keeper@example.org' };

let site: TestSite;
let admin: ReturnType<typeof client>;
const anon = () => client(site.url);
const { page } = builtPages(() => site.url);
let photo = '';
let historyIds: string[] = [];

/** Every file under `dir`, as text, except earlier builds (only the live one is the site). */
async function filesUnder(
  dir: string,
  skip: (p: string) => boolean,
): Promise<{ file: string; text: string }[]> {
  const out: { file: string; text: string }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && !skip(file))
      out.push({ file, text: (await readFile(file)).toString('latin1') });
  }
  return out;
}

const mentions = (text: string) =>
  [EMAIL.toLowerCase(), NAME.toLowerCase(), 'zofia'].some((s) => text.toLowerCase().includes(s));

beforeAll(async () => {
  ({ site, admin } = await startAdminSite({ pages: false, users: { admin: ADMIN } }));
  // A visitor writes to us, subscribes, and sends a testimonial with a photo.
  for (const who of [{ name: NAME, email: EMAIL }, OTHER]) {
    expect(
      (
        await anon().post('/api/contact', {
          ...who,
          subject: 'media',
          message: `Hello from ${who.name}`,
        })
      ).status,
    ).toBe(201);
  }
  expect(
    (
      await anon().post('/api/contact', {
        name: NAME,
        email: EMAIL,
        subject: 'other',
        message: 'A second note',
      })
    ).status,
  ).toBe(201);
  await signUpAndConfirm(site, EMAIL);
  await signUpAndConfirm(site, OTHER.email);
  const form = new FormData();
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  form.append('testimonial-photo', new Blob([png], { type: 'image/png' }), 'me.png');
  const uploaded = await fetch(`${site.url}/api/upload/testimonial-photo`, {
    method: 'POST',
    body: form,
  });
  expect(uploaded.status).toBe(201);
  photo = ((await uploaded.json()) as { imageUrl: string }).imageUrl;
  const sent = await anon().post('/api/testimonials', {
    name: NAME,
    content: 'A careful, honest institute.',
    rating: 5,
    image: photo,
  });
  expect(sent.status).toBe(201);
  // The admin works with them, leaving History entries: approves the testimonial, reads a
  // message, deletes the second one.
  expect(
    (await admin.patch(`/api/admin/testimonials/${sent.json.id}`, { approved: true })).status,
  ).toBe(200);
  const inbox = (await admin.get('/api/admin/contact-forms')).json.items as {
    id: string;
    name: string;
    message: string;
  }[];
  const theirs = inbox.filter((m) => m.name === NAME);
  expect(
    (await admin.patch(`/api/admin/contact-forms/${theirs[0]!.id}`, { read: true })).status,
  ).toBe(200);
  expect((await admin.delete(`/api/admin/contact-forms/${theirs[1]!.id}`)).status).toBe(200);
  historyIds = (
    (await admin.get('/api/admin/history')).json as { id: string; summary: string }[]
  ).map((e) => e.id);
  expect(historyIds).toHaveLength(3);
  await site.platform.build();
  expect((await page('/testimonials')).text).toContain(NAME);
}, 240_000);
afterAll(() => site?.close());

describe('finding a person', () => {
  it('shows what the site holds about them, and nothing of anyone else', async () => {
    const found = await admin.get(
      `/api/admin/privacy/person?email=${encodeURIComponent(EMAIL)}&name=${encodeURIComponent(NAME)}`,
    );
    expect(found.status).toBe(200);
    // The newest one: the other was deleted in the admin (History still holds it).
    expect(found.json.messages.map((m: { message: string }) => m.message)).toEqual([
      'A second note',
    ]);
    expect(found.json.subscription).toMatchObject({ email: EMAIL.toLowerCase() });
    expect(found.json.testimonials).toEqual([
      expect.objectContaining({ name: NAME, image: photo }),
    ]);
    expect(found.json.historyEntries).toBe(3);
  });

  it('needs an address or a name, and personal-data rights', async () => {
    expect((await admin.get('/api/admin/privacy/person')).json).toMatchObject({
      message: expect.stringMatching(/email address or a name/),
    });
    expect((await anon().get(`/api/admin/privacy/person?email=${EMAIL}`)).status).toBe(401);
    expect((await anon().post('/api/admin/privacy/erase', { email: EMAIL })).status).toBe(401);
    expect(
      (await admin.post('/api/admin/privacy/erase', { email: EMAIL, colour: 'red' })).status,
    ).toBe(400);
  });
});

describe('erasing a person', () => {
  let erased: Record<string, unknown>;
  let earlierExport = '';
  beforeAll(async () => {
    expect((await fetch(site.url + photo)).status).toBe(200);
    // An export made before the erasure holds them: the erasure deletes it with the rest.
    const before = await exportCsv(site, admin, { kind: 'messages' });
    expect(mentions(before.csv)).toBe(true);
    earlierExport = before.id;
    const res = await admin.post('/api/admin/privacy/erase', { email: EMAIL, name: NAME });
    expect(res.status).toBe(200);
    erased = res.json;
    await site.platform.build();
  }, 240_000);

  it('says what it erased', () => {
    expect(erased).toEqual({
      messages: 1,
      subscription: true,
      testimonials: 1,
      photos: 1,
      historyEntries: 3,
      failedMail: 0,
    });
  });

  it('leaves their address and name in no stored file and no page of the live site', async () => {
    // The builds before the live one are removed once it serves.
    await site.platform.builder.idle();
    const live = site.platform.builder.site!.root;
    const builds = path.join(site.dataDir, 'builds');
    // The local outbox stands in for the mail provider: what it holds was delivered to the person's own inbox.
    const outbox = path.join(site.dataDir, 'outbox');
    const files = await filesUnder(
      site.dataDir,
      (f) =>
        (f.startsWith(builds + path.sep) && !f.startsWith(live + path.sep)) ||
        f.startsWith(outbox + path.sep),
    );
    expect(files.some((f) => f.file.startsWith(live))).toBe(true);
    expect(files.some((f) => f.text.includes('Rui Keeper'))).toBe(true);
    expect(
      files.filter((f) => mentions(f.text)).map((f) => path.relative(site.dataDir, f.file)),
    ).toEqual([]);
  });

  it('deletes their photo', async () => {
    expect((await fetch(site.url + photo)).status).toBe(404);
    expect((await page('/testimonials')).text).not.toContain(
      photo.slice('/api/uploads/'.length, 20),
    );
  });

  it('leaves them out of every export, and everyone else in', async () => {
    expect((await admin.get(`/api/admin/exports/${earlierExport}`)).status).toBe(404);
    for (const kind of ['messages', 'subscribers'] as const) {
      const { csv } = await exportCsv(site, admin, { kind });
      expect(mentions(csv), kind).toBe(false);
      expect(csv, kind).toContain('rui.keeper@example.org');
    }
  });

  it('keeps History saying who did what and when, and refuses to restore it', async () => {
    const entries = (await admin.get('/api/admin/history')).json as {
      id: string;
      summary: string;
      erased?: boolean;
      user: string;
      action: string;
    }[];
    const old = entries.filter((e) => historyIds.includes(e.id));
    expect(old).toHaveLength(3);
    for (const e of old) {
      expect(e).toMatchObject({ user: 'admin', summary: 'Personal data erased', erased: true });
      const restore = await admin.post(`/api/admin/history/${e.id}/restore`);
      expect(restore.status).toBe(409);
      expect(restore.json.message).toMatch(/erased/);
    }
  });

  it('records the erasure and the exports in the audit log, without the data', async () => {
    const audit = await admin.get('/api/admin/privacy/audit');
    expect(audit.status).toBe(200);
    const items = audit.json.items as { action: string; what: string; user: string }[];
    expect(items.slice(0, 3)).toEqual([
      expect.objectContaining({ action: 'export', what: 'subscriptions', user: 'admin' }),
      expect.objectContaining({ action: 'export', what: 'contact-forms', user: 'admin' }),
      expect.objectContaining({ action: 'erase', what: 'person', user: 'admin', count: 6 }),
    ]);
    expect(mentions(audit.text)).toBe(false);
  });

  it('finds nothing more about them afterwards', async () => {
    const found = (
      await admin.get(
        `/api/admin/privacy/person?email=${encodeURIComponent(EMAIL)}&name=${encodeURIComponent(NAME)}`,
      )
    ).json;
    expect(found).toEqual({
      messages: [],
      subscription: null,
      testimonials: [],
      historyEntries: 0,
    });
  });
});
