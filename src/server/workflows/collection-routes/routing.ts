import type { Collection } from '../../content/collections';
import type { KeyedCollection } from '../../content/keyed-collection';
import { cdnCacheHeaders } from '../../http/cdn-cache';
import type { FnContext } from '../../http/http';
import type { CollectionApiOptions } from './options';

/** What every route of one collection's API works from, made once when its function is set up. */
export interface CollectionRouting {
  o: CollectionApiOptions;
  items: Collection;
  /** The collection when it is kept one key per record (it has pages), else null. */
  keyed: KeyedCollection | null;
  /** The public list: the options' own, or the collection's order. */
  list: () => Promise<unknown[]>;
  /** The answer options of a public read. */
  publicCache: { cache: string; headers: Record<string, string> };
  /** An item's History target: `<name>/<id>`. */
  target: (id: string) => string;
}

export function collectionRouting(o: CollectionApiOptions): CollectionRouting {
  const items = o.collection;
  return {
    o,
    items,
    keyed: 'page' in items ? items : null,
    list: o.list ?? (() => items.list()),
    // Public reads are tagged with the collection's name; its writes purge that tag
    // (content/collections/).
    publicCache: { cache: o.cache, headers: cdnCacheHeaders(o.name) },
    target: (id: string) => `${o.name}/${id}`,
  };
}

/** The item a route's `:id` names. */
export const itemId = (ctx: FnContext) => ctx.params.id ?? '';
