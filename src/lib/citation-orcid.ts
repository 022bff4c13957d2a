/**
 * Authors' ORCID iDs in the citation formats, added to what citation.ts writes (which knows
 * authors by name only). `orcids` runs beside the authors: one entry per author, '' for an
 * author without an iD.
 *
 * - Highwire meta: `citation_author_orcid` right after its `citation_author`, as Google Scholar
 *   pairs them.
 * - BibTeX: one `orcid` field, 'Name/iD' pairs separated by '; ' (the form reference managers
 *   export as `orcid-numbers`), since BibTeX's author list has no place for identifiers.
 * - RIS: `AU` holds a name only, and the custom tags (C1…C8) mean different things per reference
 *   type and manager; each iD goes in an `N1` note ('ORCID: Name https://orcid.org/…'), which
 *   every manager imports as a note, so the iD is never dropped or misread as an address.
 */
import { bibEscape, type CitedAuthor } from './citation';
import { orcidUrl } from '../schemas/orcid';

type Pairs = { name: string; orcid: string }[];
/** An author as the notes name them: given name first, never the honorific. */
const nameOf = (a: CitedAuthor) =>
  typeof a === 'string' ? a : [a.given, a.family].filter(Boolean).join(' ');
const pairs = (authors: readonly CitedAuthor[], orcids: readonly string[]): Pairs =>
  authors.map((a, i) => ({ name: nameOf(a), orcid: orcids[i] ?? '' })).filter((a) => a.orcid);

/** The meta tags with each author's `citation_author_orcid` after their `citation_author`. */
export function withOrcidMeta(
  tags: [string, string][],
  orcids: readonly string[],
): [string, string][] {
  let author = 0;
  return tags.flatMap((tag): [string, string][] => {
    if (tag[0] !== 'citation_author') return [tag];
    const orcid = orcids[author++];
    return orcid ? [tag, ['citation_author_orcid', orcidUrl(orcid)]] : [tag];
  });
}

/** The BibTeX entry with an `orcid` field when any author has an iD. */
export function withOrcidBibtex(
  entry: string,
  authors: readonly CitedAuthor[],
  orcids: readonly string[],
): string {
  const found = pairs(authors, orcids);
  if (!found.length) return entry;
  const value = found.map((a) => `${bibEscape(a.name)}/${a.orcid}`).join('; ');
  return entry.replace(/\n\}$/, `,\n  orcid = {${value}}\n}`);
}

/** The RIS record with an `N1` note per author's iD, before its end (`ER`). */
export function withOrcidRis(
  record: string,
  authors: readonly CitedAuthor[],
  orcids: readonly string[],
): string {
  const notes = pairs(authors, orcids).map(
    (a) =>
      `N1  - ORCID: ${a.name.replace(/[\s\u2028\u2029\u0085]+/g, ' ')} ${orcidUrl(a.orcid)}\r\n`,
  );
  return notes.length ? record.replace(/ER {2}-\r\n$/, `${notes.join('')}ER  -\r\n`) : record;
}
