/**
 * A report's figures come from this site. An image on another site would be fetched by every
 * reader's browser, telling that site who reads what, while the privacy notice says images are
 * served from our own site. A save that changes the body is refused with a 400 naming the first
 * such image; bodies stored before the rule show those images as their alt text (report-body.ts).
 */
import { HttpError } from '../http/errors';
import { bodyImages, onSiteImage } from './report-body';

const offSite = (n: number, src: string) =>
  `Figure ${n} of the web version (${src}) is on another site, which every reader's browser would then contact: upload the image here and use its address instead`;

/** Refuses a body (when a save sends one: `changed` lists a PATCH's fields) with an image on another site. */
export function assertFiguresOnSite(item: { body?: string }, changed?: readonly string[]): void {
  if (!item.body?.includes('![') || (changed && !changed.includes('body'))) return;
  const figures = bodyImages(item.body);
  const n = figures.findIndex((f) => !onSiteImage(f.src));
  if (n === -1) return;
  const message = offSite(n + 1, figures[n]!.src);
  throw new HttpError(400, message, { body: message });
}
