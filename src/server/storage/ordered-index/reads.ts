import { entryFor } from './chunks';
import type { IndexContext, Listing } from './context';
import { isOpen, isShown, knowsHidden, openIn, shownIn } from './counts';
import { groupsOf, openGroup, readChunk, rowsOf } from './parts';
import type { ChunkRef, Head, OrderedRow } from './schemas';

/*
 * Reads of a head that cost what they show: a row found by where it was last seen, a page of
 * rows, the shown or open rows of a listing, and the rows and counts the entries tally, each
 * reading only the groups and chunks it falls in.
 */

/** Where the row of `id` is, by its index order, and the row; null when there is none. */
export async function locate<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  head: Head<Row>,
  id: string,
  near: string | null | 'new',
): Promise<{ position: number; row: Row } | null> {
  const groups = groupsOf(head, ix.main);
  if (groups && near === 'new') return null;
  if (groups && near !== null && near !== 'new' && groups.length) {
    const g = entryFor(groups, near);
    const refs = await openGroup(ix, groups[g]!);
    const n = entryFor(refs, near);
    const rows = (await readChunk(ix, refs[n]!)).rows;
    const at = rows.findIndex((r) => r.id === id);
    const countBefore = (items: readonly ChunkRef[], end: number) =>
      items.slice(0, end).reduce((sum, r) => sum + r.count, 0);
    if (at >= 0)
      return { position: countBefore(groups, g) + countBefore(refs, n) + at, row: rows[at]! };
  }
  // Not where it was last seen (moved since, or never seen): every chunk, once.
  const all = await rowsOf(ix, head);
  const position = all.findIndex((r) => r.id === id);
  return position < 0 ? null : { position, row: all[position]! };
}

/** Rows `skip` to `skip + take` of a listing, in order: reads only their groups and chunks. */
export async function rowsFrom<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  head: Head<Row>,
  skip: number,
  take: number,
  L = ix.main,
): Promise<Row[]> {
  const groups = groupsOf(head, L);
  if (!groups) return (await rowsOf(ix, head, L)).slice(skip, skip + take);
  const out: Row[] = [];
  const within = (start: number, count: number) =>
    start + count > skip && start < skip + take && out.length < take;
  let start = 0;
  for (const group of groups) {
    if (within(start, group.count)) {
      let at = start;
      for (const ref of await openGroup(ix, group)) {
        if (within(at, ref.count)) {
          const rows = (await readChunk(ix, ref)).rows;
          out.push(...rows.slice(Math.max(0, skip - at), skip + take - at));
        }
        at += ref.count;
      }
    }
    start += group.count;
  }
  return out;
}

/** How many rows a head holds, from its entries. */
export const totalOf = <Row extends OrderedRow>(ix: IndexContext<Row>, head: Head<Row>) =>
  (groupsOf(head, ix.main) ?? null)?.reduce((sum, r) => sum + r.count, 0) ??
  (head.rows ?? []).length;

/**
 * The rows of a listing shown at `now` (and, with `open`, open at `now`), `skip` to
 * `skip + take` of them in order, each with its place in the listing; how many there are; the
 * next time a hidden row is shown; and the next time an open row closes. Reads the head, and the
 * groups and chunks the page falls in or whose entries cannot say how many of their rows count.
 */
export async function shownOf<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  head: Head<Row>,
  L: Listing<Row>,
  skip: number,
  take: number,
  now: number,
  open: boolean,
) {
  const groups = groupsOf(head, L)!;
  const out: { row: Row; position: number }[] = [];
  let total = 0;
  let position = 0;
  let next: number | null = null;
  let nextEnd: number | null = null;
  const later = (t: number) => {
    if (t > now && (next === null || t < next)) next = t;
  };
  const ends = (t: number) => {
    if (t >= now && (nextEnd === null || t < nextEnd)) nextEnd = t;
  };
  // How many rows of an entry count, from the entry alone; null when its rows must be read.
  const countOf = (ref: ChunkRef): number | null => {
    if (!knowsHidden(ix, ref)) return null;
    if (!open) return shownIn(ref, now);
    const opened = openIn(ref, now);
    return opened === 0 ? 0 : opened === ref.count ? shownIn(ref, now) : null;
  };
  const counts = (row: Row) => isShown(ix, row, now) && (!open || isOpen(ix, row, now));
  const visit = async (ref: ChunkRef, isGroup: boolean): Promise<void> => {
    for (const t of ref.hidden ?? []) later(t);
    for (const t of ref.until ?? []) ends(t);
    if (ref.ends !== undefined) ends(ref.ends);
    const known = countOf(ref);
    if (known !== null && !(known > 0 && total + known > skip && out.length < take)) {
      total += known;
      position += ref.count;
      return;
    }
    if (isGroup) {
      for (const chunk of await openGroup(ix, ref)) await visit(chunk, false);
      return;
    }
    const rows = (await readChunk(ix, ref)).rows;
    rows.forEach((row, n) => {
      const at = ix.o.hiddenUntil?.(row);
      if (!knowsHidden(ix, ref) && at !== null && at !== undefined && Number.isFinite(at))
        later(at);
      if (!counts(row)) return;
      if (total >= skip && out.length < take) out.push({ row, position: position + n });
      total++;
    });
    position += ref.count;
  };
  for (const group of groups) await visit(group, true);
  return { rows: out, total, next: next as number | null, nextEnd: nextEnd as number | null };
}

/** The rows of a head that count under `label`: reads only the groups and chunks that tally it. */
export async function countedIn<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  head: Head<Row>,
  label: string,
): Promise<Row[]> {
  const tallied = (row: Row) => ix.o.tally?.(row).includes(label);
  const groups = groupsOf(head, ix.main);
  if (!groups) return (head.rows ?? []).filter(tallied);
  const out: Row[] = [];
  for (const group of groups)
    if (group.tally?.[label])
      for (const ref of await openGroup(ix, group))
        if (ref.tally?.[label])
          for (const row of (await readChunk(ix, ref)).rows) if (tallied(row)) out.push(row);
  return out;
}

/** How many rows of a head are open at `now` (orderedIndex's `openAt` says what it reads). */
export async function openCount<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  head: Head<Row>,
  now: number,
): Promise<number> {
  const byTime = ix.listings.find((L) => L.open && L.every);
  const groups = (byTime && groupsOf(head, byTime)) ?? groupsOf(head, ix.main);
  if (!groups) return (head.rows ?? []).filter((r) => isOpen(ix, r, now)).length;
  let open = 0;
  for (const group of groups) {
    const known = openIn(group, now);
    if (known !== null) open += known;
    else for (const ref of await openGroup(ix, group)) open += openIn(ref, now) ?? 0;
  }
  return open;
}
