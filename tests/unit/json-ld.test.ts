import { describe, expect, it } from 'vitest';
import { serializeJsonLd, siteGraph } from '../../src/lib/json-ld';

describe('serializeJsonLd', () => {
  it('cannot close its <script> element or start a comment', () => {
    const out = serializeJsonLd({ name: '</script><script>alert(1)</script><!--' });
    expect(out).not.toMatch(/[<>]/);
    expect(out).toContain('\\u003c/script\\u003e');
  });

  it('escapes &, U+2028 and U+2029 as \\u escapes', () => {
    const out = serializeJsonLd({ a: 'R&D', b: 'line\u2028sep\u2029end' });
    expect(out).not.toMatch(/[&\u2028\u2029]/);
    expect(out).toContain('\\u0026');
    expect(out).toContain('\\u2028');
    expect(out).toContain('\\u2029');
  });

  it('round-trips: JSON.parse gives back exactly the original data', () => {
    const value = { name: 'A <b> & "c" \u2028 \u2029 ü 😀', nested: [1, { x: '</SCRIPT>' }] };
    expect(JSON.parse(serializeJsonLd(value))).toEqual(value);
  });
});

describe('siteGraph', () => {
  const graph = siteGraph({
    name: 'Meridian Institute for AI Research',
    description: 'd',
    origin: 'https://example.org',
    logo: 'https://example.org/favicon.svg',
    image: 'https://example.org/images/og-default.png',
  }) as { '@graph': Record<string, any>[] };

  it('describes the organisation and the website', () => {
    expect(graph['@graph'].map((n) => n['@type'])).toEqual(['Organization', 'WebSite']);
    expect(graph['@graph'][0]!.url).toBe('https://example.org/');
    expect(graph['@graph'][0]).not.toHaveProperty('email');
  });

  it('advertises {origin}/search?q={search_term_string}', () => {
    const action = graph['@graph'][1]!.potentialAction;
    expect(action['@type']).toBe('SearchAction');
    expect(action.target.urlTemplate).toBe('https://example.org/search?q={search_term_string}');
    expect(action['query-input']).toBe('required name=search_term_string');
  });
});
