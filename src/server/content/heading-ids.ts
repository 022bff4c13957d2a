/**
 * Unique ids for a report's headings, in one pass. A repeated heading gets the next free number
 * of its base (`section-a`, `section-a-2`, …), counted per base, so a body of thousands of
 * identical headings costs one step each rather than a search from 2 every time; a number a
 * real heading already took (a heading written "A 2") is stepped over.
 */
export function headingIds(): (base: string) => string {
  const used = new Set<string>();
  const next = new Map<string, number>();
  return (base) => {
    let id = base;
    if (used.has(id)) {
      let n = next.get(base) ?? 2;
      while (used.has(`${base}-${n}`)) n++;
      id = `${base}-${n}`;
      next.set(base, n + 1);
    }
    used.add(id);
    return id;
  };
}
