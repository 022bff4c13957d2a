/**
 * When a publication came out. A publication has a real date (`publishedOn`, 'YYYY-MM-DD') and
 * the free text shown on cards (`date`, e.g. 'March 2025'). Records saved before `publishedOn`
 * existed are read from their free text where it parses, so old and new records sort together.
 * Pure, shared by the archive, the feeds, citations and tests.
 */
import { byOrder } from '../schemas/order';
import { isRenderableDate, MIN_YEAR } from '../schemas/dates';
import { formatCalendarDate } from './date-style';

export interface PartialDate {
  year: number;
  month?: number;
  day?: number;
}

/** The fields a publication's date is read from. */
export interface Dated {
  /** 'YYYY-MM-DD' or ''. Optional: records stored before it existed lack it. */
  publishedOn?: string;
  /** Free text: '2025-03-14', 'March 2025' or '2025'. */
  date: string;
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
export const MONTH_NAMES = MONTHS.map((m) => m[0]!.toUpperCase() + m.slice(1));

/**
 * Reads '2025-03-14', '2025-03', 'March 2025', '14 March 2025', 'Mar 2025' or '2025'; null when no
 * year is found. A month or day that does not exist is left out (a record saved before dates were
 * checked may hold '2026-13-01'), so no citation format is ever asked for a 13th month.
 */
export function parsePublicationDate(text: string): PartialDate | null {
  const found = readDate(text);
  if (!found?.month) return found;
  if (found.month < 1 || found.month > 12) return { year: found.year };
  if (found.day && !isRenderableDate(Math.max(found.year, MIN_YEAR), found.month, found.day))
    return { year: found.year, month: found.month };
  return found;
}

function readDate(text: string): PartialDate | null {
  const t = text.trim().toLowerCase();
  const iso = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?/.exec(t);
  if (iso)
    return {
      year: +iso[1]!,
      ...(iso[2] ? { month: +iso[2] } : {}),
      ...(iso[3] ? { day: +iso[3] } : {}),
    };
  const year = /\b(\d{4})\b/.exec(t);
  if (!year) return null;
  const monthIndex = MONTHS.findIndex((m) => new RegExp(`\\b${m.slice(0, 3)}`).test(t));
  const day = /\b(\d{1,2})\b/.exec(t.replace(year[1]!, ''));
  return {
    year: +year[1]!,
    ...(monthIndex >= 0 ? { month: monthIndex + 1 } : {}),
    ...(monthIndex >= 0 && day ? { day: +day[1]! } : {}),
  };
}

/** The publication's date: its `publishedOn` when set, else what its free text says (or null). */
export function publicationDate(p: Dated): PartialDate | null {
  if (p.publishedOn) {
    const [year, month, day] = p.publishedOn.split('-').map(Number);
    return { year: year!, month, day };
  }
  return parsePublicationDate(p.date);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** ISO form as precise as known: '2025', '2025-03' or '2025-03-14'. */
export const isoPartialDate = (d: PartialDate): string =>
  [String(d.year), d.month ? pad(d.month) : '', d.day ? pad(d.day) : ''].filter(Boolean).join('-');

/**
 * The day a publication sorts by, 'YYYY-MM-DD': its date (a missing month or day counts as the
 * first), or the day it was added when it has none, so undated records still take a place.
 */
export function publicationSortDay(p: Dated & { createdAt?: string }): string {
  const d = publicationDate(p);
  if (!d) return (p.createdAt ?? '').slice(0, 10);
  return `${String(d.year).padStart(4, '0')}-${pad(d.month ?? 1)}-${pad(d.day ?? 1)}`;
}

/** The year a publication is filed under in the archive ('' when it has no date at all). */
export const publicationYear = (p: Dated & { createdAt?: string }): string =>
  publicationSortDay(p).slice(0, 4);

/** Sorts once per list, not per comparison: the sort day is read a single time per record. */
export function sortNewestFirst<T extends Dated & { createdAt?: string; order?: number | null }>(
  items: readonly T[],
): T[] {
  return items
    .map((item) => ({ item, day: publicationSortDay(item) }))
    .sort((a, b) => b.day.localeCompare(a.day) || byOrder(a.item, b.item))
    .map((e) => e.item);
}

/** The date shown on cards and pages: the admin's free text, else 'March 14, 2025' from `publishedOn`. */
export function displayDate(p: Dated): string {
  if (p.date.trim()) return p.date;
  if (!p.publishedOn) return '';
  const [year, month, day] = p.publishedOn.split('-').map(Number);
  return formatCalendarDate({ year: year!, month, day });
}
