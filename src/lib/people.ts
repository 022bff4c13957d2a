/**
 * The people of the institute (the founder and each team member) as the site shows them: one
 * page each at /team/<slug>, and the authors and speakers that link there. Pure, shared by the
 * build, the admin's author picker and tests.
 */
import { citedName, shownName, splitHonorific, type CitedName } from '../schemas/cited-name';
import { FOUNDER_ID } from '../schemas/founder-id';
import type { PersonRef } from '../schemas/people';
import { slugify } from './slug';

export const TEAM_PATH = '/team';

export interface Person {
  /** A team member's id, or FOUNDER_ID. */
  id: string;
  slug: string;
  /** Slugs of earlier names: each redirects to the current page. */
  previousSlugs: string[];
  /** The name as shown, honorific included ('Dr. Lena Fischer'). */
  name: string;
  /** 'Dr.', 'Prof. Dr.', or empty. */
  honorific: string;
  /** The name as cited: never the honorific. */
  cited: CitedName;
  position: string;
  bio: string;
  image: string;
  linkedin: string;
  twitter: string;
  email: string;
  /** Research area ids this person is an expert in. */
  topics: string[];
  founder: boolean;
}

/** An author or speaker as shown: their name, and their person when they are one of ours. */
export interface Credit {
  name: string;
  /** The name as citations print it. */
  cited: CitedName;
  person?: Person;
}

/** A team member's name as shown and as cited, from their stored fields. */
export const memberNames = (m: {
  name: string;
  honorific?: string;
  citedGiven?: string;
  citedFamily?: string;
}): Pick<Person, 'name' | 'honorific' | 'cited'> => ({
  name: shownName(m.honorific, m.name),
  honorific: m.honorific?.trim() ?? '',
  cited: citedName(m.name, { given: m.citedGiven, family: m.citedFamily }),
});

/** The names a list of credits holds as stored (a member chosen without a name shows their id). */
export const refNames = (refs: readonly PersonRef[]): string[] =>
  refs.map((r) => r.name ?? ('member' in r ? r.member : ''));

/** A person's page. */
export const personUrl = (person: { slug: string }): string => `${TEAM_PATH}/${person.slug}`;

/** The founder as a person, from the site settings' founder fields (null without a founder name). */
export function founderPerson(f: {
  name: string;
  position: string;
  bio: string;
  image: string;
  linkedin: string;
  twitter: string;
  email: string;
  /** Slugs the founder had under earlier names. */
  slugs: readonly string[];
}): Person | null {
  const name = f.name.trim();
  if (!name) return null;
  const slug = slugify(name) || 'founder';
  return {
    id: FOUNDER_ID,
    slug,
    previousSlugs: f.slugs.filter((s) => s !== slug),
    name,
    honorific: splitHonorific(name).honorific,
    cited: citedName(name),
    position: f.position,
    bio: f.bio,
    image: f.image,
    linkedin: f.linkedin,
    twitter: f.twitter,
    email: f.email,
    // The founder is a site setting with no topics of their own: experts are team members.
    topics: [],
    founder: true,
  };
}

/**
 * Everyone with a page, the founder first. Members' slugs are unique among members (stored with
 * them); the founder's follows their name and steps aside with a suffix if a member has it, and a
 * previous slug that is now someone's page is dropped, so no redirect hides a live page.
 */
export function listPeople(founder: Person | null, members: readonly Person[]): Person[] {
  const live = new Set(members.map((m) => m.slug));
  const all = [...members];
  if (founder) {
    let slug = founder.slug;
    for (let n = 2; live.has(slug); n++) slug = `${founder.slug}-${n}`;
    live.add(slug);
    all.unshift({ ...founder, slug });
  }
  return all.map((p) => ({ ...p, previousSlugs: p.previousSlugs.filter((s) => !live.has(s)) }));
}

const TITLES = /^(?:dr|prof|professor|mr|mrs|ms|mx|sir|dame)\.?\s+/;

/** 'Dr. Léna  Fischer' → ['lena', 'fischer']; 'Fischer, Lena' is read the same way. */
function nameWords(name: string): string[] {
  let text = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
  if (text.includes(',')) {
    const [family, given] = text.split(',', 2);
    text = `${given} ${family}`.trim();
  }
  while (TITLES.test(text)) text = text.replace(TITLES, '');
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Finds people by name: whole names first, then family name and first initial ('M. Chen'). */
export interface PeopleIndex {
  byId: Map<string, Person>;
  match(name: string): Person | undefined;
}

export function peopleIndex(people: readonly Person[]): PeopleIndex {
  const byId = new Map(people.map((p) => [p.id, p]));
  const whole = new Map<string, Person | null>();
  const short = new Map<string, Person | null>();
  // A key two people share matches neither: a credit is linked only when it is unambiguous.
  const add = (map: Map<string, Person | null>, key: string, p: Person) =>
    map.set(key, map.has(key) && map.get(key) !== p ? null : p);
  for (const p of people) {
    const words = nameWords(p.name);
    if (!words.length) continue;
    add(whole, words.join(' '), p);
    if (words.length > 1) add(short, `${words.at(-1)} ${words[0]![0]}`, p);
  }
  return {
    byId,
    match(name) {
      const words = nameWords(name);
      if (!words.length) return undefined;
      const found =
        whole.get(words.join(' ')) ??
        (words.length > 1 ? short.get(`${words.at(-1)} ${words[0]![0]}`) : undefined);
      return found ?? undefined;
    },
  };
}

/**
 * Authors or speakers as shown: a member by id shows under their current name; a member since
 * removed keeps the name stored with the credit; a name that matches one of ours (how free-text
 * authors of older records read) links to that person.
 */
export function resolveCredits(refs: readonly PersonRef[], index: PeopleIndex): Credit[] {
  return refs.flatMap((ref): Credit[] => {
    if ('member' in ref) {
      const person = index.byId.get(ref.member);
      if (person) return [{ name: person.name, cited: person.cited, person }];
      return ref.name ? [{ name: ref.name, cited: citedName(ref.name) }] : [];
    }
    const person = index.match(ref.name);
    // A name that is one of ours is cited as that person asks to be cited.
    return [
      person
        ? { name: ref.name, cited: person.cited, person }
        : { name: ref.name, cited: citedName(ref.name) },
    ];
  });
}
