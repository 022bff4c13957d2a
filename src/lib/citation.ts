/**
 * How a publication is cited: its authors (names, in order) and its date, the
 * Highwire (Google Scholar) meta tags, APA and BibTeX texts for the "Cite this" block, and the
 * RIS file reference managers import. Pure functions shared by the page, the .ris route and tests.
 */
import { citedName, invertedName, type CitedName } from '../schemas/cited-name';
import { MONTH_NAMES, publicationDate, type Dated, type PartialDate } from './publication-date';

/** An author as cited: a name as written ('Dr. Lena Fischer', 'Fischer, Lena'), or its parts. */
export type CitedAuthor = string | CitedName;

export interface Citable extends Dated {
  title: string;
  /** The authors in order; honorifics in a name are never cited. */
  authors: readonly CitedAuthor[];
  type: string;
  description: string;
  slug: string;
  /** Bare DOI ('10.1234/abc'), or empty. */
  doi?: string;
}

export interface CitationContext {
  /** The publisher (the institute's name). */
  publisher: string;
  /** Absolute address of the publication's page. */
  url: string;
  /** Absolute address of the PDF, if any. */
  pdfUrl?: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An author's given and family name. */
const partsOf = (a: CitedAuthor): CitedName => (typeof a === 'string' ? citedName(a) : a);

/** 'Lena Maria' → 'L. M.'; 'Hans-Peter' → 'H.-P.'; 'L.' stays 'L.'. */
const initials = (given: string) =>
  given
    .split(/[\s.]+/)
    .filter(Boolean)
    .map((w) =>
      w
        .split('-')
        .filter(Boolean)
        .map((part) => `${[...part][0]!.toUpperCase()}.`)
        .join('-'),
    )
    .join(' ');

/** Highwire date format: YYYY/MM/DD, or fewer parts when the day or month is unknown. */
export function citationDate(d: PartialDate): string {
  return [String(d.year), d.month ? pad(d.month) : '', d.day ? pad(d.day) : '']
    .filter(Boolean)
    .join('/');
}

/** The citation_* meta tags Google Scholar reads, in order (one citation_author per author). */
export function citationMeta(p: Citable, ctx: CitationContext): [name: string, content: string][] {
  const date = publicationDate(p);
  const tags: [string, string][] = [['citation_title', p.title]];
  for (const author of p.authors) tags.push(['citation_author', invertedName(partsOf(author))]);
  if (date) tags.push(['citation_publication_date', citationDate(date)]);
  tags.push(['citation_publisher', ctx.publisher]);
  if (/report|brief|paper/i.test(p.type))
    tags.push(['citation_technical_report_institution', ctx.publisher]);
  if (ctx.pdfUrl) tags.push(['citation_pdf_url', ctx.pdfUrl]);
  if (p.doi) tags.push(['citation_doi', p.doi]);
  tags.push(['citation_abstract_html_url', ctx.url]);
  return tags;
}

/** APA 7 reference: 'Fischer, L., & Okafor, A. (2025, March). Title [Report]. Publisher. URL' */
export function apaCitation(p: Citable, ctx: CitationContext): string {
  const names = p.authors.map((a) => {
    const { family, given } = partsOf(a);
    return given ? `${family}, ${initials(given)}` : family;
  });
  const authors =
    names.length === 0
      ? ''
      : names.length === 1
        ? names[0]!
        : `${names.slice(0, -1).join(', ')}, & ${names.at(-1)}`;
  const d = publicationDate(p);
  const when = d
    ? [d.year, d.month ? `${MONTH_NAMES[d.month - 1]}${d.day ? ` ${d.day}` : ''}` : '']
        .filter(Boolean)
        .join(', ')
    : 'n.d.';
  const title = `${p.title}${p.type ? ` [${p.type}]` : ''}.`;
  // APA ends with the DOI's address when there is one, the page's otherwise.
  const where = p.doi ? doiUrl(p.doi) : ctx.url;
  // Without authors APA puts the title first.
  return authors
    ? `${authors.replace(/\.$/, '')}. (${when}). ${title} ${ctx.publisher}. ${where}`
    : `${title} (${when}). ${ctx.publisher}. ${where}`;
}

/** BibTeX special characters, escaped so the entry parses whatever the admin typed. */
const bibEscape = (s: string) =>
  s.replace(/[\\{}%&$#_^~]/g, (c) =>
    c === '\\' ? '\\textbackslash{}' : c === '^' || c === '~' ? `\\${c}{}` : `\\${c}`,
  );

/** A BibTeX entry: @techreport for reports, briefs and papers, @misc otherwise; the key is the slug. */
export function bibtex(p: Citable, ctx: CitationContext): string {
  const d = publicationDate(p);
  const kind = /report|brief|paper/i.test(p.type) ? 'techreport' : 'misc';
  const fields: [string, string][] = [['title', `{${bibEscape(p.title)}}`]];
  const authors = p.authors;
  if (authors.length)
    fields.push([
      'author',
      `{${authors.map((a) => bibEscape(invertedName(partsOf(a)))).join(' and ')}}`,
    ]);
  fields.push([
    kind === 'techreport' ? 'institution' : 'publisher',
    `{${bibEscape(ctx.publisher)}}`,
  ]);
  if (kind === 'techreport' && p.type) fields.push(['type', `{${bibEscape(p.type)}}`]);
  if (d) fields.push(['year', `{${d.year}}`]);
  if (d?.month) fields.push(['month', MONTH_NAMES[d.month - 1]!.slice(0, 3).toLowerCase()]);
  if (p.doi) fields.push(['doi', `{${bibEscape(p.doi)}}`]);
  fields.push(['url', `{${ctx.url}}`]);
  const key = p.slug.replace(/[^A-Za-z0-9-]/g, '') || 'publication';
  return `@${kind}{${key},\n${fields.map(([k, v]) => `  ${k} = ${v}`).join(',\n')}\n}`;
}

/** RIS reference type for a publication type. */
const risType = (type: string) =>
  /report|brief|paper/i.test(type)
    ? 'RPRT'
    : /book/i.test(type)
      ? 'BOOK'
      : /article/i.test(type)
        ? 'JOUR'
        : 'GEN';

/** An RIS record (CRLF lines, as the format specifies) for reference managers. */
export function ris(p: Citable, ctx: CitationContext): string {
  const d = publicationDate(p);
  // Every value on one line: a line break inside one (\r, \n, or a Unicode line or paragraph
  // separator) would start a line of its own, which a reader takes for a new tag.
  const one = (s: string) => s.replace(/[\s\u2028\u2029\u0085]+/g, ' ').trim();
  const lines: [string, string][] = [
    ['TY', risType(p.type)],
    ['TI', one(p.title)],
  ];
  for (const author of p.authors) {
    lines.push(['AU', one(invertedName(partsOf(author)))]);
  }
  if (d) {
    lines.push(['PY', String(d.year)]);
    lines.push(['DA', `${d.year}/${d.month ? pad(d.month) : ''}/${d.day ? pad(d.day) : ''}/`]);
  }
  lines.push(['PB', one(ctx.publisher)]);
  if (p.description) lines.push(['AB', one(p.description)]);
  if (p.doi) lines.push(['DO', p.doi]);
  lines.push(['UR', ctx.url]);
  if (ctx.pdfUrl) lines.push(['L1', ctx.pdfUrl]);
  lines.push(['ER', '']);
  return `${lines.map(([tag, value]) => `${tag}  - ${value}`.trimEnd()).join('\r\n')}\r\n`;
}

/** The DOI's resolver address: https://doi.org/10.1234/abc (a valid DOI has only URL-safe characters). */
export const doiUrl = (doi: string) => `https://doi.org/${doi}`;

/** A file name for downloads: the slug, or 'publication'. */
export const downloadName = (slug: string, ext: string) => `${slug || 'publication'}.${ext}`;

/**
 * A Content-Disposition value for a download named `name` (RFC 6266): an ASCII fallback for old
 * clients and the real name as UTF-8 (`filename*`). Header values are Latin-1 only, so a slug in
 * Arabic, Greek or Japanese written as plain `filename="…"` made the route throw and the build fail.
 */
export function attachment(name: string): string {
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '')
      .replace(/^[-.]+/, '') || 'download';
  const fallback = /^\.[a-z0-9]+$/i.test(ascii) ? `download${ascii}` : ascii;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
