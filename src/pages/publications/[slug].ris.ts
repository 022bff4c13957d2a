import type { APIRoute, GetStaticPaths } from 'astro';
import { attachment, downloadName, ris } from '../../lib/citation';
import { pagesToRender, recordHash } from '../../integrations/page-cache';
import { publicationUrl } from '../../lib/publication-archive';
import type { Publication } from '../../schemas/publication';
import { loadLibrary, loadPublications, loadSiteSettings } from '../../server/workflows/page-data';
import { SITE } from '../../site.config';

/**
 * /publications/<slug>.ris: the publication's reference for reference managers (Zotero, EndNote…).
 * A file whose publication and authors are as the last build left them comes from the page cache.
 */
export const getStaticPaths = (async () => {
  if (!(await loadSiteSettings()).showPublications) return [];
  const [publications, library] = await Promise.all([loadPublications(), loadLibrary()]);
  const render = await pagesToRender(
    'publication-ris',
    publications,
    (p) => `publications/${p.slug}.ris`,
    (p) => [recordHash(p), library.authors(p).map((c) => c.cited)],
  );
  return render.map((publication) => ({
    params: { slug: publication.slug },
    props: { publication },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props, site, url }) => {
  const publication = (props as { publication: Publication }).publication;
  const origin = new URL(site ?? url).origin;
  const authors = (await loadLibrary()).authors(publication).map((c) => c.cited);
  const body = ris(
    { ...publication, authors },
    {
      publisher: SITE.name,
      url: new URL(publicationUrl(publication), origin).href,
      pdfUrl: publication.pdf ? new URL(publication.pdf, origin).href : undefined,
    },
  );
  return new Response(body, {
    headers: {
      'Content-Type': 'application/x-research-info-systems; charset=utf-8',
      'Content-Disposition': attachment(downloadName(publication.slug, 'ris')),
    },
  });
};
