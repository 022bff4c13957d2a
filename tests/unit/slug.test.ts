import { describe, expect, it } from 'vitest';
import { assignSlugs, redirectRules, slugify } from '../../src/lib/slug';

const item = (id: string, title: string, slug?: string, previousSlugs?: string[]) => ({
  id,
  title,
  slug,
  previousSlugs,
});

describe('slugify', () => {
  it('lower-cases, drops accents and joins words with hyphens', () => {
    expect(slugify('Policy Brief: AI & Jobs')).toBe('policy-brief-ai-jobs');
    expect(slugify('Zoë’s Genève Report')).toBe('zoe-s-geneve-report');
    expect(slugify('  --  ')).toBe('');
  });
});

describe('assignSlugs', () => {
  it('gives records without a slug one from the title, unique, never a reserved word or a number', () => {
    const out = assignSlugs([
      item('a', 'Same'),
      item('b', 'Same'),
      item('c', 'Type'),
      item('d', '2025'),
      item('e', '—'),
    ]);
    expect(out.map((i) => i.slug)).toEqual(['same', 'same-2', 'type-2', '2025-2', 'item-e']);
  });

  it('keeps a slug that still fits the title, so every read agrees', () => {
    const once = assignSlugs([item('a', 'Same'), item('b', 'Same')]);
    expect(assignSlugs(once)).toEqual(once);
  });

  it('moves the old slug to previousSlugs on a rename, and never reuses it for another record', () => {
    const [renamed] = assignSlugs([item('a', 'New title', 'old-title')]);
    expect(renamed).toMatchObject({ slug: 'new-title', previousSlugs: ['old-title'] });
    const [, other] = assignSlugs([renamed!, item('b', 'Old title')]);
    expect(other!.slug).toBe('old-title-2');
  });

  it('takes a slug back when the title returns to it', () => {
    const [back] = assignSlugs([item('a', 'Old title', 'new-title', ['old-title'])]);
    expect(back).toMatchObject({ slug: 'old-title', previousSlugs: ['new-title'] });
  });
});

describe('redirectRules', () => {
  it('sends each previous slug and its companion files to the current address', () => {
    expect(
      redirectRules('/publications', [{ slug: 'new', previousSlugs: ['old'] }], ['.ris']),
    ).toEqual([
      '/publications/old /publications/new 301',
      '/publications/old.ris /publications/new.ris 301',
    ]);
  });

  it('matches a non-ASCII old address as browsers ask for it (percent-encoded), and points at an ASCII Location', () => {
    const rules = redirectRules('/publications', [
      { slug: 'ラーメン-2', previousSlugs: ['ラーメン'] },
    ]);
    expect(rules).toEqual([
      `/publications/${encodeURIComponent('ラーメン')} /publications/${encodeURIComponent('ラーメン')}-2 301`,
      `/publications/ラーメン /publications/${encodeURIComponent('ラーメン')}-2 301`,
    ]);
    const asked = new URL('https://example.org/publications/ラーメン').pathname;
    expect(rules.some((r) => r.startsWith(`${asked} `))).toBe(true);
  });
});

describe('slugs of every script', () => {
  it('a title with the Japanese long-vowel mark makes a slug the stored schema accepts', async () => {
    const { publicationSchema } = await import('../../src/schemas/publication');
    const slug = slugify('ラーメン政策ー2025');
    expect(slug).toBe('ラーメン政策ー2025');
    expect(publicationSchema.shape.slug.safeParse(slug).success).toBe(true);
  });
});
