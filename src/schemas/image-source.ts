/**
 * Where an image a page shows may come from: this site, plus the two hosts the spec itself asks
 * for (the video service's thumbnails by video id, LinkedIn's media host for a fetched profile
 * photo). The privacy notice says images are served from our own site, so the pages'
 * Content-Security-Policy (astro.config.mjs) allows exactly these, and saves bring any other
 * image onto this site first (src/server/content/image-import.ts).
 */
import { sameSitePath } from './same-site-path';

/** The off-site image origins the pages allow, as CSP sources (`*.` is any subdomain). */
export const OFF_SITE_IMAGE_SOURCES = ['https://img.youtube.com', 'https://*.licdn.com'] as const;

const allowedHost = (host: string) =>
  OFF_SITE_IMAGE_SOURCES.some((source) => {
    const allowed = source.slice('https://'.length);
    return allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed;
  });

/** Whether a page may show `src` as it is: a path on this site or https on an allowed host. */
export function allowedImageSrc(src: string): boolean {
  if (src.startsWith('/')) return sameSitePath(src) !== null;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    !url.username &&
    !url.password &&
    !url.port &&
    allowedHost(url.hostname.toLowerCase())
  );
}

/**
 * The image to show for a stored value: the value when a page may show it, else '' (so the
 * page shows its default image, or none). Images stored before saves brought them onto this
 * site would otherwise be a request the browser blocks: a broken image.
 */
export const shownImage = (src: string | undefined): string =>
  src && allowedImageSrc(src) ? src : '';
