import { describe, expect, it } from 'vitest';
import { buildLibrary } from '../../src/lib/library';
import {
  founderPerson,
  listPeople,
  peopleIndex,
  resolveCredits,
  type Person,
} from '../../src/lib/people';
import { citedName, splitHonorific } from '../../src/schemas/cited-name';
import { peopleSchema } from '../../src/schemas/people';

const person = (id: string, name: string, slug: string, extra: Partial<Person> = {}): Person => ({
  id,
  slug,
  name,
  honorific: splitHonorific(name).honorific,
  cited: citedName(name),
  previousSlugs: [],
  position: 'Fellow',
  bio: '',
  image: '',
  linkedin: '',
  twitter: '',
  email: '',
  topics: [],
  founder: false,
  ...extra,
});
const chen = person('m1', 'Marcus Chen', 'marcus-chen');
const fischer = person('m2', 'Dr. Lena Fischer', 'dr-lena-fischer');
const founder = founderPerson({
  name: 'Dr. Amara Okafor',
  position: 'Founder',
  bio: '',
  image: '',
  linkedin: '',
  twitter: '',
  email: '',
  slugs: ['amara-okafor'],
})!;
const index = peopleIndex(listPeople(founder, [chen, fischer]));

describe('free-text authors of older records', () => {
  it('read as an ordered list of outside names', () => {
    expect(peopleSchema().parse('M. Chen, L. Fischer and Ada Lovelace')).toEqual([
      { name: 'M. Chen' },
      { name: 'L. Fischer' },
      { name: 'Ada Lovelace' },
    ]);
    expect(peopleSchema().parse('Chen, Marcus; Fischer, Lena')).toEqual([
      { name: 'Chen, Marcus' },
      { name: 'Fischer, Lena' },
    ]);
    expect(peopleSchema().parse('')).toEqual([]);
  });

  it('link the names that match a team member: whole names, initials, titles and "Family, Given" forms', () => {
    const credits = resolveCredits(
      peopleSchema().parse('M. Chen; Fischer, Lena; A. Okafor; Ada Lovelace'),
      index,
    );
    expect(credits.map((c) => [c.name, c.person?.id])).toEqual([
      ['M. Chen', 'm1'],
      ['Fischer, Lena', 'm2'],
      ['A. Okafor', 'founder'],
      ['Ada Lovelace', undefined],
    ]);
  });

  it('leave a name two people could be unlinked', () => {
    const twins = peopleIndex([chen, person('m3', 'Mei Chen', 'mei-chen')]);
    expect(twins.match('M. Chen')).toBeUndefined();
    expect(twins.match('Mei Chen')?.id).toBe('m3');
  });
});

describe('structured credits', () => {
  it('show a member under their current name, and a removed member under the name kept with the credit', () => {
    const credits = resolveCredits(
      [
        { member: 'm1', name: 'Old Name' },
        { member: 'gone', name: 'Former Fellow' },
        { member: 'gone-too' },
      ],
      index,
    );
    expect(credits.map((c) => [c.name, c.person?.slug])).toEqual([
      ['Marcus Chen', 'marcus-chen'],
      ['Former Fellow', undefined],
    ]);
  });
});

describe('people', () => {
  it('put the founder first; a founder whose slug a member has steps aside, and no redirect hides a live page', () => {
    const twin = person('m9', 'Amara Okafor', 'amara-okafor');
    const people = listPeople(
      founderPerson({
        name: 'Amara Okafor',
        position: '',
        bio: '',
        image: '',
        linkedin: '',
        twitter: '',
        email: '',
        slugs: ['dr-amara-okafor'],
      }),
      [twin, { ...chen, previousSlugs: ['amara-okafor-2'] }],
    );
    expect(people.map((p) => [p.id, p.slug, p.previousSlugs])).toEqual([
      ['founder', 'amara-okafor-2', ['dr-amara-okafor']],
      ['m9', 'amara-okafor', []],
      ['m1', 'marcus-chen', []],
    ]);
  });
});

describe('the library', () => {
  it("lists each person's and each topic's records once, in the order given, and each topic's experts", () => {
    const people = listPeople(founder, [{ ...chen, topics: ['t1'] }, fischer]);
    const pub = (id: string, authors: unknown, topics: string[]) => ({
      id,
      authors: peopleSchema().parse(authors),
      topics,
    });
    const publications = [
      pub('p2', [{ member: 'm1' }, { name: 'M. Chen' }], ['t1', 't1']),
      pub('p1', 'L. Fischer, A. Okafor', ['t2', 'deleted']),
    ];
    const events = [
      { id: 'e1', speakers: peopleSchema().parse([{ member: 'm2' }]), topics: ['t1'] },
    ];
    const topics = ['t1', 't2'].map((id) => ({
      id,
      slug: id,
      previousSlugs: [],
      title: id,
      description: '',
      image: '',
    }));
    const library = buildLibrary({ people, topics, publications, events });
    expect(library.ofPerson('m1').publications.map((p) => p.id)).toEqual(['p2']);
    expect(library.ofPerson('m2')).toMatchObject({
      publications: [{ id: 'p1' }],
      events: [{ id: 'e1' }],
    });
    expect(library.ofPerson('founder').publications.map((p) => p.id)).toEqual(['p1']);
    expect(library.ofTopic('t1')).toMatchObject({
      publications: [{ id: 'p2' }],
      events: [{ id: 'e1' }],
      experts: [{ id: 'm1' }],
    });
    expect(library.topicsOf(publications[1]!).map((t) => t.id)).toEqual(['t2']);
    expect(library.authors(publications[1]!).map((c) => c.person?.slug)).toEqual([
      'dr-lena-fischer',
      'dr-amara-okafor',
    ]);
  });

  it('credits the authors of a draft, which no list holds yet', () => {
    const people = listPeople(founder, [chen, fischer]);
    const library = buildLibrary({ people, topics: [], publications: [], events: [] });
    const draft = { id: 'draft', authors: [{ member: 'm2' }, { name: 'Jo Bloggs' }] };
    expect(library.authors(draft).map((c) => c.name)).toEqual(['Dr. Lena Fischer', 'Jo Bloggs']);
  });
});
