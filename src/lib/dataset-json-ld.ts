/**
 * A report's data file as schema.org sees it: a Dataset with its download (`distribution`), the
 * columns its dictionary names (`variableMeasured`), its creators and licence, part of its
 * report, so dataset search can find and credit it.
 */
import { organization, person, type PersonLd } from './json-ld';

export interface DatasetLd {
  name: string;
  description: string;
  /** Absolute address of the file. */
  contentUrl: string;
  /** Its media type ('text/csv'). */
  encodingFormat: string;
  bytes: number;
  columns: readonly { name: string; meaning: string; unit: string }[];
  /** The report's authors; with none, the institute is the creator. */
  creators: PersonLd[];
  /** The report's page (absolute). */
  reportUrl: string;
  /** The licence's address. */
  license: string;
  datePublished?: string;
}

export function datasetJsonLd(
  d: DatasetLd,
  site: { origin: string; name: string },
): Record<string, unknown> {
  const publisher = organization(site.origin, site.name);
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Dataset',
    '@id': `${d.contentUrl}#dataset`,
    name: d.name,
    // Dataset search asks for a description of 50 characters or more: the report's title helps.
    description: d.description || `${d.name}: data from the report at ${d.reportUrl}`,
    url: d.reportUrl,
    creator: d.creators.length ? d.creators.map(person) : [publisher],
    publisher,
    license: d.license,
    isPartOf: { '@id': `${d.reportUrl}#publication` },
    distribution: [
      {
        '@type': 'DataDownload',
        contentUrl: d.contentUrl,
        encodingFormat: d.encodingFormat,
        contentSize: `${d.bytes} B`,
      },
    ],
  };
  if (d.columns.length)
    ld.variableMeasured = d.columns.map((c) => ({
      '@type': 'PropertyValue',
      name: c.name,
      ...(c.meaning ? { description: c.meaning } : {}),
      ...(c.unit ? { unitText: c.unit } : {}),
    }));
  if (d.datePublished) ld.datePublished = d.datePublished;
  return ld;
}
