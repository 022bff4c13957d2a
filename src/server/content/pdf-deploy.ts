/**
 * Published PDFs and data files are files of the deploy: visitors download them from the CDN, never through a
 * function (Netlify caps a function's answer at 6 MB, 20 MB streamed). The build joins each
 * PDF uploaded in parts into one file in its cache folder (kept between builds, like the social
 * images: each file is joined once, checking every part's digest); src/pages/pdf writes the
 * public ones into the output at their `/pdf/<id>/<name>.pdf` address (src/pages/data, data files
 * at `/data/<id>/<name>`). Scheduled items' files
 * are joined ahead, so the build at the embargo only copies. The build only reads the store.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { parsePartedFileUrl, partCount } from '../../schemas/pdf-upload';
import { completedUploadFor, readPdfPart } from './pdf-parts';
import { buildCacheDir } from '../../lib/build-cache-dir';

const cacheDir = () => buildCacheDir('pdfs');
/** The cache's name for a file: its upload id and its extension (`<id>.pdf`, `<id>.csv`). */
const cachedName = (ref: { id: string; fileName: string }) =>
  `${ref.id}${path.extname(ref.fileName)}`;
const cachedFile = (ref: { id: string; fileName: string }) =>
  path.join(cacheDir(), cachedName(ref));
const sizeOf = (file: string) =>
  stat(file).then(
    (s) => s.size,
    () => -1,
  );

/** Joins one uploaded PDF into the cache; false (with the reason logged) when it cannot be. */
async function join(url: string): Promise<boolean> {
  const ref = parsePartedFileUrl(url);
  if (!ref) return false;
  const upload = await completedUploadFor(url);
  if (!upload) {
    console.warn(`[pdfs] ${url} is not a completed upload: the page shows no PDF link`);
    return false;
  }
  if ((await sizeOf(cachedFile(ref))) === upload.size) return true;
  await mkdir(cacheDir(), { recursive: true });
  const partial = `${cachedFile(ref)}.${process.pid}.part`;
  const out = createWriteStream(partial);
  try {
    for (let index = 0; index < partCount(upload.size); index++) {
      const part = await readPdfPart(ref.id, index);
      if (!part || createHash('sha256').update(part.bytes).digest('hex') !== part.sha256)
        throw new Error(`part ${index} is missing or damaged`);
      if (!out.write(part.bytes)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    if ((await sizeOf(partial)) !== upload.size)
      throw new Error('the joined file has the wrong size');
    await rename(partial, cachedFile(ref));
    return true;
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    console.warn(
      `[pdfs] ${url} could not be joined (${error instanceof Error ? error.message : String(error)}): the page shows no PDF link`,
    );
    return false;
  }
}

/**
 * Joins every parted PDF these addresses name (two at a time), drops cached files no address
 * names any more, and returns the addresses whose files this build has. A PDF that cannot be
 * joined is left out (its page shows no link), never a failed build.
 */
export async function preparePdfs(urls: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(urls.filter((u) => parsePartedFileUrl(u)))];
  const ready = new Set<string>();
  const queue = wanted.slice();
  await Promise.all(
    [0, 1].map(async () => {
      for (let url = queue.shift(); url; url = queue.shift()) if (await join(url)) ready.add(url);
    }),
  );
  const keep = new Set(wanted.map((u) => cachedName(parsePartedFileUrl(u)!)));
  for (const name of await readdir(cacheDir()).catch(() => [])) {
    if (!keep.has(name)) await rm(path.join(cacheDir(), name), { force: true });
  }
  return ready;
}

/** Where the joined file of a parted PDF's or data file's address is (after `preparePdfs`). */
export const joinedFilePath = (url: string): string => cachedFile(parsePartedFileUrl(url)!);

/** The joined file of a parted PDF's or data file's address (the build writes it out at that address). */
export const readJoinedPdf = (url: string): Promise<Buffer> => readFile(joinedFilePath(url));
