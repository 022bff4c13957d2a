/**
 * Open Graph images (1200×630 PNG) for publication and event pages, drawn at build time with
 * satori (layout and text to SVG, fonts from @fontsource in node_modules: no network) and sharp
 * (SVG to PNG). Each image is cached by a hash of what it shows, in Astro's cache folder, which
 * survives between builds (the content-store plugin saves it on Netlify; locally it lives in
 * DATA_DIR): an unchanged item is never drawn twice.
 *
 * Drawing is slow, so a build draws at most OG_FRESH_PER_BUILD new ones (newest items first); the
 * rest keep the site's share image until a later build draws theirs. Build time stays bounded
 * with thousands of items.
 *
 * An item whose image comes from the media library shows it beside the title, cropped at the
 * image's focal point; the focal point is part of the cache key, so moving it redraws the card.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eventDateLabel } from '../../lib/event-card';
import { SITE } from '../../site.config';
import type { ImageFocus } from '../../schemas/media';
import { readImage } from '../content/uploads';
import { loadEvents, loadImageFoci, loadPublications, loadSiteSettings } from './page-data';
import { buildCacheDir } from '../../lib/build-cache-dir';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
export const OG_FRESH_PER_BUILD = 40;
/** The width of the picture beside the title, when the item has one from the media library. */
export const OG_PICTURE_WIDTH = 480;
/** Bump when the drawing changes, so cached images are drawn again. */
const TEMPLATE_VERSION = 2;

export type OgKind = 'publications' | 'events';
export interface OgCard {
  kind: OgKind;
  slug: string;
  eyebrow: string;
  title: string;
  /** The item's image from the media library, with its focal point and pixels. */
  image?: { url: string } & ImageFocus;
}

const cacheDir = () => buildCacheDir('og-images');
const cardKey = (card: OgCard) =>
  createHash('sha256')
    .update(JSON.stringify([TEMPLATE_VERSION, card.eyebrow, card.title, SITE.name, card.image]))
    .digest('hex')
    .slice(0, 32);
const cacheFile = (card: OgCard) => path.join(cacheDir(), `${cardKey(card)}.png`);
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** The image's address on the site. */
export const ogImageUrl = (kind: OgKind, slug: string) => `/og/${kind}/${slug}.png`;

let plan: Promise<Map<string, OgCard>> | null = null;
/** Which items get an image in this build: every cached one, plus up to OG_FRESH_PER_BUILD new ones. */
export function ogPlan(): Promise<Map<string, OgCard>> {
  return (plan ??= (async () => {
    const [settings, foci] = await Promise.all([loadSiteSettings(), loadImageFoci()]);
    const picture = (url: string | undefined) => {
      const focus = url ? foci.get(url) : undefined;
      return focus && url ? { image: { url, ...focus } } : {};
    };
    const [pubs, events] = await Promise.all([
      settings.showPublications ? loadPublications() : [],
      settings.showEvents ? loadEvents() : [],
    ]);
    const items = [
      ...pubs.map((p) => ({
        updatedAt: p.updatedAt,
        card: {
          kind: 'publications' as const,
          slug: p.slug,
          eyebrow: [p.type, p.date].filter(Boolean).join(' · '),
          title: p.title,
          ...picture(p.image),
        },
      })),
      ...events.map((e) => ({
        updatedAt: e.updatedAt,
        card: {
          kind: 'events' as const,
          slug: e.slug,
          eyebrow: [e.eventType, eventDateLabel(e), e.isVirtual ? 'Virtual Event' : e.location]
            .filter(Boolean)
            .join(' · '),
          title: e.title,
          ...picture(e.imageUrl),
        },
      })),
    ].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    // One look into the cache per item, all at once (2,000 one after another took a while).
    const cached = await Promise.all(items.map(({ card }) => exists(cacheFile(card))));
    const planned = new Map<string, OgCard>();
    let fresh = 0;
    for (const [n, { card }] of items.entries()) {
      if (cached[n]) planned.set(ogImageUrl(card.kind, card.slug), card);
      else if (fresh < OG_FRESH_PER_BUILD) {
        fresh++;
        planned.set(ogImageUrl(card.kind, card.slug), card);
      }
    }
    return planned;
  })());
}

/** The item's image address when this build has one, else undefined (the page keeps the site image). */
export async function ogImageFor(kind: OgKind, slug: string): Promise<string | undefined> {
  const url = ogImageUrl(kind, slug);
  return (await ogPlan()).has(url) ? url : undefined;
}

let fonts: Promise<{ name: string; data: Buffer; weight: 400 | 600; style: 'normal' }[]> | null =
  null;
const loadFonts = () =>
  (fonts ??= Promise.all([
    readFile(path.resolve('node_modules/@fontsource/inter/files/inter-latin-400-normal.woff')).then(
      (data) => ({ name: 'Inter', data, weight: 400 as const, style: 'normal' as const }),
    ),
    readFile(
      path.resolve('node_modules/@fontsource/fraunces/files/fraunces-latin-600-normal.woff'),
    ).then((data) => ({ name: 'Fraunces', data, weight: 600 as const, style: 'normal' as const })),
  ]));

type Node = { type: string; props: { style?: Record<string, unknown>; children?: unknown } };
const div = (style: Record<string, unknown>, children: unknown): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children },
});

/**
 * The part of a picture a box of `boxWidth` x `boxHeight` shows when it covers the box with the
 * focal point placed as CSS `object-position` places it: the same crop the pages show.
 */
export function focalCrop(
  focus: ImageFocus,
  boxWidth: number,
  boxHeight: number,
): { left: number; top: number; width: number; height: number } {
  const { width, height, focalX, focalY } = focus;
  if (height / width > boxHeight / boxWidth) {
    const cropHeight = Math.max(1, Math.round((width * boxHeight) / boxWidth));
    return { left: 0, top: Math.round((height - cropHeight) * focalY), width, height: cropHeight };
  }
  const cropWidth = Math.max(1, Math.round((height * boxWidth) / boxHeight));
  return { left: Math.round((width - cropWidth) * focalX), top: 0, width: cropWidth, height };
}

/** The item's picture cropped at its focal point, as a PNG data address; null when it cannot be read. */
async function pictureFor(card: OgCard): Promise<string | null> {
  if (!card.image) return null;
  const file = await readImage(card.image.url.slice('/api/uploads/'.length));
  if (!file) return null;
  const { default: sharp } = await import('sharp');
  try {
    const png = await sharp(Buffer.from(file.bytes))
      .extract(focalCrop(card.image, OG_PICTURE_WIDTH, OG_HEIGHT))
      .resize(OG_PICTURE_WIDTH, OG_HEIGHT, { fit: 'fill' })
      .png()
      .toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch (error) {
    // A file that does not match its recorded pixels: the card is drawn without it, not the build stopped.
    console.warn(
      `Open Graph image for ${card.kind}/${card.slug} drawn without its picture:`,
      error,
    );
    return null;
  }
}

function layout(card: OgCard, picture: string | null): Node {
  const text = textPanel(card, picture ? OG_WIDTH - OG_PICTURE_WIDTH : OG_WIDTH);
  if (!picture) return text;
  return div({ width: OG_WIDTH, height: OG_HEIGHT, background: '#0b1838' }, [
    text,
    {
      type: 'img',
      props: { src: picture, width: OG_PICTURE_WIDTH, height: OG_HEIGHT, style: {} },
    } as Node,
  ]);
}

function textPanel(card: OgCard, width: number): Node {
  const size =
    (card.title.length > 110 ? 48 : card.title.length > 60 ? 58 : 68) - (width < OG_WIDTH ? 10 : 0);
  return div(
    {
      width,
      height: OG_HEIGHT,
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: 72,
      background: '#0b1838',
      color: '#ffffff',
      fontFamily: 'Inter',
    },
    [
      div(
        { fontSize: 26, color: '#f5b93d', letterSpacing: 3, textTransform: 'uppercase' },
        card.eyebrow.slice(0, 90) || (card.kind === 'events' ? 'Event' : 'Publication'),
      ),
      div(
        {
          fontSize: size,
          fontFamily: 'Fraunces',
          lineHeight: 1.12,
          maxHeight: size * 1.12 * 4,
          overflow: 'hidden',
        },
        card.title,
      ),
      div({ fontSize: 26, color: '#bcd6ff', alignItems: 'center' }, [
        div({ width: 48, height: 4, background: '#f5b93d', marginRight: 20 }, []),
        SITE.name,
      ]),
    ],
  );
}

/** The PNG of one card: from the cache, or drawn now and cached (written whole, then renamed in). */
export async function renderOgImage(card: OgCard): Promise<Buffer> {
  const file = cacheFile(card);
  const cached = await readFile(file).catch(() => null);
  if (cached) return cached;
  const [{ default: satori }, { default: sharp }] = await Promise.all([
    import('satori'),
    import('sharp'),
  ]);
  const svg = await satori(layout(card, await pictureFor(card)) as Parameters<typeof satori>[0], {
    width: OG_WIDTH,
    height: OG_HEIGHT,
    fonts: await loadFonts(),
  });
  const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
  await mkdir(cacheDir(), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, png);
  await rename(temp, file);
  return png;
}
