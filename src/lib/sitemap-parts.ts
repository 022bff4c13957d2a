/** Addresses per sitemap part file (the protocol allows 50,000). */
export const PART_SIZE = 10_000;

/** A listed page: its path and the day it last changed. */
export type SitemapEntry = [path: string, lastmod: string];

/**
 * Groups entries by year, newest year first (undated last), into parts named `<kind>-<year>`, then `-2`, `-3` …
 * past `size` addresses; entries without a four-digit year go to `<kind>-undated`.
 */
export function byYear(
  kind: string,
  entries: [year: string, entry: SitemapEntry[]][],
  size = PART_SIZE,
): [name: string, entries: SitemapEntry[]][] {
  const years = new Map<string, SitemapEntry[]>();
  for (const [year, list] of entries) {
    const key = /^\d{4}$/.test(year) ? year : 'undated';
    const have = years.get(key);
    if (have) have.push(...list);
    else years.set(key, [...list]);
  }
  const parts: [string, SitemapEntry[]][] = [];
  const undated = (year: string) => (year === 'undated' ? 1 : 0);
  const newestFirst = [...years].sort(([a], [b]) => undated(a) - undated(b) || b.localeCompare(a));
  for (const [year, list] of newestFirst)
    for (let n = 0; n * size < list.length; n++)
      parts.push([`${kind}-${year}${n ? `-${n + 1}` : ''}`, list.slice(n * size, (n + 1) * size)]);
  return parts;
}
