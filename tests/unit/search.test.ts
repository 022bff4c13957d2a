import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  normalise,
  queryTerms,
  searchEntries,
  type SearchSources,
} from '../../src/lib/search';

const sources: SearchSources = {
  publications: [
    {
      id: 'p1',
      slug: 'the-state-of-ai-governance-2025',
      title: 'The State of AI Governance 2025',
      description: 'A review of AI rules in 32 jurisdictions.',
      authors: 'M. Chen',
      type: 'Report',
      date: 'March 2025',
    },
    {
      id: 'p2',
      slug: 'energy-cost-of-inference',
      title: 'Energy cost of inference',
      description: 'Measuring electricity use of AI governance tools.',
      authors: 'L. Fischer',
    },
  ],
  researchAreas: [
    {
      slug: 'ai-governance-policy',
      title: 'AI Governance & Policy',
      description: 'Proposals for regulators.',
    },
  ],
  events: [
    {
      slug: 'governance-summit',
      title: 'Governance Summit',
      description: 'Three days in Genève.',
      eventType: 'Conference',
      location: 'Geneva',
      startDate: '2025-09-01T00:00:00.000Z',
    },
  ],
  people: [
    { slug: 'dr-amara-okafor', name: 'Dr. Amara Okafor', position: 'Founder', bio: '' },
    {
      slug: 'zoe-muller',
      name: 'Zoë Müller',
      position: 'Research Fellow',
      bio: 'Works on audits.',
      topics: 'AI Safety',
    },
  ],
  show: { research: true, publications: true, events: true },
};

describe('buildSearchIndex', () => {
  const index = buildSearchIndex(sources);

  it('links each kind of item to its own page: publications, events, topics and people', () => {
    const url = (title: string) => index.find((e) => e.title === title)?.url;
    // Publications and events: their own pages.
    expect(url('The State of AI Governance 2025')).toBe(
      '/publications/the-state-of-ai-governance-2025',
    );
    expect(url('AI Governance & Policy')).toBe('/research/ai-governance-policy');
    expect(url('Governance Summit')).toBe('/events/governance-summit');
    expect(url('Zoë Müller')).toBe('/team/zoe-muller');
    expect(url('Dr. Amara Okafor')).toBe('/team/dr-amara-okafor');
  });

  it('finds people by the research areas they are experts in', () => {
    expect(searchEntries(index, 'safety').map((e) => e.title)).toEqual(['Zoë Müller']);
  });

  it('leaves out home sections that are switched off', () => {
    const hidden = buildSearchIndex({
      ...sources,
      people: sources.people.slice(1),
      show: { research: false, publications: false, events: true },
    });
    expect(hidden.map((e) => e.kind)).toEqual(['Event', 'Team member']);
  });

  it('clips long descriptions', () => {
    const long = buildSearchIndex({
      ...sources,
      publications: [{ id: 't', slug: 't', title: 't', description: 'word '.repeat(200) }],
    });
    expect(long[0]!.text.length).toBeLessThanOrEqual(220);
    expect(long[0]!.text.endsWith('…')).toBe(true);
  });
});

describe('searchEntries', () => {
  const index = buildSearchIndex(sources);

  it('returns nothing for an empty or blank query', () => {
    expect(searchEntries(index, '')).toEqual([]);
    expect(searchEntries(index, '   ')).toEqual([]);
  });

  it('needs every word, in any field, case-insensitively', () => {
    expect(searchEntries(index, 'GOVERNANCE chen').map((e) => e.title)).toEqual([
      'The State of AI Governance 2025',
    ]);
    expect(searchEntries(index, 'geneva').map((e) => e.title)).toEqual(['Governance Summit']);
    expect(searchEntries(index, 'governance nonexistentword')).toEqual([]);
  });

  it('ranks title matches above matches in the description', () => {
    const titles = searchEntries(index, 'governance').map((e) => e.title);
    expect(titles.at(-1)).toBe('Energy cost of inference');
    expect(titles).toHaveLength(4);
  });

  it('ignores accents and punctuation', () => {
    expect(searchEntries(index, 'zoe muller').map((e) => e.title)).toEqual(['Zoë Müller']);
    expect(searchEntries(index, 'geneve').map((e) => e.title)).toEqual(['Governance Summit']);
    expect(normalise('Ünïcödé')).toBe('unicode');
  });

  it('caps the number of terms and results', () => {
    expect(queryTerms('a b c d e f g h i j')).toHaveLength(8);
    expect(searchEntries(index, 'a', 2)).toHaveLength(2);
  });
});
