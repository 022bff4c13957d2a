/**
 * The search index reads only the pages that carry `data-pagefind-body`
 * (src/integrations/search-index.ts): a page that gains the marker, or a component with it rendered
 * by a route outside those sections, would never be indexed. This holds the lists together.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INDEXED_PAGES, INDEXED_SECTIONS } from '../../src/integrations/search-index';

const SRC = path.resolve(import.meta.dirname, '../../src');
/** A component's markup and code without its comments (which may name the marker). */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/<!--[\s\S]*?-->/g, '');

async function astroFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.astro'))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('the pages the search index reads', () => {
  it('are the pages marked data-pagefind-body, themselves or through their component', async () => {
    const marked: string[] = [];
    for (const file of await astroFiles(path.join(SRC, 'components')))
      if (/<[a-z]+[^>]*\sdata-pagefind-body\b/.test(withoutComments(await readFile(file, 'utf8'))))
        marked.push(path.basename(file, '.astro'));
    expect(marked.sort()).toEqual(['EventPage', 'PersonPage', 'PublicationPage', 'TopicPage']);

    const sections = new Set<string>();
    const pages = new Set<string>();
    for (const file of await astroFiles(path.join(SRC, 'pages'))) {
      const route = path.relative(path.join(SRC, 'pages'), file);
      if (route.startsWith('preview-render')) continue;
      const text = await readFile(file, 'utf8');
      if (/<[a-z]+[^>]*\sdata-pagefind-body\b/.test(withoutComments(text))) {
        expect(route, `${route} is marked itself`).toMatch(/^[a-z-]+\.astro$/);
        pages.add(route.replace(/\.astro$/, ''));
      }
      for (const component of marked)
        if (new RegExp(`<${component}\\b`).test(text)) {
          expect(route, `${route} renders ${component}`).toMatch(/^[a-z]+\/\[slug\]\.astro$/);
          sections.add(route.split('/')[0]!);
        }
    }
    expect([...sections].sort()).toEqual([...INDEXED_SECTIONS].sort());
    expect([...pages].sort()).toEqual([...INDEXED_PAGES].sort());
  });
});
