import { StorageError } from '../../http/errors';
import { forEachLimited } from '../records';
import { createJSON, updateJSON } from '../store';
import type { IndexContext } from './context';
import { build, editListing, type Work } from './listing-writes';
import {
  current,
  dropParts,
  groupsOf,
  isOutdated,
  namedIn,
  remember,
  rowsOf,
  StaleHead,
} from './parts';
import type { ChunkRef, Edit, Head, OrderedRow } from './schemas';

/*
 * Every change of an index lands in one etag-guarded write of its head, whatever it changes: the
 * head after the edit, the parts it names written first, and those it no longer names (or that a
 * lost try wrote) deleted after.
 */

/** Thrown inside a guarded write when there is nothing to change, so nothing is written. */
class Unchanged {}

const byKey = (a: OrderedRow, b: OrderedRow) =>
  a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : 0;

/** Every row after an edit of puts and drops, in order. */
function applied<Row extends OrderedRow>(
  rows: readonly Row[],
  edit: { put?: Row[]; drop?: string[] },
): Row[] {
  const gone = new Set([...(edit.drop ?? []), ...(edit.put ?? []).map((r) => r.id)]);
  return [...rows.filter((r) => !gone.has(r.id)), ...(edit.put ?? [])].sort(byKey);
}

/** Every listing of a head made afresh from every row. */
const built = <Row extends OrderedRow>(
  ix: IndexContext<Row>,
  w: Work,
  all: readonly Row[],
): Head<Row> => ({
  groups: build(ix, w, ix.main, all),
  sorted: Object.fromEntries(ix.listings.map((L) => [L.name, build(ix, w, L, all)])),
});

/**
 * The head after an edit, every listing changed alike. `known` gives, per id the edit touches,
 * the order key its row is at (null: it has none), so its chunk is read without searching.
 */
async function edited<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  w: Work,
  head: Head<Row>,
  edit: Edit<Row>,
  known: ReadonlyMap<string, string | null>,
): Promise<Head<Row>> {
  const groups = groupsOf(head, ix.main);
  if ('all' in edit || !groups) {
    const all = 'all' in edit ? edit.all : applied(await rowsOf(ix, head), edit);
    w.retired.push(...(await namedIn(ix, head)));
    return built(ix, w, all);
  }
  const put = edit.put ?? [];
  const gone = new Set([...(edit.drop ?? []), ...put.map((r) => r.id)]);
  const drops = [...gone].flatMap((id) => {
    const key = known.get(id);
    return key === null ? [] : [{ id, key }];
  });
  const changed = await editListing(ix, w, ix.main, groups, drops, put, !head.groups);
  const sorted: Record<string, ChunkRef[]> = {};
  for (const L of ix.listings) {
    const had = head.sorted?.[L.name];
    sorted[L.name] = had
      ? (
          await editListing(
            ix,
            w,
            L,
            had,
            changed.removed.filter(L.only).map((r) => ({ id: r.id, key: L.keyOf(r) })),
            put.filter(L.only),
            false,
          )
        ).groups
      : // A listing not made yet: made from every row, once.
        build(ix, w, L, applied(await rowsOf(ix, head), edit));
  }
  return { groups: changed.groups, sorted };
}

/** What a guarded write changes: the edit, and the order keys the rows it touches are at. */
export type Plan<Row> = { edit: Edit<Row>; known?: ReadonlyMap<string, string | null> } | null;

/**
 * Changes the index in one etag-guarded write of its head. `plan` gets the head as stored and
 * answers the edit (null: nothing to change), with the order keys the rows it touches are at;
 * it may throw to refuse, and is called again on a fresh head when another change landed first.
 */
export async function guarded<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  plan: (head: Head<Row>) => Promise<Plan<Row>>,
): Promise<void> {
  const { o } = ix;
  for (let attempt = 0; attempt < 10; attempt++) {
    // Per try of the guarded write: what it wrote and what its head stops naming.
    const tries: Work[] = [];
    const written = () => tries.flatMap((t) => t.fresh.map((f) => f.key));
    try {
      await updateJSON(
        o.store(),
        o.key,
        ix.headSchema,
        () => ({ groups: [] }),
        async (stored) => {
          const work: Work = { now: Date.now(), fresh: [], retired: [] };
          tries.push(work);
          const planned = await plan(stored);
          if (!planned) throw new Unchanged();
          const next = await edited(ix, work, stored, planned.edit, planned.known ?? new Map());
          await forEachLimited(work.fresh, 8, async (f) => {
            if (!(await createJSON(o.store(), f.key, f.schema, f.value)))
              throw new StorageError(`A new part of the ${o.what} index was already taken`);
            remember(f.key, f.copy);
          });
          return next;
        },
      );
    } catch (error) {
      await dropParts(ix, written()).catch(() => {});
      if (error instanceof Unchanged) return;
      if (error instanceof StaleHead) continue;
      throw error;
    }
    // The landed try's parts are named; the others' never were, and its retired ones no more.
    const landed = tries.pop()!;
    await dropParts(ix, [...written(), ...landed.retired.map(ix.partKey)]);
    return;
  }
  throw new StorageError(`The ${o.what} index keeps changing under its writers; try again`);
}

/** The order keys of the rows an edit touches, from every row. */
const keysIn = <Row extends OrderedRow>(all: readonly Row[], edit: Edit<Row>) => {
  if ('all' in edit) return new Map<string, string | null>();
  const at = new Map(all.map((r) => [r.id, r.orderKey]));
  const ids = [...(edit.drop ?? []), ...(edit.put ?? []).map((r) => r.id)];
  return new Map(ids.map((id) => [id, at.get(id) ?? null]));
};

/** How `change` decides its edit from every row in order. */
export type DecideAll<Row> = (rows: readonly Row[]) => Edit<Row> | null | Promise<Edit<Row> | null>;

/** A change decided on every row (orderedIndex's `change`): reads every chunk. */
export const change = <Row extends OrderedRow>(
  ix: IndexContext<Row>,
  decide: DecideAll<Row>,
): Promise<void> =>
  guarded(ix, async (head) => {
    const all = await rowsOf(ix, head);
    const edit = await decide(all);
    return edit && { edit, known: keysIn(all, edit) };
  });

/** A head of an earlier layout brought up to date (orderedIndex's `upgrade`). */
export async function upgrade<Row extends OrderedRow>(ix: IndexContext<Row>): Promise<boolean> {
  const head = await current(ix);
  if (!head) return false;
  if (isOutdated(ix, head))
    await guarded(ix, async (stored) => (isOutdated(ix, stored) ? { edit: { put: [] } } : null));
  return true;
}

/** The index made with these rows unless there is one (orderedIndex's `create`). */
export async function create<Row extends OrderedRow>(
  ix: IndexContext<Row>,
  rows: Row[],
): Promise<boolean> {
  const { o } = ix;
  const work: Work = { now: Date.now(), fresh: [], retired: [] };
  const head = built(ix, work, rows);
  await forEachLimited(work.fresh, 8, (f) => createJSON(o.store(), f.key, f.schema, f.value));
  const created = await createJSON(o.store(), o.key, ix.headSchema, head);
  if (!created)
    await dropParts(
      ix,
      work.fresh.map((f) => f.key),
    );
  return created;
}
