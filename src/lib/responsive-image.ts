/**
 * Images at the size they are shown: `srcset` candidates served by Netlify Image CDN
 * (`/.netlify/images?url=…&w=…`, which also picks AVIF or WebP from the browser's Accept header).
 * The local platform answers the same URLs, resized with sharp. SVGs (already sharp at any size)
 * and images on other sites (the CDN transforms only allow-listed remote hosts) are left as they are.
 */

import { objectPosition, type ImageFocus } from '../schemas/image-focus';

/**
 * Where an image is shown. `sizes` is the box's CSS width at each breakpoint; `widths` are the
 * candidates, close enough together that the one a screen picks is never much larger than it
 * needs. A box of fixed shape gives its height ÷ width as `aspect`: the CDN then crops to that
 * shape (fit=cover), so a portrait upload in a landscape box does not send the rows the box cuts.
 */
export interface ImageSlot {
  sizes: string;
  widths: readonly number[];
  aspect?: number;
  /** Which part of the picture a crop keeps (Netlify's `position`); portraits keep the top. */
  position?: 'center' | 'top';
}

/** Candidate widths about 15% apart: a picked candidate wastes at most about a third in pixels. */
const LADDER = [
  48, 96, 144, 240, 320, 400, 480, 560, 640, 720, 800, 960, 1120, 1280, 1600,
] as const;
const between = (min: number, max: number): number[] => LADDER.filter((w) => w >= min && w <= max);
/**
 * A box of fixed CSS width: one candidate per common screen density (1, 1.5, 1.75 as on many
 * phones, 2 and 3), so each screen gets its exact pixels instead of the ladder's next step up
 * (a 64-pixel photo at 1.75 would otherwise fetch 144 pixels for 112: 1.65 times the pixels).
 */
const atDensities = (css: number): number[] => [1, 1.5, 1.75, 2, 3].map((d) => Math.round(css * d));

/**
 * Where the CDN may crop an image with a focal point: Netlify's Image CDN keeps the centre or one
 * edge (`position` = center, top, bottom, left, right), nothing in between. When the focal point
 * lies at one of those on the side the box cuts, the CDN crops there; anywhere else it sends the
 * whole picture at the width asked and the browser crops it by `object-position`, so the crop is
 * always the one the picker showed. Null: no crop at the CDN.
 */
export function cdnPosition(
  aspect: number,
  focus: ImageFocus,
): 'center' | 'top' | 'bottom' | 'left' | 'right' | null {
  const rowsCut = focus.height / focus.width > aspect;
  const at = rowsCut ? focus.focalY : focus.focalX;
  if (Math.abs(at - 0.5) < 0.005) return 'center';
  if (at < 0.005) return rowsCut ? 'top' : 'left';
  if (at > 0.995) return rowsCut ? 'bottom' : 'right';
  return null;
}

/**
 * The CDN address of `src` at `width` pixels wide (and cropped to the slot's shape, if it has one).
 * An image from the media library brings its focal point (`focus`), which decides the crop.
 */
export function imageCdnUrl(
  src: string,
  width: number,
  slot?: Pick<ImageSlot, 'aspect' | 'position'>,
  focus?: ImageFocus,
): string {
  const url = `/.netlify/images?url=${encodeURIComponent(src)}&w=${width}`;
  if (!slot?.aspect) return url;
  const position = focus ? cdnPosition(slot.aspect, focus) : (slot.position ?? 'center');
  if (position === null) return url;
  return `${url}&h=${Math.round(width * slot.aspect)}&fit=cover${position !== 'center' ? `&position=${position}` : ''}`;
}

/** The inline style that crops an image at its focal point (none without one: the class decides). */
export const focalStyle = (focus: ImageFocus | undefined): string | undefined =>
  focus ? `object-position: ${objectPosition(focus)}` : undefined;

/** Whether the CDN can resize `src`: a raster image on this site. */
export const resizable = (src: string): boolean =>
  src.startsWith('/') && !src.startsWith('//') && !/\.svg(\?|$)/i.test(src);

export interface ResponsiveImage {
  src: string;
  srcset?: string;
  sizes?: string;
}

/**
 * `<img>` attributes for `src` shown in `slot`: one candidate per width, the middle one as the
 * plain `src`. `focus`: the image's focal point and pixels, for an image from the media library.
 */
export function responsiveImage(src: string, slot: ImageSlot, focus?: ImageFocus): ResponsiveImage {
  if (!resizable(src)) return { src };
  const sorted = [...new Set(slot.widths)].sort((a, b) => a - b);
  return {
    src: imageCdnUrl(src, sorted[Math.floor(sorted.length / 2)]!, slot, focus),
    srcset: sorted.map((w) => `${imageCdnUrl(src, w, slot, focus)} ${w}w`).join(', '),
    sizes: slot.sizes,
  };
}

// The site's container is 76rem wide at most, with 1rem/1.5rem/2rem side padding (container-page).

/** A 16:9 card in the research and publication grids (one, two or three a row; gap 1.5rem). */
export const CARD_IMAGE: ImageSlot = {
  sizes:
    '(min-width: 1216px) 368px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 640px) calc(50vw - 36px), calc(100vw - 2rem)',
  widths: between(240, 1280),
  aspect: 9 / 16,
};

/** The 16:9 lead image of a publication or event page (the page less its 20rem side column from lg up). */
export const PAGE_IMAGE: ImageSlot = {
  sizes:
    '(min-width: 1216px) 792px, (min-width: 1024px) calc(100vw - 424px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 2rem)',
  widths: between(480, 1600),
  aspect: 9 / 16,
};

/**
 * A figure on its own page: the page's width less the figure's frame (1rem padding and a border
 * each side), never wider than the file. `width`: the file's pixels across.
 */
export const figurePageImage = (width: number): ImageSlot => ({
  sizes:
    '(min-width: 1216px) 1118px, (min-width: 1024px) calc(100vw - 98px), (min-width: 640px) calc(100vw - 82px), calc(100vw - 66px)',
  widths: [...between(320, Math.min(width, 1600)), Math.min(width, 1600)],
});

/** A testimonial's round 48-pixel photo. */
export const AVATAR_IMAGE: ImageSlot = {
  sizes: '48px',
  widths: atDensities(48),
  aspect: 1,
  position: 'top',
};

/**
 * A team member's photo: the card's width (`sizes`, from its grid cell) and 15rem tall. The crop
 * is the shape of a phone's card; wider cards trim a little more in the browser (object-cover).
 */
export const memberPhoto = (sizes: string): ImageSlot => ({
  sizes,
  widths: between(240, 1280),
  aspect: 0.63,
  position: 'top',
});

/**
 * The founder's photo on /team: a 4:3 box on phones; from md up, two-fifths of the card and as
 * tall as its text, at least 24rem (about 5:6 for a short bio).
 */
export const FOUNDER_PHONE_IMAGE: ImageSlot = {
  sizes: 'calc(100vw - 2rem)',
  widths: between(320, 1280),
  aspect: 3 / 4,
  position: 'top',
};
export const FOUNDER_WIDE_IMAGE: ImageSlot = {
  sizes: '(min-width: 1216px) 461px, calc(40vw - 19px)',
  widths: between(240, 960),
  aspect: 5 / 6,
  position: 'top',
};

/** The portrait on a person's page: up to 18rem wide, 5:6, the top kept. */
export const PROFILE_IMAGE: ImageSlot = {
  sizes: '(min-width: 768px) 288px, min(288px, calc(100vw - 2rem))',
  widths: between(240, 640),
  aspect: 6 / 5,
  position: 'top',
};

/** An expert's round 64-pixel photo on a topic page. */
export const EXPERT_IMAGE: ImageSlot = {
  sizes: '64px',
  widths: atDensities(64),
  aspect: 1,
  position: 'top',
};

/**
 * A topic page's 16:9 image: the right half of the page from lg up (two equal columns with a
 * 2.5rem gap in the 76rem container less its 2rem padding), the page's width below.
 */
export const TOPIC_IMAGE: ImageSlot = {
  sizes:
    '(min-width: 1216px) 556px, (min-width: 1024px) calc(50vw - 52px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 2rem)',
  widths: between(320, 1280),
  aspect: 9 / 16,
};
