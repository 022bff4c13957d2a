/**
 * /publications/<slug>/crossref.xml: the Crossref deposit file (schema 5.3.1) of each public
 * publication with a DOI, for the institute to upload to Crossref (src/lib/crossref-deposit.ts).
 * Crossref needs a depositor's e-mail address: the site's contact address (Site settings), so
 * without one no deposit file is built.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import { publicationDate } from '../../../lib/publication-date';
import { crossrefDeposit } from '../../../lib/crossref-deposit';
import { publicationUrl } from '../../../lib/publication-archive';
import type { Publication } from '../../../schemas/publication';
import { settingText } from '../../../schemas/site-settings';
import {
  buildTime,
  loadLibrary,
  loadPublications,
  loadSiteSettings,
} from '../../../server/workflows/page-data';
import { SITE } from '../../../site.config';

export const getStaticPaths = (async () => {
  const settings = await loadSiteSettings();
  if (!settings.showPublications || !settingText(settings, 'contactEmail').trim()) return [];
  return (await loadPublications())
    .filter((publication) => publication.doi)
    .map((publication) => ({ params: { slug: publication.slug }, props: { publication } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props, site, url }) => {
  const p = (props as { publication: Publication }).publication;
  const origin = new URL(site ?? url).origin;
  const [settings, library] = await Promise.all([loadSiteSettings(), loadLibrary()]);
  const xml = crossrefDeposit(
    {
      title: p.title,
      authors: library.authors(p).map((c) => ({ name: c.cited, orcid: c.person?.orcid })),
      date: publicationDate(p),
      doi: p.doi,
      url: new URL(publicationUrl(p), origin).href,
      seriesNumber: p.seriesNumber,
    },
    {
      name: SITE.name,
      email: settingText(settings, 'contactEmail').trim(),
      at: new Date(buildTime()),
    },
  );
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
