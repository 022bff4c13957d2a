/**
 * Structured data (schema.org JSON-LD) for the page head, serialised so it can never close
 * its <script> element: names and texts come from admins and visitors.
 */

const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;

/**
 * JSON for inside a <script> element: `<`, `>`, `&`, U+2028 and U+2029 become \uXXXX escapes,
 * which JSON parsers read back as the same characters.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** What the organisation graph needs to know about the site. */
export interface SiteIdentity {
  name: string;
  description: string;
  /** The site's origin, e.g. https://example.org (no trailing slash). */
  origin: string;
  logo: string;
  image: string;
  email?: string;
  sameAs?: string[];
}

/** An Organization and a WebSite (with a sitelinks SearchAction on {origin}/search?q=) as one @graph. */
export function siteGraph(site: SiteIdentity): Record<string, unknown> {
  const orgId = `${site.origin}/#organization`;
  const organization: Record<string, unknown> = {
    '@type': 'Organization',
    '@id': orgId,
    name: site.name,
    url: `${site.origin}/`,
    logo: site.logo,
    image: site.image,
    description: site.description,
  };
  if (site.email) organization.email = site.email;
  const sameAs = (site.sameAs ?? []).filter(Boolean);
  if (sameAs.length) organization.sameAs = sameAs;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      organization,
      {
        '@type': 'WebSite',
        '@id': `${site.origin}/#website`,
        name: site.name,
        url: `${site.origin}/`,
        publisher: { '@id': orgId },
        potentialAction: {
          '@type': 'SearchAction',
          target: { '@type': 'EntryPoint', urlTemplate: `${site.origin}/search?q={search_term_string}` },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}
