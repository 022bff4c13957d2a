import type { APIRoute, GetStaticPaths } from 'astro';
import type { FilterPart } from '../../../../lib/archive-filter';
import { FILTER_KINDS, type FilterKind } from '../../../../lib/publication-archive';
import { filterIndexParts } from '../../_filter-index';

/** /publications/filter-index/<kind>/<value>.json: the public publications of one filter value, newest first. */
export const getStaticPaths = (async () => {
  const { parts } = await filterIndexParts();
  return FILTER_KINDS.flatMap((kind) =>
    [...parts[kind].keys()].map((value) => ({ params: { kind, value } })),
  );
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const { parts } = await filterIndexParts();
  const part: FilterPart = { rows: parts[params.kind as FilterKind].get(params.value!) ?? [] };
  return new Response(JSON.stringify(part), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
