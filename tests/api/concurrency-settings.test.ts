import { describe, expect, it } from 'vitest';
import { SETTINGS_TEXT_KEYS } from '../../src/schemas/site-settings';
import { CROSS_SITE, OVERSIZED, useAdminSite } from '../helpers/admin-site';

const t = useAdminSite();

describe('PATCH /api/site-settings', () => {
  it('saves the sent fields and leaves the others alone', async () => {
    await t.admin.patch('/api/site-settings', { heroSubtitle: 'Kept' });
    const res = await t.admin.patch('/api/site-settings', {
      heroTitle: 'Title A',
      showStats: false,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      heroTitle: 'Title A',
      showStats: false,
      heroSubtitle: 'Kept',
      showTeam: true,
    });
    expect((await t.anon.get('/api/site-settings')).json).toMatchObject({
      heroTitle: 'Title A',
      heroSubtitle: 'Kept',
    });
  });

  it('answers 400 for invalid values, unknown fields, an empty patch and malformed JSON; 413 and 415', async () => {
    const email = await t.admin.patch('/api/site-settings', { contactEmail: 'not-an-email' });
    expect(email).toMatchObject({
      status: 400,
      json: { fields: { contactEmail: 'Please enter a valid email address' } },
    });
    const link = await t.admin.patch('/api/site-settings', {
      heroButton1Link: 'javascript:alert(1)',
    });
    expect(link.status).toBe(400);
    expect((await t.admin.patch('/api/site-settings', { showStats: 'no' })).status).toBe(400);
    expect(await t.admin.patch('/api/site-settings', { colour: 'red' })).toMatchObject({
      status: 400,
      json: { message: 'Unknown field: colour' },
    });
    expect(await t.admin.patch('/api/site-settings', {})).toMatchObject({
      status: 400,
      json: { message: 'Send at least one field to change' },
    });
    expect((await t.admin.patch('/api/site-settings', '{"heroTitle":')).status).toBe(400);
    expect((await t.admin.patch('/api/site-settings', OVERSIZED)).status).toBe(413);
    expect(
      (
        await t.admin.patch('/api/site-settings', 'heroTitle=x', {
          'Content-Type': 'application/x-www-form-urlencoded',
        })
      ).status,
    ).toBe(415);
    expect((await t.anon.get('/api/site-settings')).json.contactEmail).toBe('');
  });

  it('answers 401 signed out and 403 cross-site', async () => {
    expect((await t.anon.patch('/api/site-settings', { heroTitle: 'X' })).status).toBe(401);
    expect((await t.admin.patch('/api/site-settings', { heroTitle: 'X' }, CROSS_SITE)).status).toBe(
      403,
    );
    expect((await t.anon.get('/api/site-settings')).json.heroTitle).not.toBe('X');
  });

  it('with _expected: saves when unchanged, 409 with the current value when someone else saved first', async () => {
    await t.admin.patch('/api/site-settings', { aboutVision: 'Start' });
    const first = await t.admin.patch('/api/site-settings', {
      aboutVision: 'Editor one',
      _expected: { aboutVision: 'Start' },
    });
    expect(first.status).toBe(200);
    const second = await t.admin.patch('/api/site-settings', {
      aboutVision: 'Editor two',
      _expected: { aboutVision: 'Start' },
    });
    expect(second).toMatchObject({
      status: 409,
      json: { message: expect.any(String), fields: { aboutVision: 'Editor one' } },
    });
    expect((await t.anon.get('/api/site-settings')).json.aboutVision).toBe('Editor one');
    // A flag compares as a value too, and an unknown field in _expected is refused.
    expect(
      (
        await t.admin.patch('/api/site-settings', {
          showTeam: false,
          _expected: { showTeam: true },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.admin.patch('/api/site-settings', { showTeam: true, _expected: { showTeam: true } }))
        .status,
    ).toBe(409);
    expect(
      await t.admin.patch('/api/site-settings', { heroTitle: 'Y', _expected: { nope: 'x' } }),
    ).toMatchObject({ status: 400, json: { message: 'Unknown field in _expected: nope' } });
  });
});

describe('concurrent saves', () => {
  it('20 simultaneous PATCHes of 20 different settings fields all survive', async () => {
    const keys = SETTINGS_TEXT_KEYS.filter(
      (k) => !/Link|Image|Logo|Linkedin|Twitter|Email|Url|Thumbnail/.test(k),
    ).slice(0, 20);
    expect(keys).toHaveLength(20);
    const results = await Promise.all(
      keys.map((k) => t.admin.patch('/api/site-settings', { [k]: `concurrent ${k}` })),
    );
    expect(results.map((r) => r.status)).toEqual(keys.map(() => 200));
    const stored = (await t.anon.get('/api/site-settings')).json;
    for (const k of keys) expect(stored[k]).toBe(`concurrent ${k}`);
  });

  it('simultaneous PATCHes with _expected of different fields all pass; of one field only one wins', async () => {
    await t.admin.patch('/api/site-settings', { statsTitle: 'S0', teamTitle: 'T0' });
    const different = await Promise.all([
      t.admin.patch('/api/site-settings', { statsTitle: 'S1', _expected: { statsTitle: 'S0' } }),
      t.admin.patch('/api/site-settings', { teamTitle: 'T1', _expected: { teamTitle: 'T0' } }),
    ]);
    expect(different.map((r) => r.status)).toEqual([200, 200]);
    const same = await Promise.all(
      ['A', 'B', 'C', 'D'].map((v) =>
        t.admin.patch('/api/site-settings', { statsTitle: v, _expected: { statsTitle: 'S1' } }),
      ),
    );
    expect(same.filter((r) => r.status === 200)).toHaveLength(1);
    expect(same.filter((r) => r.status === 409)).toHaveLength(3);
    const winner = same.find((r) => r.status === 200)!.json.statsTitle;
    expect((await t.anon.get('/api/site-settings')).json).toMatchObject({
      statsTitle: winner,
      teamTitle: 'T1',
    });
  });

  it('simultaneous PATCHes of different items of one collection all survive', async () => {
    const created = [];
    for (let n = 0; n < 12; n++)
      created.push((await t.admin.post('/api/stats', { value: `${n}`, label: `Stat ${n}` })).json);
    const results = await Promise.all(
      created.map((s, n) => t.admin.patch(`/api/stats/${s.id}`, { label: `Edited ${n}` })),
    );
    expect(results.map((r) => r.status)).toEqual(created.map(() => 200));
    const stored = (await t.anon.get('/api/stats')).json;
    expect(stored).toHaveLength(12);
    for (const [n, s] of created.entries())
      expect(stored.find((x: { id: string }) => x.id === s.id)).toMatchObject({
        label: `Edited ${n}`,
        value: `${n}`,
      });
  });

  it('simultaneous creates and deletes in one collection all land', async () => {
    const before = (await t.anon.get('/api/stats')).json as { id: string }[];
    const [creates, deletes] = await Promise.all([
      Promise.all(
        [1, 2, 3, 4, 5].map((n) =>
          t.admin.post('/api/stats', { value: `${n}`, label: `New ${n}` }),
        ),
      ),
      Promise.all(before.slice(0, 5).map((s) => t.admin.delete(`/api/stats/${s.id}`))),
    ]);
    expect([...creates, ...deletes].map((r) => r.status)).toEqual([
      201, 201, 201, 201, 201, 200, 200, 200, 200, 200,
    ]);
    const ids = (await t.anon.get('/api/stats')).json.map((s: { id: string }) => s.id);
    expect(ids).toHaveLength(before.length);
    for (const r of creates) expect(ids).toContain(r.json.id);
    for (const s of before.slice(0, 5)) expect(ids).not.toContain(s.id);
  });
});
