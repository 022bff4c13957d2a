/**
 * The site's one date style, for every page, email and admin screen: the spec's event date
 * ('MMMM d, yyyy'), so a date reads 'June 19, 2025' wherever it stands. A day of the week goes
 * before it ('Thursday, June 19, 2025'), a time after it on a 24-hour clock with the zone's name
 * ('June 19, 2025, 09:30 BST'), never an offset such as 'GMT+9'.
 *
 * Only the platform's Intl, so a page script that shows a date ships no date library.
 */

/** What a date part is read from: stored calendar days and instants alike. */
export interface CalendarDate {
  year: number;
  /** 1-12; absent for a date known only to the year. */
  month?: number;
  /** 1-31; absent for a date known only to the month. */
  day?: number;
}

const DAY: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric', year: 'numeric' };
const WEEKDAY: Intl.DateTimeFormatOptions = { ...DAY, weekday: 'long' };
const MONTH: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

// Making a formatter costs far more than using one (about 0.3 ms): a build formats thousands of
// dates in a handful of styles and zones, so each is made once.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions, zone?: string): Intl.DateTimeFormat {
  const key = `${JSON.stringify(options)}|${zone ?? ''}`;
  let made = formatters.get(key);
  if (!made) {
    // American English gives the month-first order ('June 19, 2025'); the clock is set by TIME.
    made = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    formatters.set(key, made);
  }
  return made;
}

const toMs = (at: number | string | Date): number =>
  typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();

/** The instant of UTC midnight of a calendar day; setUTCFullYear keeps years below 100 as given. */
function utcMidnight(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getTime();
}

/**
 * A calendar day, month or year as the site writes it: 'June 19, 2025', 'June 2025' or '2025'.
 * `weekday` names the day of the week too, when the day is known.
 */
export function formatCalendarDate(
  date: CalendarDate,
  options: { weekday?: boolean } = {},
): string {
  if (!date.month) return String(date.year);
  if (!date.day) return formatter(MONTH, 'UTC').format(utcMidnight(date.year, date.month, 1));
  return formatter(options.weekday ? WEEKDAY : DAY, 'UTC').format(
    utcMidnight(date.year, date.month, date.day),
  );
}

/**
 * A stored calendar day ('2025-06-19' or its UTC midnight '2025-06-19T00:00:00.000Z') as
 * 'June 19, 2025'. It is read in UTC: the reader's or the build machine's zone must not move it to
 * the day before. Text that is no date comes back as it is.
 */
export function formatStoredDay(iso: string, options: { weekday?: boolean } = {}): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return formatter(options.weekday ? WEEKDAY : DAY, 'UTC').format(ms);
}

/** The day of an instant in `zone` (the reader's when absent): 'June 19, 2025'; '' when no date. */
export function formatDay(
  at: number | string | Date,
  zone?: string,
  options: { weekday?: boolean } = {},
): string {
  const ms = toMs(at);
  return Number.isNaN(ms) ? '' : formatter(options.weekday ? WEEKDAY : DAY, zone).format(ms);
}

/** The clock time of an instant in `zone` (the reader's when absent): '09:30'; '' when no time. */
export function formatClock(at: number | string | Date, zone?: string): string {
  const ms = toMs(at);
  return Number.isNaN(ms) ? '' : formatter(TIME, zone).format(ms);
}

/**
 * The zone's short name at that instant, as people write it: 'CET', 'BST', 'EDT'. English names
 * differ by region (British English knows CET, American English EST), so both are asked; a zone
 * without a common abbreviation is named by its place ('Tokyo time'): an offset such as 'GMT+9'
 * tells few readers where that is. `zone` undefined is the reader's.
 */
export function zoneName(at: number, zone?: string): string {
  const name = (locale: string) =>
    new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  const british = name('en-GB');
  if (!/^GMT[+-]/.test(british)) return british;
  const american = name('en-US');
  if (!/^GMT[+-]/.test(american)) return american;
  const place = (zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone)
    .split('/')
    .at(-1)!
    .replace(/_/g, ' ');
  return `${place} time`;
}

/**
 * An instant with its time and zone: 'June 19, 2025, 09:30 BST', in `zone` (the reader's when
 * absent); '' for a missing or unreadable time.
 */
export function formatDateTime(
  at: number | string | Date | null | undefined,
  zone?: string,
): string {
  if (at === null || at === undefined || at === '') return '';
  const ms = toMs(at);
  if (Number.isNaN(ms)) return '';
  return `${formatDay(ms, zone)}, ${formatClock(ms, zone)} ${zoneName(ms, zone)}`;
}
