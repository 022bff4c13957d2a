/**
 * Images at the size they are shown, checked in Chromium over the whole page: Lighthouse sees
 * only what loads without scrolling, and most photos on / are lazy and below the fold. The page
 * is scrolled to the end on a phone (Lighthouse's: 412 px wide at 1.75×) and a desktop (1350 px),
 * and every photo's file is compared with the pixels its box shows.
 */
import { chromium } from '@playwright/test';

export interface ImageSizeFigures {
  page: string;
  device: 'phone' | 'desktop';
  photos: number;
  /** The largest file-pixels ÷ shown-pixels among the page's photos (1 = exact). */
  worstRatio: number;
  worstImage: string;
  /** Photos that came straight from the upload, not through the image CDN. */
  unresized: string[];
}

const DEVICES = [
  {
    device: 'phone',
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  },
  {
    device: 'desktop',
    viewport: { width: 1350, height: 940 },
    deviceScaleFactor: 1,
    isMobile: false,
  },
] as const;

export async function measureImageSizes(
  pageUrl: string,
  chromiumPath: string,
): Promise<ImageSizeFigures[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath });
  const out: ImageSizeFigures[] = [];
  try {
    for (const { device, ...options } of DEVICES) {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await page.goto(pageUrl, { waitUntil: 'load' });
      // Scroll half a screen at a time (instantly: the site scrolls smoothly) so every lazy image
      // starts, then wait until each has loaded.
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
          scrollTo({ top: y, behavior: 'instant' });
          await new Promise((r) => setTimeout(r, 100));
        }
      });
      // Generous: the local image CDN encodes each new size's AVIF on the bench's two cores, and on
      // a busy machine one page's photos took more than 30 s.
      await page.waitForFunction(
        () =>
          [...document.images].every(
            (img) => img.complete && (img.loading !== 'lazy' || img.currentSrc !== ''),
          ),
        undefined,
        { timeout: 180_000 },
      );
      // An <img> with a srcset reports its size in CSS pixels; the file's own size comes from
      // decoding the chosen file alone.
      const photos = await page.evaluate(() =>
        Promise.all(
          [...document.images]
            .filter(
              (img) =>
                /\/api\/uploads\/|\/\.netlify\/images/.test(img.currentSrc) &&
                img.getClientRects().length > 0,
            )
            .map(async (img) => {
              const file = new Image();
              file.src = img.currentSrc;
              await file.decode();
              return {
                src: img.currentSrc,
                natural: file.naturalWidth * file.naturalHeight,
                shown: img.clientWidth * img.clientHeight * devicePixelRatio ** 2,
              };
            }),
        ),
      );
      const worst = photos.reduce(
        (a, b) => (b.natural / b.shown > a.natural / a.shown ? b : a),
        photos[0] ?? { src: '', natural: 1, shown: 1 },
      );
      out.push({
        page: new URL(pageUrl).pathname,
        device,
        photos: photos.length,
        worstRatio: Number((worst.natural / worst.shown).toFixed(2)),
        worstImage: decodeURIComponent(worst.src.replace(/^https?:\/\/[^/]+/, '')),
        unresized: photos.filter((p) => !p.src.includes('/.netlify/images')).map((p) => p.src),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}
