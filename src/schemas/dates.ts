/**
 * The dates the site can render everywhere it shows one (pages, feeds, calendar files, citations,
 * JSON-LD): years 1000 to 9999, months 1 to 12 and days that exist in their month. JavaScript
 * dates reach year 275760 and calendar and citation formats do not; refusing the rest where they
 * are entered means no stored date can stop a build. Zod-free, so islands can use it too.
 */
export const MIN_YEAR = 1000;
export const MAX_YEAR = 9999;

/** Whether year, month (1-12) and day form a real date in the renderable range. */
export function isRenderableDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || year < MIN_YEAR || year > MAX_YEAR) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,3})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)?)?$/;

/**
 * 'YYYY-MM-DD', or an ISO date-time ('YYYY-MM-DDTHH:MM[:SS[.mmm]][Z|±HH:MM]'), whose calendar day
 * is renderable. What Date.parse would also take (other formats, expanded years) is refused.
 */
export function isRenderableIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  return (
    !!m &&
    isRenderableDate(Number(m[1]), Number(m[2]), Number(m[3])) &&
    Number.isFinite(Date.parse(value))
  );
}

export const DATE_MESSAGE = `Must be a real date between the years ${MIN_YEAR} and ${MAX_YEAR} (YYYY-MM-DD)`;

/**
 * A publication's free-text date ('14 March 2025', 'Spring 2025', '2025-03'): any wording, but a
 * date written with numbers must be real ('2026-13-01' is refused) and every year in range.
 */
export function isRenderableDateText(text: string): boolean {
  const iso = /^\s*(\d{4})-(\d{1,2})(?:-(\d{1,2}))?(?!\d)/.exec(text);
  if (iso && !isRenderableDate(Number(iso[1]), Number(iso[2]), iso[3] ? Number(iso[3]) : 1))
    return false;
  return [...text.matchAll(/(?<!\d)(\d{4})(?!\d)/g)].every((m) => Number(m[1]) >= MIN_YEAR);
}
