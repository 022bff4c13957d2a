/**
 * Where a crop keeps an image centred, as the pages and the picker place it. Zod-free on
 * purpose: the public islands (team cards) crop by it, and zod would ship with them.
 */

/** The focal point of an image (0..1 from the left and from the top) and its pixels: known per address at build time. */
export interface ImageFocus {
  focalX: number;
  focalY: number;
  width: number;
  height: number;
}

/** `object-position` for a focal point: the same percentages the picker shows. */
export const objectPosition = (focus: Pick<ImageFocus, 'focalX' | 'focalY'>): string =>
  `${Math.round(focus.focalX * 1000) / 10}% ${Math.round(focus.focalY * 1000) / 10}%`;
