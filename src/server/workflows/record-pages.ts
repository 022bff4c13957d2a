import type { Event } from '../../schemas/event';
import type { Publication } from '../../schemas/publication';
import { figuresPath } from '../../lib/figures';
import { renderedReportBody } from '../content/report-body-cache';
import { dataFileFacts } from '../content/data-file-facts';
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
 * A publication page's data: the settings, the library (authors, topics), its drawn share image,
 * its rendered body and its data files with their format, size and a CSV's first rows. Its
 * figures link to their own pages, and its data files are listed, only on the live page: a
 * preview's item has no figure pages and no files in the deploy yet.
 */
export async function publicationPageData(
  p: Pick<Publication, 'slug' | 'body' | 'dataFiles'>,
  { live = true }: { live?: boolean } = {},
) {
  const settings = await loadSiteSettings();
  const library = await loadLibrary();
  const ogImage = await ogImageFor('publications', p.slug);
  const figureBase = live ? figuresPath(p) : undefined;
  const body = p.body.trim() ? await renderedReportBody(p.body, { figureBase }) : null;
  const dataFiles = live
    ? await Promise.all(p.dataFiles.map(async (f) => ({ ...f, ...(await dataFileFacts(f.url)) })))
    : [];
  return { settings, library, ogImage, body, dataFiles };
}

/**
 * A publication's numbered figures, as its live page numbers them (the same cached render, so a
 * figure's page and its place in the report never disagree).
 */
export async function publicationFigures(p: Pick<Publication, 'slug' | 'body'>) {
  if (!p.body.includes('![')) return [];
  return (await renderedReportBody(p.body, { figureBase: figuresPath(p) })).figures;
}
