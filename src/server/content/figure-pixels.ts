/**
 * A report figure's pixels, so its page reserves the image's box before the file arrives and
 * nothing under it moves: an uploaded image's from the media library (`known`, by address), one of
 * the site's own files (under public/, SVGs too) read from the file. Undefined when neither knows
 * it: the image then shows without a reserved box.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImageFocus } from '../../schemas/image-focus';

export async function figurePixels(
  src: string,
  known: ReadonlyMap<string, Pick<ImageFocus, 'width' | 'height'>>,
  // Builds run in the project's folder (Netlify's and the local platform's alike).
  publicDir = path.join(process.cwd(), 'public'),
): Promise<{ width: number; height: number } | undefined> {
  const media = known.get(src);
  if (media) return { width: media.width, height: media.height };
  try {
    const file = path.join(
      publicDir,
      decodeURIComponent(new URL(src, 'http://site.invalid').pathname),
    );
    if (!file.startsWith(`${publicDir}${path.sep}`)) return undefined;
    const { imageSize } = await import('image-size');
    const { width, height } = imageSize(new Uint8Array(await readFile(file)));
    return width && height ? { width, height } : undefined;
  } catch {
    // Not a file of the site's own (or a malformed address), or not an image image-size reads.
    return undefined;
  }
}
