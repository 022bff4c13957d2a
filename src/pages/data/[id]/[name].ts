import type { APIRoute, GetStaticPaths } from 'astro';
import { DATA_FORMATS, parseDataFileUrl } from '../../../schemas/data-file';
import { loadPublications, loadSiteSettings } from '../../../server/workflows/page-data';
import { readJoinedPdf } from '../../../server/content/pdf-deploy';

/**
 * /data/<id>/<name>.csv|json|xlsx: the data files of each public publication, written into the
 * deploy so the CDN serves them as downloads (headers in public/_headers). Unpublished items'
 * files are not written; loadPublications has joined the parts and left out any it could not.
 */
export const getStaticPaths = (async () => {
  if (!(await loadSiteSettings()).showPublications) return [];
  const refs = (await loadPublications())
    .flatMap((p) => p.dataFiles.map((f) => parseDataFileUrl(f.url)))
    .filter((r) => r !== null);
  return [...new Map(refs.map((r) => [`${r.id}/${r.fileName}`, r])).values()].map((r) => ({
    params: { id: r.id, name: r.fileName },
  }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const url = `/data/${params.id}/${params.name}`;
  return new Response(new Uint8Array(await readJoinedPdf(url)), {
    headers: { 'Content-Type': DATA_FORMATS[parseDataFileUrl(url)!.format].mime },
  });
};
