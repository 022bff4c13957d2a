/**
 * The alt-text rule: a save that puts an image in public view (a published or scheduled record)
 * needs a description of it or an explicit "decorative" mark; a figure in a report body needs its
 * alt text (`![what it shows](…)`) and, standing on its own line, a caption (`"Figure 1: …"`).
 * The save is refused with a 400 that says which image and what it lacks.
 *
 * Records stored before the rule keep showing (with empty alt text): the rule applies when a save
 * changes the image, its description, the record's status or the body, so fixing a typo in an old
 * record's title is never blocked, and the dashboard lists what still needs describing.
 */
import { imageAltText, type DescribedImage } from '../../schemas/image-alt';
import { HttpError } from '../http/errors';
import { bodyImages } from './report-body';

/** A record's image fields: the image is `image` on most records, `imageUrl` on events. */
type Illustrated = DescribedImage & { status?: string; body?: string } & Record<string, unknown>;

export const IMAGE_NEEDS_ALT =
  'The image has no alt text: describe what it shows in "Image alt text", or tick "Decorative image" if it adds nothing to the text';

const figureNeedsAlt = (n: number, src: string) =>
  `Figure ${n} of the web version (${src}) has no alt text: write what it shows between the brackets, as in ![A chart of …](${src})`;

const figureNeedsCaption = (n: number, src: string) =>
  `Figure ${n} of the web version (${src}) has no caption: write it in quotes after the address, as in ![…](${src} "Figure ${n}: …")`;

const isPublic = (item: Illustrated) => item.status !== 'draft';

/** What is missing, as the messages a save is refused with (empty when nothing is). */
export function missingAltText(
  item: Illustrated,
  imageField: string,
): { field: 'imageAlt' | 'body'; message: string }[] {
  const missing: { field: 'imageAlt' | 'body'; message: string }[] = [];
  const image = item[imageField];
  if (typeof image === 'string' && image.trim() && !item.imageDecorative && !imageAltText(item))
    missing.push({ field: 'imageAlt', message: IMAGE_NEEDS_ALT });
  if (item.body?.includes('![')) {
    bodyImages(item.body).forEach((figure, n) => {
      if (!figure.alt) missing.push({ field: 'body', message: figureNeedsAlt(n + 1, figure.src) });
      else if (figure.figure && !figure.caption)
        missing.push({ field: 'body', message: figureNeedsCaption(n + 1, figure.src) });
    });
  }
  return missing;
}

/**
 * Refuses a save of a public record whose image or figures lack alt text. `changed` lists the
 * fields a PATCH sent (a create sends everything).
 */
export function assertImagesDescribed(
  item: Illustrated,
  imageField: string,
  changed?: readonly string[],
): void {
  if (!isPublic(item)) return;
  const relevant = [imageField, 'imageAlt', 'imageDecorative', 'status', 'body'];
  if (changed && !changed.some((f) => relevant.includes(f))) return;
  const [first] = missingAltText(item, imageField);
  if (first) throw new HttpError(400, first.message, { [first.field]: first.message });
}

/** Public records whose image or figures still lack alt text (the dashboard's list). */
export function undescribed<T extends Illustrated>(items: readonly T[], imageField: string): T[] {
  return items.filter((item) => isPublic(item) && missingAltText(item, imageField).length > 0);
}

export const THUMBNAIL_NEEDS_ALT =
  'The featured video\'s thumbnail has no alt text: describe what it shows in "Thumbnail alt text"';

/**
 * The featured video's own thumbnail is always in public view, so a settings save that touches it
 * or its description needs one; settings saved before the rule keep showing until then.
 */
export function assertThumbnailDescribed(
  settings: { featuredVideoThumbnail: string; featuredVideoThumbnailAlt: string },
  changed: readonly string[],
): void {
  if (!changed.some((f) => f === 'featuredVideoThumbnail' || f === 'featuredVideoThumbnailAlt'))
    return;
  if (settings.featuredVideoThumbnail.trim() && !settings.featuredVideoThumbnailAlt.trim()) {
    throw new HttpError(400, THUMBNAIL_NEEDS_ALT, {
      featuredVideoThumbnailAlt: THUMBNAIL_NEEDS_ALT,
    });
  }
}
