import { HttpError } from '../http/errors';
import {
  createSafeFetch,
  SafeFetchError,
  type LookupFn,
  type PinnedFetchFn,
} from '../outbound/safe-fetch';

// linkedin.com, www.linkedin.com and one-label subdomains such as uk.linkedin.com.
const LINKEDIN_HOST = /^(?:[a-z0-9-]+\.)?linkedin\.com$/;
// Profile photos live on LinkedIn's media CDN (media.licdn.com, media-exp1.licdn.com, ...).
const MEDIA_HOST = /^media[a-z0-9-]*\.licdn\.com$/;

/** Checks a visitor-typed profile address: https on a linkedin.com host with '/in/<name>'; else a 400 saying what is wrong. */
export function parseProfileUrl(input: string): URL {
  const value = input.trim();
  // "www.linkedin.com/in/jane" as typed is upgraded to https; any other scheme is refused below.
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  const invalid = (message: string) => new HttpError(400, message, { profileUrl: message });
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw invalid('Enter a LinkedIn profile address, e.g. https://www.linkedin.com/in/your-name');
  }
  if (url.protocol !== 'https:') throw invalid('The LinkedIn address must start with https://');
  if (
    !LINKEDIN_HOST.test(url.hostname) ||
    url.username ||
    url.password ||
    (url.port && url.port !== '443')
  ) {
    throw invalid('Only linkedin.com profile addresses can be used');
  }
  if (!/\/in\/[^/]+/.test(url.pathname))
    throw invalid('The address must be a LinkedIn profile (https://www.linkedin.com/in/your-name)');
  url.hash = '';
  return url;
}

/** Finds the og:image address in an HTML page (any attribute order, either quote style). */
export function extractOgImage(html: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const attrs: Record<string, string> = {};
    for (const m of tag.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
      attrs[m[1]!.toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
    }
    const name = (attrs.property ?? attrs.name ?? '').toLowerCase();
    if ((name === 'og:image' || name === 'og:image:secure_url') && attrs.content)
      return attrs.content.trim();
  }
  return null;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) =>
      String.fromCodePoint(Math.min(parseInt(h, 16), 0x10ffff)),
    )
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Math.min(Number(d), 0x10ffff)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A usable photo address: https on LinkedIn's media host; anything else is not used. */
function mediaUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' &&
      MEDIA_HOST.test(url.hostname) &&
      !url.username &&
      !url.password
      ? url.href
      : null;
  } catch {
    return null;
  }
}

const noImage = () => new HttpError(404, 'Could not find a profile image');

/**
 * Builds the LinkedIn photo lookup: fetches the profile page through the safe fetch (LinkedIn hosts
 * only, public addresses only, 3 redirects, 5 s, 1 MB) and returns its og:image on the media host.
 * 400 for a bad address, 404 when there is no photo, 502 when LinkedIn cannot be reached.
 */
export function createLinkedInImageFetcher(
  deps: { lookup?: LookupFn; fetch?: PinnedFetchFn } = {},
) {
  const safeGet = createSafeFetch({
    allowHost: (host) => LINKEDIN_HOST.test(host),
    lookup: deps.lookup,
    fetch: deps.fetch,
    maxRedirects: 3,
    timeoutMs: 5000,
    maxBytes: 1024 * 1024,
    headers: {
      'User-Agent': 'Mozilla/5.0 (compatible; MeridianSite/1.0; profile photo lookup)',
      Accept: 'text/html,application/xhtml+xml',
      'Accept-Language': 'en',
    },
  });
  return async function fetchLinkedInImage(profileUrl: string): Promise<string> {
    const url = parseProfileUrl(profileUrl);
    let page;
    try {
      page = await safeGet(url);
    } catch (error) {
      if (!(error instanceof SafeFetchError)) throw error;
      if (error.reason === 'refused')
        throw new HttpError(502, 'LinkedIn pointed to an address we do not fetch from');
      throw new HttpError(
        502,
        error.reason === 'timeout' ? 'LinkedIn did not answer in time' : 'Could not reach LinkedIn',
      );
    }
    // LinkedIn answers bots with odd statuses (999) or a sign-in wall: no photo to take.
    if (page.status !== 200) throw noImage();
    const image = mediaUrl(extractOgImage(new TextDecoder().decode(page.body)));
    if (!image) throw noImage();
    return image;
  };
}

/** The lookup with the real DNS and network. */
export const fetchLinkedInImage = createLinkedInImageFetcher();
