import { describe, expect, it } from 'vitest';
import { apaCitation, bibtex, citationMeta, ris } from '../../src/lib/citation';
import { publicationJsonLd } from '../../src/lib/json-ld';
import { memberNames } from '../../src/lib/people';
import { citedName, splitHonorific } from '../../src/schemas/cited-name';
import { teamMemberSchema } from '../../src/schemas/team-member';

const ctx = { publisher: 'Meridian Institute', url: 'https://example.org/publications/x' };
const cite = (name: string) => {
  const p = {
    title: 'T',
    authors: [citedName(name)],
    date: '2025',
    type: 'Report',
    description: '',
    slug: 'x',
  };
  const bib = bibtex(p, ctx).match(/author = \{(.*)\}/)?.[1];
  const au = ris(p, ctx).match(/^AU {2}- (.*)$/m)?.[1];
  const meta = citationMeta(p, ctx).find(([n]) => n === 'citation_author')?.[1];
  const apa = apaCitation(p, ctx).split(' (2025)')[0];
  return { apa, bib, au, meta };
};

describe('names in citations', () => {
  it.each([
    ['Dr. Lena Fischer', 'Fischer, L.', 'Fischer, Lena'],
    ['Prof. Dr. Hans-Peter Müller', 'Müller, H.-P.', 'Müller, Hans-Peter'],
    ['Amara Okonkwo', 'Okonkwo, A.', 'Okonkwo, Amara'],
    ['Plato', 'Plato.', 'Plato'],
    ['محمد العلي', 'العلي, م.', 'العلي, محمد'],
  ])('cites %s without an honorific in every format', (name, apa, inverted) => {
    expect(cite(name)).toEqual({ apa, bib: inverted, au: inverted, meta: inverted });
  });

  it('reads every honorific at the start, and never the last word', () => {
    expect(splitHonorific('Prof. Dr. Hans-Peter Müller')).toEqual({
      honorific: 'Prof. Dr.',
      name: 'Hans-Peter Müller',
    });
    expect(splitHonorific('Dr Who')).toEqual({ honorific: 'Dr', name: 'Who' });
    expect(splitHonorific('Dr.')).toEqual({ honorific: '', name: 'Dr.' });
    expect(splitHonorific('Drew Barry').honorific).toBe('');
  });

  it('uses the name as cited when an admin gave one', () => {
    const m = {
      name: 'Nguyễn Thị Lan',
      honorific: 'Dr.',
      citedGiven: 'Thị Lan',
      citedFamily: 'Nguyễn',
    };
    expect(memberNames(m)).toEqual({
      name: 'Dr. Nguyễn Thị Lan',
      honorific: 'Dr.',
      cited: { given: 'Thị Lan', family: 'Nguyễn' },
    });
  });

  it('gives JSON-LD the cited name, with the honorific in its own property', () => {
    const ld = publicationJsonLd(
      {
        title: 'T',
        description: '',
        type: 'Report',
        authors: [
          { name: 'Dr. Lena Fischer', honorific: 'Dr.', cited: citedName('Dr. Lena Fischer') },
        ],
        url: ctx.url,
        image: 'https://example.org/i.png',
      },
      { origin: 'https://example.org', name: 'Meridian Institute' },
    );
    expect(ld.author).toEqual([
      {
        '@type': 'Person',
        name: 'Lena Fischer',
        givenName: 'Lena',
        familyName: 'Fischer',
        honorificPrefix: 'Dr.',
      },
    ]);
  });
});

describe('members saved with an honorific in the name', () => {
  const stored = {
    id: '0b0f6d3e-1c1a-4c1e-9a51-6a8e1e2f3a4b',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    name: 'Prof. Dr. Hans-Peter Müller',
    position: 'Fellow',
    slug: 'prof-dr-hans-peter-muller',
    previousSlugs: [],
  };

  it('move it to its own field as they are read, once', () => {
    const once = teamMemberSchema.parse(stored);
    expect(once).toMatchObject({ honorific: 'Prof. Dr.', name: 'Hans-Peter Müller' });
    expect(teamMemberSchema.parse(once)).toEqual(once);
  });

  it('leave a member who has an honorific alone', () => {
    const m = teamMemberSchema.parse({ ...stored, name: 'Dr. Who', honorific: 'Sir' });
    expect(m).toMatchObject({ name: 'Dr. Who', honorific: 'Sir' });
  });
});

describe('the cited name read from a name', () => {
  it('takes the parts an admin set over the name', () => {
    expect(citedName('Dr. Lena Fischer', { given: ' Lena M. ', family: ' Fischer-Roth ' })).toEqual(
      { given: 'Lena M.', family: 'Fischer-Roth' },
    );
  });

  it('reads "Family, Given" with any honorific dropped from either side', () => {
    expect(citedName('Fischer, Dr. Lena')).toEqual({ given: 'Lena', family: 'Fischer' });
    expect(citedName('Prof. Okonkwo')).toEqual({ given: '', family: 'Okonkwo' });
  });

  it('never leaves a name made of an honorific without its last word', () => {
    expect(splitHonorific('Dr. Who')).toEqual({ honorific: 'Dr.', name: 'Who' });
    expect(splitHonorific('Dr.')).toEqual({ honorific: '', name: 'Dr.' });
  });
});
