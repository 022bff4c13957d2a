/**
 * A Crossref deposit file for one report (schema 5.3.1): what the institute uploads to Crossref
 * to register, or update, the report's DOI. Built at build time for every publication with a DOI
 * (`/publications/<slug>/crossref.xml`); depositing stays a person's step, with Crossref's own
 * credentials, which the site never holds.
 *
 * A `report-paper` whose `report-paper_metadata` holds, in the schema's order: contributors
 * (given name, surname, ORCID), the title, the publication date, the institution, the series
 * number as `publisher_item/item_number` (a series of its own needs an ISSN, which reports here
 * do not have) and `doi_data` (the DOI and the page it resolves to).
 */
import type { CitedAuthor } from './citation';
import { citedName } from '../schemas/cited-name';
import { orcidUrl } from '../schemas/orcid';
import type { PartialDate } from './publication-date';

export const CROSSREF_SCHEMA_VERSION = '5.3.1';
const NS = `http://www.crossref.org/schema/${CROSSREF_SCHEMA_VERSION}`;

export interface DepositAuthor {
  /** As cited: the parts an admin set, or a name to read them from (never the honorific). */
  name: CitedAuthor;
  orcid?: string;
}

export interface DepositReport {
  title: string;
  authors: DepositAuthor[];
  date: PartialDate | null;
  doi: string;
  /** Absolute address of the report's page: where the DOI resolves. */
  url: string;
  seriesNumber?: string;
}

export interface Depositor {
  /** The institute: depositor, registrant and institution. */
  name: string;
  email: string;
  /** When the file was made: Crossref keeps the deposit with the latest timestamp. */
  at: Date;
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const pad = (n: number) => String(n).padStart(2, '0');

/** Crossref's timestamp: digits that grow with time (yyyyMMddHHmmss, UTC). */
export const depositTimestamp = (at: Date) =>
  `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`;

/**
 * A part of a person's name as Crossref takes it: 1 to 60 characters, with digits in one word at
 * most (a part such as '2 in 2024' is refused). The schema's \d is any decimal digit and its \s only the
 * four XML spaces.
 */
const NAME_PART = /^[^\p{Nd}?]*[^?\t\n\r ]+[^\p{Nd}]*$/u;
const crossrefNamePart = (s: string) => [...s].length <= 60 && NAME_PART.test(s);

/**
 * One author: a person's name in parts, with their ORCID iD; a name Crossref would refuse as a
 * person's goes as written, as an `organization` (its only other way to credit a contributor),
 * rather than shortened or dropped.
 */
function contributor(a: DepositAuthor, i: number): string {
  const { family, given } = typeof a.name === 'string' ? citedName(a.name) : a.name;
  const atts = `sequence="${i === 0 ? 'first' : 'additional'}" contributor_role="author"`;
  if (!crossrefNamePart(family) || (given && !crossrefNamePart(given))) {
    const written = typeof a.name === 'string' ? a.name : `${given} ${family}`;
    return `          <organization ${atts}>${esc(written.replace(/\s+/g, ' ').trim())}</organization>`;
  }
  return [
    `          <person_name ${atts}>`,
    given && `            <given_name>${esc(given)}</given_name>`,
    `            <surname>${esc(family)}</surname>`,
    a.orcid && `            <ORCID>${orcidUrl(a.orcid)}</ORCID>`,
    '          </person_name>',
  ]
    .filter(Boolean)
    .join('\n');
}

function publicationDate(d: PartialDate | null, fallback: Date): string {
  const parts = d
    ? [
        d.month && `<month>${pad(d.month)}</month>`,
        d.day && `<day>${pad(d.day)}</day>`,
        `<year>${d.year}</year>`,
      ]
    : [`<year>${fallback.getUTCFullYear()}</year>`];
  return `        <publication_date media_type="online">${parts.filter(Boolean).join('')}</publication_date>`;
}

/** The deposit file for one report with a DOI. */
export function crossrefDeposit(r: DepositReport, by: Depositor): string {
  const stamp = depositTimestamp(by.at);
  // Crossref takes batch ids of at most 100 characters: the DOI's start, then the timestamp.
  const batchId = `${r.doi.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 85)}-${stamp}`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<doi_batch xmlns="${NS}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${NS} https://www.crossref.org/schemas/crossref${CROSSREF_SCHEMA_VERSION}.xsd" version="${CROSSREF_SCHEMA_VERSION}">`,
    '  <head>',
    `    <doi_batch_id>${esc(batchId)}</doi_batch_id>`,
    `    <timestamp>${stamp}</timestamp>`,
    '    <depositor>',
    `      <depositor_name>${esc(by.name)}</depositor_name>`,
    `      <email_address>${esc(by.email)}</email_address>`,
    '    </depositor>',
    `    <registrant>${esc(by.name)}</registrant>`,
    '  </head>',
    '  <body>',
    '    <report-paper>',
    '      <report-paper_metadata language="en">',
    r.authors.length &&
      ['        <contributors>', ...r.authors.map(contributor), '        </contributors>'].join(
        '\n',
      ),
    `        <titles><title>${esc(r.title)}</title></titles>`,
    publicationDate(r.date, by.at),
    `        <institution><institution_name>${esc(by.name)}</institution_name></institution>`,
    r.seriesNumber &&
      `        <publisher_item><item_number item_number_type="report-number">${esc(r.seriesNumber)}</item_number></publisher_item>`,
    '        <doi_data>',
    `          <doi>${esc(r.doi)}</doi>`,
    `          <resource>${esc(r.url)}</resource>`,
    '        </doi_data>',
    '      </report-paper_metadata>',
    '    </report-paper>',
    '  </body>',
    '</doi_batch>',
  ];
  return `${lines.filter(Boolean).join('\n')}\n`;
}
