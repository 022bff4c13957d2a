import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveField } from '../../src/components/editor/editor-api';
import { parseFieldKey } from '../../src/components/editor/field-key';
import { SETTINGS_DEFAULTS } from '../../src/schemas/site-settings-defaults';

const title = parseFieldKey('settings.heroTitle')!;
const bio = parseFieldKey('team-members.m1.bio')!;

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('saveField', () => {
  it('PATCHes the field with _expected and the session cookie', async () => {
    const fetchMock = answer(200, { heroTitle: 'New', heroSubtitle: '' });
    await expect(saveField(title, 'New', '')).resolves.toEqual({ kind: 'saved', raw: 'New' });
    const [url, init = {}] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/site-settings');
    expect(init).toMatchObject({ method: 'PATCH', credentials: 'include' });
    expect(JSON.parse(String(init.body))).toEqual({
      heroTitle: 'New',
      _expected: { heroTitle: '' },
    });
  });

  it("stores a settings text set back to its built-in wording as '' (it keeps following the built-in wording)", async () => {
    const subtitle = parseFieldKey('settings.heroSubtitle')!;
    const builtIn = SETTINGS_DEFAULTS.heroSubtitle;
    const fetchMock = answer(200, { heroSubtitle: '' });
    await expect(saveField(subtitle, builtIn, 'Ours')).resolves.toEqual({ kind: 'saved', raw: '' });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      heroSubtitle: '',
      _expected: { heroSubtitle: 'Ours' },
    });
  });

  it('sends record fields to the record', async () => {
    const fetchMock = answer(200, { id: 'm1', bio: 'Hi' });
    await expect(saveField(bio, 'Hi', 'Old')).resolves.toEqual({ kind: 'saved', raw: 'Hi' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/team-members/m1');
  });

  it('turns a 409 into a conflict with their value', async () => {
    answer(409, { message: 'Someone else changed this', fields: { heroTitle: 'Theirs' } });
    await expect(saveField(title, 'Mine', 'Old')).resolves.toEqual({
      kind: 'conflict',
      theirs: 'Theirs',
    });
  });

  it('counts a 409 carrying our own value as saved (a retried request that had landed)', async () => {
    answer(409, { message: 'Someone else changed this', fields: { heroTitle: 'Mine' } });
    await expect(saveField(title, 'Mine', 'Old')).resolves.toEqual({ kind: 'saved', raw: 'Mine' });
  });

  it('maps 401 and 403 to the sign-in and permission messages', async () => {
    answer(401, { message: 'Please sign in to continue' });
    await expect(saveField(title, 'x', '')).resolves.toMatchObject({
      kind: 'failed',
      status: 401,
      title: 'Please sign in as an admin to save changes',
    });
    answer(403, { message: 'nope' });
    await expect(saveField(title, 'x', '')).resolves.toMatchObject({
      kind: 'failed',
      status: 403,
      title: 'You do not have permission to edit this site',
    });
  });

  it('keeps a validation message for the field, and reports other failures with the server message', async () => {
    answer(400, { message: 'Too long', fields: { heroTitle: 'At most 300 characters' } });
    await expect(saveField(title, 'x', '')).resolves.toEqual({
      kind: 'invalid',
      message: 'At most 300 characters',
    });
    answer(503, { message: 'Storage is unavailable' });
    await expect(saveField(title, 'x', '')).resolves.toMatchObject({
      kind: 'failed',
      status: 503,
      description: 'Storage is unavailable',
    });
  });
});
