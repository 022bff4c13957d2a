import type { Event } from '../../schemas/event';
import type { Publication } from '../../schemas/publication';
import { figuresPath } from '../../lib/figures';
import { renderedReportBody } from '../content/report-body-cache';
import { ogImageFor } from './og-images';
import { buildTime, loadLibrary, loadSiteSettings } from './page-data';

/*
 * What an event's or a publication's own page shows beside its record. The live pages and their
 * private previews (preview-render) load it the same way and hand it to the page component.
 */

/** An event page's data: the settings, the library (speakers, topics), the build's time and its drawn share image. */
export async function eventPageData(e: Pick<Event, 'slug'>) {
  const settings = await loadSiteSettings();
  const library = await loadLibrary();
  return { settings, library, now: buildTime(), ogImage: await ogImageFor('events', e.slug) };
}

/**
 * A publication page's data: the settings, the library (authors, topics), its drawn share image
 * and its rendered body. Its figures link to their own pages only on the live page: a preview's
 * item has no figure pages yet.
 */
export async function publicationPageData(
  p: Pick<Publication, 'slug' | 'body'>,
  { live = true }: { live?: boolean } = {},
) {
  const settings = await loadSiteSettings();
  const library = await loadLibrary();
  const ogImage = await ogImageFor('publications', p.slug);
  const figureBase = live ? figuresPath(p) : undefined;
  const body = p.body.trim() ? await renderedReportBody(p.body, { figureBase }) : null;
  return { settings, library, ogImage, body };
}

/**
 * A publication's numbered figures, as its live page numbers them (the same cached render, so a
 * figure's page and its place in the report never disagree).
 */
export async function publicationFigures(p: Pick<Publication, 'slug' | 'body'>) {
  if (!p.body.includes('![')) return [];
  return (await renderedReportBody(p.body, { figureBase: figuresPath(p) })).figures;
}
