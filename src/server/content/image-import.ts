/**
 * Every image a page shows comes from this site (or the two hosts the pages allow:
 * schemas/image-source.ts). An admin who pastes the address of an image on another site into an
 * image field keeps that option: the save fetches the image once, through the safe fetch (public
 * addresses only, https, a size cap, a time limit), checks it as an upload is checked, stores it
 * with the uploads and saves the site's own address instead. An image that cannot be brought in
 * refuses the save with a 400 naming the field and the address, and nothing is written.
 */
import { allowedImageSrc } from '../../schemas/image-source';
import { MAX_IMAGE_BYTES } from '../../schemas/upload-limits';
import { HttpError } from '../http/errors';
import {
  createSafeFetch,
  SafeFetchError,
  type LookupFn,
  type PinnedFetchFn,
} from '../outbound/safe-fetch';
import { storeAsset } from './media';
import { checkImage } from './uploads';

/** The DNS and network the import uses: the real ones, unless a test routes them. */
interface Network {
  lookup?: LookupFn;
  fetch?: PinnedFetchFn;
}
let network: Network = {};

/**
 * API tests run the functions in their own process: they answer the import's DNS with a public
 * address and its requests from a local server, while every check (https, public address, size,
 * type) still runs. `{}` puts the real DNS and network back.
 */
export function routeImageImportsForTests(next: Network): void {
  network = next;
}

/** Why an address gave no image, in words for the admin. */
class NotBroughtIn extends Error {}

const sentence = (message: string) => message.replace(/\.$/, '');

/** Fetches one image and stores it with the uploads; answers its address on this site. */
async function bringIn(address: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new NotBroughtIn('it is not a web address');
  }
  const get = createSafeFetch({
    allowHost: () => true,
    ...network,
    maxRedirects: 3,
    timeoutMs: 5000,
    // One byte past the cap tells a file that is too large from one that just fits.
    maxBytes: MAX_IMAGE_BYTES + 1,
    headers: { Accept: 'image/jpeg,image/png,image/webp', 'User-Agent': 'MeridianSite/1.0' },
  });
  let answer;
  try {
    answer = await get(url);
  } catch (error) {
    if (error instanceof SafeFetchError) throw new NotBroughtIn(sentence(error.message));
    throw error;
  }
  if (answer.status !== 200) throw new NotBroughtIn(`the site answered ${answer.status}`);
  let image;
  try {
    image = await checkImage(new Uint8Array(answer.body));
  } catch (error) {
    if (error instanceof HttpError) throw new NotBroughtIn(sentence(error.message));
    throw error;
  }
  // An image brought in is an upload like any other: it joins the media library.
  const last = url.pathname.split('/').pop() ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // An address with a stray % keeps its name as written.
  }
  return (await storeAsset({ ...image, fileName: name || url.hostname }, { uploadedBy: '' })).url;
}

/**
 * `values` with each of its image `fields` on this site: an address elsewhere is brought in and
 * replaced by the upload's address. Fields a save does not send are left alone, so an old record
 * whose image is still elsewhere can be edited without touching it (pages show a default
 * instead: render-checks.ts). 400 for an image that cannot be brought in.
 */
export async function importImages<T extends object>(
  values: T,
  fields: readonly string[],
): Promise<T> {
  const record = values as Record<string, unknown>;
  const pending = fields.filter((field) => {
    const value = record[field];
    return typeof value === 'string' && value !== '' && !allowedImageSrc(value);
  });
  if (pending.length === 0) return values;
  const brought = await Promise.allSettled(pending.map((f) => bringIn(record[f] as string)));
  const out: Record<string, unknown> = { ...record };
  brought.forEach((result, n) => {
    const field = pending[n]!;
    if (result.status === 'fulfilled') {
      out[field] = result.value;
      return;
    }
    if (!(result.reason instanceof NotBroughtIn)) throw result.reason;
    const message = `Could not bring in the image at ${String(record[field])} for ${field} (${result.reason.message}): upload it instead`;
    throw new HttpError(400, message, { [field]: message });
  });
  return out as T;
}
