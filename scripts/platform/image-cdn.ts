import type { IncomingMessage, ServerResponse } from 'node:http';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../../src/server/content/uploads';
import { sameSitePath } from '../../src/schemas/same-site-path';

/** Netlify's `fit` and `position` values, as sharp names them. */
const FITS = new Map([
  ['contain', 'inside'],
  ['cover', 'cover'],
  ['fill', 'fill'],
] as const);
const POSITIONS = new Map([
  ['center', 'centre'],
  ['top', 'top'],
  ['bottom', 'bottom'],
  ['left', 'left'],
  ['right', 'right'],
]);

/**
 * The local stand-in for Netlify Image CDN:
 * `/.netlify/images?url=/path&w=…[&h=…][&fit=…][&position=…][&q=…][&fm=…]` fetches the image from
 * this site, resizes it with sharp (never enlarging) and answers AVIF or WebP when the browser
 * accepts them, as Netlify does. As there, `fit` is contain (the default: within w×h, keeping the
 * shape), cover (exactly w×h, cropped at `position`) or fill (stretched). Like Netlify without a
 * remote allow-list, it refuses images from other sites. Results are kept in memory by URL and
 * format, per build, up to a byte budget; images over the upload pixel budget are refused before
 * decoding, and at most two are transformed at a time (each can take seconds of a core).
 */
export class LocalImageCdn {
  private cache = new Map<string, { body: Buffer; type: string }>();
  private cachedBytes = 0;
  private static MAX_CACHE_BYTES = 64 * 1024 * 1024;
  private static MAX_WORKING = 2;
  private working = 0;
  private waiting: (() => void)[] = [];

  private servedBuild: string | undefined;

  /** `build` names the build being served: a new build may change the sources, so the cache starts over. */
  constructor(
    private origin: string,
    private build: () => string | undefined,
  ) {}

  async serve(req: IncomingMessage, res: ServerResponse, reqUrl: URL): Promise<void> {
    if (this.build() !== this.servedBuild) {
      this.cache.clear();
      this.cachedBytes = 0;
      this.servedBuild = this.build();
    }
    const src = reqUrl.searchParams.get('url') ?? '';
    const num = (name: string, max: number) => {
      const v = reqUrl.searchParams.get(name);
      if (v === null) return undefined;
      const n = Number(v);
      return Number.isInteger(n) && n > 0 && n <= max ? n : NaN;
    };
    const width = num('w', 8000);
    const height = num('h', 8000);
    const quality = num('q', 100);
    const fit = FITS.get((reqUrl.searchParams.get('fit') ?? 'contain') as 'contain');
    const position = POSITIONS.get(reqUrl.searchParams.get('position') ?? 'center');
    const fail = (status: number, message: string): void => {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(message);
    };
    // Judged as resolved: '/\\host' and '/.//host' start with one slash yet name another host.
    const path = sameSitePath(src, this.origin);
    if (path === null || path.startsWith('/.netlify/'))
      return fail(400, 'Only images on this site can be transformed');
    if ([width, height, quality].some((n) => Number.isNaN(n)) || !fit || !position)
      return fail(400, 'Invalid transformation parameters');
    const accept = String(req.headers.accept ?? '');
    const asked = reqUrl.searchParams.get('fm');
    const format =
      asked && ['avif', 'webp', 'jpg', 'png'].includes(asked)
        ? asked
        : /image\/avif/.test(accept)
          ? 'avif'
          : /image\/webp/.test(accept)
            ? 'webp'
            : null;
    const key = `${src}|${width}|${height}|${fit}|${position}|${quality}|${format}`;
    let out = this.cache.get(key);
    if (!out) {
      const source = await fetch(new URL(path, this.origin)).catch(() => null);
      if (!source?.ok) return fail(source ? 404 : 502, 'The source image could not be fetched');
      await this.turn();
      try {
        let image = sharp(Buffer.from(await source.arrayBuffer()), {
          limitInputPixels: MAX_IMAGE_PIXELS,
        }).rotate();
        if (width || height)
          image = image.resize({ width, height, fit, position, withoutEnlargement: true });
        const q = quality ?? 75;
        if (format === 'avif') image = image.avif({ quality: q });
        else if (format === 'webp') image = image.webp({ quality: q });
        else if (format === 'png') image = image.png();
        else if (format === 'jpg') image = image.jpeg({ quality: q });
        const { data, info } = await image.toBuffer({ resolveWithObject: true });
        out = {
          body: data,
          type: `image/${info.format === 'heif' ? 'avif' : info.format === 'jpeg' ? 'jpeg' : info.format}`,
        };
      } catch {
        return fail(400, 'The source is not an image that can be transformed');
      } finally {
        this.done();
      }
      this.remember(key, out);
    }
    res.writeHead(200, {
      'Content-Type': out.type,
      'Content-Length': out.body.length,
      'Cache-Control': 'public, max-age=31536000',
      Vary: 'Accept',
    });
    res.end(req.method === 'HEAD' ? undefined : out.body);
  }

  /** Keeps a result, dropping the oldest ones while the cache is over its byte budget. */
  private remember(key: string, out: { body: Buffer; type: string }): void {
    this.cache.set(key, out);
    this.cachedBytes += out.body.length;
    for (const [oldKey, old] of this.cache) {
      if (this.cachedBytes <= LocalImageCdn.MAX_CACHE_BYTES) break;
      this.cache.delete(oldKey);
      this.cachedBytes -= old.body.length;
    }
  }

  /** Waits for one of the transformation slots. */
  private async turn(): Promise<void> {
    if (this.working < LocalImageCdn.MAX_WORKING) {
      this.working++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot to the next waiting transformation, or frees it. */
  private done(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.working--;
  }
}
