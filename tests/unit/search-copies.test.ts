/**
 * What Pagefind reads of each page (src/integrations/search-copies.ts): the marked elements and
 * the head, kept between builds by the page cache's key, made again when the key changes, and
 * never a copy of a page the site no longer has.
 */
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { searchCopy, syncSearchCopies } from '../../src/integrations/search-copies';

const page = (body: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>T</title><script>var x = "<main data-pagefind-body>";</script><style>main{}</style></head><body><nav>Menu</nav>${body}<footer>Foot</footer></body></html>`;

describe('searchCopy', () => {
  it('keeps the html tag, the head and each marked element whole, without scripts and styles (which may hold the marker)', () => {
    const copy = searchCopy(
      page('<main data-pagefind-body><main>inner</main><p>Words</p></main><aside>x</aside>'),
    );
    expect(copy).toBe(
      '<!DOCTYPE html><html lang="en"><head><title>T</title></head><body><main data-pagefind-body><main>inner</main><p>Words</p></main></body></html>',
    );
    expect(
      searchCopy(page('<div data-pagefind-body>A</div><div data-pagefind-body>B</div>')),
    ).toContain('<body><div data-pagefind-body>A</div><div data-pagefind-body>B</div></body>');
  });

  it('is null for a page with nothing marked', () => {
    expect(searchCopy(page('<main>Words</main>'))).toBeNull();
  });
});

describe('syncSearchCopies', () => {
  let site = '';
  let dir = '';
  beforeEach(async () => {
    site = await mkdtemp(path.join(tmpdir(), 'copies-site-'));
    dir = await mkdtemp(path.join(tmpdir(), 'copies-cache-'));
  });
  afterEach(async () => {
    await rm(site, { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
  });
  const put = async (file: string, body: string) => {
    await mkdir(path.dirname(path.join(site, file)), { recursive: true });
    await writeFile(path.join(site, file), page(body));
  };
  const copyOf = (file: string) => readFile(path.join(dir, 'site', file), 'utf8');
  const files = async (folder: string) =>
    (await readdir(folder, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(folder, path.join(e.parentPath, e.name)))
      .sort();
  const planned = (entries: [string, string][]) =>
    new Map(entries.map(([file, key]) => [file, { key, cached: null }]));

  it('keeps a copy while its key holds, remakes it when the key changes, and drops removed pages', async () => {
    await put('publications/a/index.html', '<main data-pagefind-body>First</main>');
    await put('team/index.html', '<main data-pagefind-body>Team</main>');
    const pages = ['publications/a/index.html', 'team/index.html'];
    const first = await syncSearchCopies(site, dir, pages, planned([[pages[0]!, 'k1']]));
    expect(first).toMatchObject({ indexed: 2, changed: 2 });

    // Same key: the page is not read again (here it is gone from the output) and its copy stays.
    await rm(path.join(site, 'publications'), { recursive: true });
    const kept = await syncSearchCopies(site, dir, pages, planned([[pages[0]!, 'k1']]));
    expect(kept).toMatchObject({ indexed: 2, changed: 0 });
    expect(await copyOf(pages[0]!)).toContain('First');

    // A new key: made again from the page.
    await put('publications/a/index.html', '<main data-pagefind-body>Second</main>');
    const remade = await syncSearchCopies(site, dir, pages, planned([[pages[0]!, 'k2']]));
    expect(remade).toMatchObject({ indexed: 2, changed: 1 });
    expect(await copyOf(pages[0]!)).toContain('Second');

    // No longer on the site: its copy goes.
    const gone = await syncSearchCopies(site, dir, ['team/index.html'], new Map());
    expect(gone).toMatchObject({ indexed: 1, changed: 0 });
    expect(await files(path.join(dir, 'site'))).toEqual(['team/index.html']);
  });

  it('starts over when the build before was cut short, so no copy of a removed page survives', async () => {
    await put('publications/a/index.html', '<main data-pagefind-body>A</main>');
    await put('publications/b/index.html', '<main data-pagefind-body>B</main>');
    const both = ['publications/a/index.html', 'publications/b/index.html'];
    await syncSearchCopies(site, dir, both, new Map());
    // Cut short: the manifest is gone (as while copies change), and b was removed meanwhile.
    await rm(path.join(dir, 'manifest.json'));
    const after = await syncSearchCopies(site, dir, [both[0]!], new Map());
    expect(after).toMatchObject({ indexed: 1, changed: 1 });
    expect(await files(path.join(dir, 'site'))).toEqual(['publications/a/index.html']);
  });
});
