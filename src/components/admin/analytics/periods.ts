/** The analytics page's periods, and the dates they cover (UTC days, as the counts are kept). */
export const PERIODS = [
  { id: '7', label: '7 days', days: 7 },
  { id: '30', label: '30 days', days: 30 },
  { id: '90', label: '90 days', days: 90 },
  { id: '365', label: '12 months', days: 365 },
] as const;
export type PeriodId = (typeof PERIODS)[number]['id'];

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The period ending today and the one just before it, as `from`/`to` pairs. */
export function periodRanges(days: number, now = Date.now()) {
  const today = Date.parse(`${iso(now)}T00:00:00Z`);
  return {
    current: { from: iso(today - (days - 1) * DAY_MS), to: iso(today) },
    previous: { from: iso(today - (2 * days - 1) * DAY_MS), to: iso(today - days * DAY_MS) },
  };
}

/** The query string of a period. */
export const rangeQuery = (r: { from: string; to: string }) => `from=${r.from}&to=${r.to}`;
