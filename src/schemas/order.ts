/**
 * The display order of every ordered collection (team, areas, stats, ...). It needs no zod, so
 * the server's lists and the islands that re-read them sort with this one rule.
 */

/** Sort by `order` ascending, missing order as 999, ties by creation time. */
export function byOrder<T extends { order?: number | null; createdAt?: string }>(
  a: T,
  b: T,
): number {
  return (
    (a.order ?? 999) - (b.order ?? 999) || (a.createdAt ?? '').localeCompare(b.createdAt ?? '')
  );
}
