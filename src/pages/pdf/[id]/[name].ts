import type { APIRoute, GetStaticPaths } from 'astro';
import { parsePdfFileUrl } from '../../../schemas/pdf-upload';
import { loadPublications, loadSiteSettings } from '../../../server/workflows/page-data';
import { readJoinedPdf } from '../../../server/content/pdf-deploy';

/**
 * /pdf/<id>/<name>.pdf: the PDF of each public publication uploaded in parts, written into the
 * deploy so the CDN serves it (headers in public/_headers). Unpublished items' files are not
 * written; loadPublications has joined the parts.
 */
export const getStaticPaths = (async () => {
  if (!(await loadSiteSettings()).showPublications) return [];
  const refs = (await loadPublications())
    .map((p) => parsePdfFileUrl(p.pdf))
    .filter((r) => r !== null);
  return [...new Map(refs.map((r) => [`${r.id}/${r.fileName}`, r])).values()].map((r) => ({
    params: { id: r.id, name: r.fileName },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) =>
  new Response(new Uint8Array(await readJoinedPdf(`/pdf/${params.id}/${params.name}`)), {
    headers: { 'Content-Type': 'application/pdf' },
  });
