/**
 * A report figure's page as schema.org sees it: an ImageObject with its caption, licence and
 * credit, part of its report, so an image search can say whose figure it is and how to reuse it.
 */
import { organization, person, type PersonLd } from './json-ld';

export interface FigureLd {
  /** 'Figure 2: Jurisdictions with binding AI rules'. */
  name: string;
  caption: string;
  /** Absolute address of the image itself. */
  contentUrl: string;
  /** Absolute address of the figure's page. */
  url: string;
  /** The licence's address. */
  license: string;
  /** The report's authors; with none, the institute is the creator. */
  creators: PersonLd[];
  /** The report's page (absolute). */
  reportUrl: string;
  datePublished?: string;
}

export function figureJsonLd(
  f: FigureLd,
  site: { origin: string; name: string },
): Record<string, unknown> {
  const publisher = organization(site.origin, site.name);
  const creator = f.creators.length ? f.creators.map(person) : [publisher];
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'ImageObject',
    '@id': `${f.url}#figure`,
    name: f.name,
    caption: f.caption,
    contentUrl: f.contentUrl,
    url: f.url,
    license: f.license,
    acquireLicensePage: f.url,
    creator,
    creditText: f.creators.length
      ? `${f.creators.map((c) => c.name).join(', ')} / ${site.name}`
      : site.name,
    copyrightHolder: publisher,
    isPartOf: { '@id': `${f.reportUrl}#publication` },
  };
  if (f.datePublished) ld.datePublished = f.datePublished;
  return ld;
}
