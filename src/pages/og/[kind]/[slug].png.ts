import type { APIRoute, GetStaticPaths } from 'astro';
import { ogPlan, renderOgImage, type OgCard } from '../../../server/workflows/og-images';

/** /og/publications/<slug>.png and /og/events/<slug>.png: each page's Open Graph image (1200×630). */
export const getStaticPaths = (async () =>
  [...(await ogPlan()).values()].map((card) => ({
    params: { kind: card.kind, slug: card.slug },
    props: { card },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  const png = await renderOgImage((props as { card: OgCard }).card);
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
