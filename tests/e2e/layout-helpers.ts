import type { Locator } from '@playwright/test';

/** How many of `cards` share each visual row (by their top edge), top to bottom. */
export async function rowSizes(cards: Locator): Promise<number[]> {
  const tops = await cards.evaluateAll((els) =>
    els.map((el) => Math.round(el.getBoundingClientRect().top + window.scrollY)),
  );
  const rows = new Map<number, number>();
  for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
  return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
}
