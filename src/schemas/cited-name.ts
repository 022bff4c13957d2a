/**
 * Names as citations print them: a person's given and family name, never their honorific.
 * 'Dr. Lena Fischer' is cited as Fischer, L.; 'Prof. Dr. Hans-Peter Müller' as Müller, H.-P.
 * Pure and without zod (browser code imports it), shared by the schemas (which move an honorific
 * typed into a name to its own field),
 * the build and the citation formats.
 */

/** A name split for citing; a one-word name has only a family part. */
export interface CitedName {
  given: string;
  family: string;
}

/** Honorifics recognised at the start of a name (lower case, without the dot). */
const HONORIFICS = ['dr', 'prof', 'professor', 'mr', 'mrs', 'ms', 'mx', 'sir', 'dame', 'rev'];
const LEADING = new RegExp(`^(?:${HONORIFICS.join('|')})\\.?(?=\\s)`, 'i');

/**
 * 'Prof. Dr. Hans-Peter Müller' → { honorific: 'Prof. Dr.', name: 'Hans-Peter Müller' }. A name
 * made only of an honorific ('Dr. Who' keeps 'Who') never loses its last word.
 */
export function splitHonorific(text: string): { honorific: string; name: string } {
  const taken: string[] = [];
  let rest = text.trim();
  for (let m = LEADING.exec(rest); m; m = LEADING.exec(rest)) {
    const after = rest.slice(m[0].length).trim();
    if (!after) break;
    taken.push(m[0]);
    rest = after;
  }
  return { honorific: taken.join(' '), name: rest };
}

/** A name as shown on the site: 'Dr.' and 'Lena Fischer' → 'Dr. Lena Fischer'. */
export const shownName = (honorific: string | undefined, name: string): string =>
  [honorific?.trim(), name.trim()].filter(Boolean).join(' ');

/**
 * How a name is cited: the parts given when an admin set them, otherwise read from the name
 * ('Lena Fischer' or 'Fischer, Lena'), any honorific dropped; the last word is the family name.
 */
export function citedName(name: string, parts?: Partial<CitedName>): CitedName {
  const family = parts?.family?.trim();
  if (family) return { given: parts?.given?.trim() ?? '', family };
  const bare = splitHonorific(name).name;
  if (bare.includes(',')) {
    const [last, first] = bare.split(',', 2).map((s) => s.trim());
    return { family: last!, given: splitHonorific(first ?? '').name };
  }
  const words = bare.split(/\s+/).filter(Boolean);
  return { family: words.at(-1) ?? '', given: words.slice(0, -1).join(' ') };
}

/** 'Fischer, Lena', or just 'Plato': the inverted form BibTeX, RIS and Highwire all read. */
export const invertedName = (n: CitedName): string =>
  n.given ? `${n.family}, ${n.given}` : n.family;
