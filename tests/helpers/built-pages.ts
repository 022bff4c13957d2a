/**
 * Reading a built site the way a client does, with maintained parsers: HTML pages
 * (node-html-parser), the sitemap (fast-xml-parser), RSS feeds (rss-parser) and the
 * search index (Pagefind's own script: site-search.ts).
 * `html` asserts the page answered 200, so a missing page fails where it is read.
 */
import { XMLParser } from 'fast-xml-parser';
import { parse, type HTMLElement } from 'node-html-parser';
import Parser from 'rss-parser';
import { expect } from 'vitest';
import { searchSite } from './site-search';

export const jsonLd = (doc: HTMLElement) =>
  doc.querySelectorAll('script[type="application/ld+json"]').map((s) => JSON.parse(s.textContent));
export const metaAll = (doc: HTMLElement, name: string) =>
  doc.querySelectorAll(`meta[name="${name}"]`).map((m) => m.getAttribute('content'));

/** Readers for the site at `base` (a function, so a site started in beforeAll is read when called). */
export function builtPages(base: () => string) {
  const page = async (path: string) => {
    const res = await fetch(base() + path, { redirect: 'manual' });
    return {
      status: res.status,
      location: res.headers.get('location'),
      type: res.headers.get('content-type'),
      text: await res.text(),
    };
  };
  const html = async (path: string) => {
    const got = await page(path);
    expect(got.status, path).toBe(200);
    return parse(got.text);
  };
  /** The sitemap index's part files, as paths. */
  const sitemapParts = async () => {
    const parsed = new XMLParser().parse((await page('/sitemap.xml')).text);
    return [parsed.sitemapindex.sitemap]
      .flat()
      .map((s: { loc: string }) => new URL(s.loc).pathname);
  };
  /** Every page the sitemap lists, through its index, part after part. */
  const sitemapLocs = async () => {
    const locs: string[] = [];
    for (const part of await sitemapParts()) {
      const got = await page(part);
      expect(got.status, part).toBe(200);
      const parsed = new XMLParser().parse(got.text);
      locs.push(...[parsed.urlset.url].flat().map((u: { loc: string }) => new URL(u.loc).pathname));
    }
    return locs;
  };
  const feedLinks = async (path: string) =>
    (await new Parser().parseString((await page(path)).text)).items.map(
      (i) => new URL(i.link!).pathname,
    );
  /** The paths of the pages the site search finds for `query`. */
  const searchUrls = async (query: string) =>
    (await searchSite(base(), query)).map((found) => found.url);
  const ogImage = async (path: string) =>
    new URL((await html(path)).querySelector('meta[property="og:image"]')!.getAttribute('content')!)
      .pathname;
  return { page, html, sitemapParts, sitemapLocs, feedLinks, searchUrls, ogImage };
}
