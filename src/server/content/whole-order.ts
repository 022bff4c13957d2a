import { HttpError } from '../http/errors';

/**
 * A new order must name every stored item exactly once: a list that misses, repeats or invents
 * an id would drop or duplicate items, so it is a 400 and nothing moves.
 */
export function assertWholeOrder(ids: readonly string[], known: ReadonlySet<string>): void {
  if (
    ids.length !== known.size ||
    new Set(ids).size !== ids.length ||
    !ids.every((id) => known.has(id))
  )
    throw new HttpError(400, 'The new order must list every item exactly once', {
      ids: 'List every item exactly once',
    });
}
