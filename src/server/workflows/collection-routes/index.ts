export { collectionApi } from './collection-api';
export type { CollectionApiOptions } from './options';
export { PUBLIC_PAGE_SIZE } from './public-reads';

/*
 * The HTTP API of each admin-edited collection (/api/<name>), one function per collection calling
 * collectionApi with its options. This file is its public face: collection-api.ts (the routes of
 * one collection, by path and method), options.ts (what a collection says about its API),
 * routing.ts (what every route works from, made once), summaries.ts (an item as History labels
 * it and as lists answer it), public-reads.ts (what visitors may see: the lists, pages of rows,
 * one item), admin-reads.ts (everything, for the editor), edits.ts (create, update, delete, each
 * in History or kept aside as a proposal) and order.ts (a new order, or one item moved).
 */
