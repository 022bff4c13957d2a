/**
 * Images at the size they are shown: `srcset` candidates served by Netlify Image CDN
 * (`/.netlify/images?url=…&w=…`, which also picks AVIF or WebP from the browser's Accept header).
 * The local platform answers the same URLs, resized with sharp. SVGs (already sharp at any size)
 * and images on other sites (the CDN transforms only allow-listed remote hosts) are left as they are.
 */

/** The CDN address of `src` at `width` pixels wide. */
export const imageCdnUrl = (src: string, width: number): string => `/.netlify/images?url=${encodeURIComponent(src)}&w=${width}`;

/** Whether the CDN can resize `src`: a raster image on this site. */
export const resizable = (src: string): boolean => src.startsWith('/') && !src.startsWith('//') && !/\.svg(\?|$)/i.test(src);

export interface ResponsiveImage {
  src: string;
  srcset?: string;
  sizes?: string;
}

/**
 * `<img>` attributes for `src` shown `sizes` wide: one candidate per width (widths the image
 * is shown at, times 1 and 2 for dense screens), the middle one as the plain `src`.
 */
export function responsiveImage(src: string, widths: readonly number[], sizes: string): ResponsiveImage {
  if (!resizable(src)) return { src };
  const sorted = [...new Set(widths)].sort((a, b) => a - b);
  return {
    src: imageCdnUrl(src, sorted[Math.floor(sorted.length / 2)]!),
    srcset: sorted.map((w) => `${imageCdnUrl(src, w)} ${w}w`).join(', '),
    sizes,
  };
}

/** Widths and `sizes` of a card image in the site's 1-, 2- and 3-column grids. */
export const CARD_IMAGE_WIDTHS = [320, 480, 640, 800, 960] as const;
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw';
/** The lead image of a publication or event page (two-thirds of the page on wide screens). */
export const PAGE_IMAGE_WIDTHS = [480, 640, 960, 1280, 1600] as const;
export const PAGE_IMAGE_SIZES = '(min-width: 1280px) 860px, (min-width: 1024px) 66vw, 100vw';
