import { describe, expect, it } from 'vitest';
import { assignSlug, assignSlugs, redirectRules, slugify } from '../../src/lib/slug';

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

describe('assignSlug (one item saved among others)', () => {
  const others = [
    { id: 'a', slug: 'annual-report', previousSlugs: ['old-report'] },
    { id: 'b', slug: 'annual-report-2', previousSlugs: [] },
  ];
  it('keeps a slug that fits the title and nobody else holds', () => {
    const item = { id: 'c', title: 'Budget', slug: 'budget', previousSlugs: [] };
    expect(assignSlug(item, others)).toMatchObject({ slug: 'budget', previousSlugs: [] });
  });
  it('takes the next free suffix, never a slug another record holds or held', () => {
    const item = { id: 'c', title: 'Annual Report', slug: '', previousSlugs: [] };
    expect(assignSlug(item, others).slug).toBe('annual-report-3');
    const old = { id: 'c', title: 'Old Report', slug: '', previousSlugs: [] };
    expect(assignSlug(old, others).slug).toBe('old-report-2');
  });
  it('moves a slug that no longer fits the title to previousSlugs, and takes its own old one back', () => {
    const renamed = { id: 'c', title: 'New Name', slug: 'first-name', previousSlugs: ['new-name'] };
    expect(assignSlug(renamed, others)).toMatchObject({
      slug: 'new-name',
      previousSlugs: ['first-name'],
    });
  });
  it('gives a slug up when another record holds it already (two saves at once)', () => {
    const item = { id: 'c', title: 'Annual Report', slug: 'annual-report-2', previousSlugs: [] };
    expect(assignSlug(item, others).slug).toBe('annual-report-3');
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
