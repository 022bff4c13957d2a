import { describe, expect, it } from 'vitest';
import { mergeFields, type PageField } from '../../src/components/editor/page-fields';
import {
  displayText,
  fieldLabel,
  parseFieldKey,
  patchUrl,
} from '../../src/components/editor/field-key';
import { SETTINGS_DEFAULTS } from '../../src/schemas/site-settings';

describe('parseFieldKey', () => {
  it('reads settings, research-area and team-member keys', () => {
    expect(parseFieldKey('settings.heroTitle')).toEqual({
      kind: 'settings',
      key: 'settings.heroTitle',
      field: 'heroTitle',
    });
    expect(parseFieldKey('research-areas.a1.description')).toEqual({
      kind: 'research-areas',
      key: 'research-areas.a1.description',
      id: 'a1',
      field: 'description',
    });
    expect(parseFieldKey('team-members.m9.bio')).toMatchObject({
      kind: 'team-members',
      id: 'm9',
      field: 'bio',
    });
  });

  it('refuses anything the editor must not PATCH', () => {
    for (const key of [
      '',
      null,
      'settings',
      'settings.showTeam', // a flag, not a text
      'settings.__proto__',
      'settings.heroTitle.extra',
      'research-areas.a1.image',
      'team-members.m1.email',
      'team-members..name',
      'events.e1.title',
    ]) {
      expect(parseFieldKey(key), String(key)).toBeNull();
    }
  });
});

describe('field helpers', () => {
  it('builds the PATCH address, escaping ids', () => {
    expect(patchUrl(parseFieldKey('settings.heroTitle')!)).toBe('/api/site-settings');
    expect(patchUrl(parseFieldKey('team-members.a b.name')!)).toBe('/api/team-members/a%20b');
  });

  it('shows the built-in wording for an empty settings text, but never for records', () => {
    const title = parseFieldKey('settings.heroTitle')!;
    expect(displayText(title, '')).toBe(SETTINGS_DEFAULTS.heroTitle);
    expect(displayText(title, '  ')).toBe(SETTINGS_DEFAULTS.heroTitle);
    expect(displayText(title, 'Mine')).toBe('Mine');
    expect(displayText(parseFieldKey('team-members.m1.bio')!, '')).toBe('');
  });

  it('names fields for people', () => {
    expect(fieldLabel(parseFieldKey('settings.heroAuthority1')!)).toBe('hero authority 1');
    expect(fieldLabel(parseFieldKey('settings.credibilityBox2Metric')!)).toBe(
      'credibility box 2 metric',
    );
    expect(fieldLabel(parseFieldKey('research-areas.a1.title')!, 'AI Safety')).toBe(
      'research area title: AI Safety',
    );
  });
});

describe('mergeFields', () => {
  const el = (name: string) => ({ name }) as unknown as HTMLElement;
  const field = (key: string, ...elements: HTMLElement[]): PageField => ({
    ref: parseFieldKey(key)!,
    elements,
    multiline: false,
  });
  const [a, b, c] = [el('a'), el('b'), el('c')];

  it('returns the same list when nothing changed', () => {
    const prev = [field('settings.heroTitle', a)];
    expect(mergeFields(prev, [field('settings.heroTitle', a)])).toBe(prev);
  });

  it('replaces only the entries whose elements changed and adds new keys', () => {
    const title = field('settings.heroTitle', a);
    const subtitle = field('settings.heroSubtitle', b);
    const next = mergeFields(
      [title, subtitle],
      [
        field('settings.heroTitle', a),
        field('settings.heroSubtitle', c),
        field('settings.teamTitle', b),
      ],
    );
    expect(next[0]).toBe(title);
    expect(next[1]!.elements).toEqual([c]);
    expect(next.map((f) => f.ref.key)).toEqual([
      'settings.heroTitle',
      'settings.heroSubtitle',
      'settings.teamTitle',
    ]);
  });

  it('keeps a key whose elements vanished, with no elements', () => {
    const next = mergeFields([field('settings.heroTitle', a)], []);
    expect(next).toHaveLength(1);
    expect(next[0]!.elements).toEqual([]);
  });
});
