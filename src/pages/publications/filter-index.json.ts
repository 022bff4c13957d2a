import type { APIRoute } from 'astro';
import { filterIndexParts } from './_filter-index';

/**
 * /publications/filter-index.json: the archive filters' labels and how many public publications
 * each value has (the publications themselves are in filter-index/<kind>/<value>.json).
 */
export const GET: APIRoute = async () =>
  new Response(JSON.stringify((await filterIndexParts()).meta), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
