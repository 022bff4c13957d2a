/**
 * The page cache across real builds over one store: a rebuild serves every unchanged publication
 * page, figure page, .ris file, event page and .ics file exactly as the build before wrote them,
 * shows an edited publication's new text on its page and in the archive, shows a renamed author on
 * the pages that credit them (site-wide content is part of every page's key), and an event's
 * highlights once it is over. Builds share a warm process
 * (scripts/platform/build-workers.ts), yet each renders for its own environment only.
 */
import { execFileSync } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEXED_PAGES, INDEXED_SECTIONS } from '../../src/integrations/search-index';
import { client, createTestUser, login, startTestSite, type TestSite } from '../helpers/platform';
import { searchSite } from '../helpers/site-search';

let site: TestSite;
let admin: ReturnType<typeof client>;
const EDITED = '/publications/auditing-large-language-models-in-the-public-sector';
const UNTOUCHED = '/publications/the-state-of-ai-governance-2025';
const get = async (path: string) => {
  const res = await fetch(`${site.url}${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
};

beforeAll(async () => {
  site = await startTestSite({ pages: false, seed: true });
  await createTestUser('admin', 'admin-password-123', true);
  admin = client(site.url, await login(site.url, 'admin', 'admin-password-123'));
  // Vitest puts its mode in the environment (NODE_ENV=test, DEV=1, MODE…), which the builds it
  // starts would take for a development build, where every page renders and the cache is never
  // used. A Netlify build has none of them.
  for (const name of ['NODE_ENV', 'DEV', 'PROD', 'MODE', 'SSR', 'BASE_URL'])
    delete site.platform.builder.env[name];
  await site.platform.build();
}, 300_000);
afterAll(() => site?.close());

/** The keys of the files the page cache holds for a route: one per file the last build used. */
const cachedKeys = async (route: string) =>
  new Set(await readdir(path.join(site.dataDir, 'builds', 'cache', 'pages', 'files', route)));

/**
 * Pagefind's index of the live build is what Pagefind makes of the whole pages. A page's fragment
 * holds all Pagefind keeps of it (its address, words, headings, meta and filters), named by a hash
 * of that: the same fragments, byte for byte, are the same pages. The word and filter indexes
 * number the pages in the order Pagefind found their files, which the two folders list
 * differently, so only their count is compared.
 */
async function expectIndexOfWholePages() {
  const builds = path.join(site.dataDir, 'builds');
  const live = path.join(builds, (await readFile(path.join(builds, 'current'), 'utf8')).trim());
  const sections = `{${[...INDEXED_SECTIONS.map((s) => `${s}/*`), ...INDEXED_PAGES].join(',')}}`;
  const whole = await mkdtemp(path.join(tmpdir(), 'pagefind-whole-'));
  try {
    execFileSync(process.execPath, [
      path.resolve('node_modules/pagefind/lib/runner/bin.cjs'),
      ...['--site', live, '--glob', `${sections}/index.html`, '--output-path', whole],
      ...['--force-language', 'en', '--silent'],
    ]);
    const files = async (dir: string) =>
      (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
        .sort();
    const index = path.join(live, 'pagefind');
    const kinds = async (dir: string) => {
      const all = await files(dir);
      const count = (prefix: string) => all.filter((n) => n.startsWith(prefix)).length;
      return {
        fragments: all.filter((n) => n.startsWith('fragment/')),
        indexes: count('index/'),
        filters: count('filter/'),
      };
    };
    const expected = await kinds(whole);
    expect(await kinds(index)).toEqual(expected);
    expect(expected.fragments.length).toBeGreaterThan(20);
    for (const name of expected.fragments)
      expect(
        (await readFile(path.join(index, name))).equals(await readFile(path.join(whole, name))),
        name,
      ).toBe(true);
  } finally {
    await rm(whole, { recursive: true, force: true });
  }
}

describe('a rebuild with the page cache', () => {
  it('keeps unchanged pages as they were and renders the edited publication anew', async () => {
    const before = {
      page: await get(UNTOUCHED),
      ris: await get(`${UNTOUCHED}.ris`),
      archive: await get('/publications'),
      pageKeys: await cachedKeys('publication-pages'),
      risKeys: await cachedKeys('publication-ris'),
      figure: await get(`${UNTOUCHED}/figures/1`),
      figureKeys: await cachedKeys('figure-pages'),
      eventKeys: await cachedKeys('event-pages'),
      icsKeys: await cachedKeys('event-ics'),
    };
    const list = (await admin.get('/api/publications')).json as { id: string; slug: string }[];
    const edited = list.find((p) => `/publications/${p.slug}` === EDITED)!;
    // The last one moved to the top: every other publication's place changes, not its page.
    const moved = list.at(-1)!;
    expect(moved.id).not.toBe(edited.id);
    const move = await admin.put('/api/publications/order', { id: moved.id, position: 'top' });
    expect(move.status, move.text).toBe(200);
    const res = await admin.patch(`/api/publications/${edited.id}`, {
      description: 'Rewritten for the second build.',
    });
    expect(res.status, res.text).toBe(200);
    // An event that passed the first build's render check, now stored as an older version
    // accepted it, with a date no calendar can hold. The check remembers passes by what they
    // read, so this one is checked again and left out (publish-except.test.ts: a first build).
    const { events } = await import('../../src/server/content/collections');
    const [broken] = ((await admin.get('/api/events')).json as { id: string; slug: string }[]).sort(
      (a, b) => a.slug.localeCompare(b.slug),
    );
    expect(await get(`/events/${broken!.slug}`)).toContain('</html>');
    const stored = (await events.remove(broken!.id)) as Record<string, unknown>;
    await events.reinsert({
      ...stored,
      startDate: '+275760-09-12T00:00:00.000Z',
      endDate: '+275760-09-12T00:00:00.000Z',
    });
    await site.platform.build();
    expect(site.platform.builder.failures).toBe(0);
    expect((await fetch(`${site.url}/events/${broken!.slug}`)).status).toBe(404);
    // Every publication the second build showed passed its check once, and is remembered so.
    const memo = JSON.parse(
      await readFile(
        path.join(site.dataDir, 'builds', 'cache', 'render-checks', 'publication.json'),
        'utf8',
      ),
    ) as string[];
    expect(memo).toHaveLength(before.pageKeys.size);

    // Only the edited publication's page and .ris file were rendered again.
    const renderedAgain = async (route: string, keys: Set<string>) =>
      [...(await cachedKeys(route))].filter((k) => !keys.has(k)).length;
    expect(before.pageKeys.size).toBe(list.length);
    expect(await renderedAgain('publication-pages', before.pageKeys)).toBe(1);
    expect(await renderedAgain('publication-ris', before.risKeys)).toBe(1);
    // The edited publication has no figure: no figure page was rendered again.
    expect(before.figureKeys.size).toBeGreaterThan(0);
    expect(await renderedAgain('figure-pages', before.figureKeys)).toBe(0);
    expect(await get(`${UNTOUCHED}/figures/1`)).toBe(before.figure);
    // Nothing an event page or calendar file shows changed.
    expect(before.eventKeys.size).toBeGreaterThan(0);
    expect(await renderedAgain('event-pages', before.eventKeys)).toBe(0);
    expect(await renderedAgain('event-ics', before.icsKeys)).toBe(0);

    expect(await get(UNTOUCHED)).toBe(before.page);
    expect(await get(`${UNTOUCHED}.ris`)).toBe(before.ris);
    expect(await get(EDITED)).toContain('Rewritten for the second build.');
    const archive = await get('/publications');
    expect(archive).not.toBe(before.archive);
    expect(archive).toContain('Rewritten for the second build.');

    // The rebuild's search index reads the pages the cache put back as well as the one rendered
    // anew: each is in it once, the edited one by its new words.
    const rewritten = (await searchSite(site.url, 'rewritten')).map((r) => r.url);
    expect(rewritten.filter((url) => url === EDITED)).toHaveLength(1);
    expect(rewritten.filter((url) => url.startsWith('/publications/'))).toEqual([EDITED]);
    const untouched = await searchSite(site.url, 'state of AI governance 2025');
    expect(untouched.filter((r) => r.url === UNTOUCHED)).toHaveLength(1);
    const urls = (await searchSite(site.url, 'AI')).map((r) => r.url);
    expect(urls.length).toBeGreaterThan(5);
    expect(new Set(urls).size).toBe(urls.length);
  }, 300_000);

  it("indexes for search from the pages' search copies what Pagefind makes of the pages themselves, copies kept or made from the cache", async () => {
    // After a rebuild in which most copies were kept from the build before.
    await expectIndexOfWholePages();
    // With no copies kept (a build cache from before them): all are made again, those of the
    // unchanged pages from the page cache's files, which it has not yet put in the output.
    await rm(path.join(site.dataDir, 'builds', 'cache', 'search-copies'), {
      recursive: true,
      force: true,
    });
    await site.platform.build();
    await expectIndexOfWholePages();
  }, 120_000);

  it('shows a renamed author on the unchanged publications that credit them', async () => {
    const members = (await admin.get('/api/team-members')).json as { id: string; name: string }[];
    const marcus = members.find((m) => m.name === 'Marcus Chen')!;
    expect(
      (await admin.patch(`/api/team-members/${marcus.id}`, { name: 'Marcus Chen-Ito' })).status,
    ).toBe(200);
    await site.platform.build();

    expect(await get(UNTOUCHED)).toContain('Marcus Chen-Ito');
    expect(await get(`${UNTOUCHED}.ris`)).toContain('Chen-Ito');
  }, 300_000);

  it('turns a cached event page to its highlights once the event is over', async () => {
    const events = (
      (await admin.get('/api/events')).json as { slug: string; endDate: string }[]
    ).filter((e) => !e.endDate.startsWith('+')); // not the one left out above
    const last = events.reduce((a, b) => (Date.parse(a.endDate) > Date.parse(b.endDate) ? a : b));
    const page = `/events/${last.slug}`;
    expect(await get(page)).not.toContain('Event Highlights');
    const keys = await cachedKeys('event-pages');
    site.platform.builder.env.BUILD_CLOCK_MS = String(Date.parse(last.endDate) + 7 * 86_400_000);
    try {
      await site.platform.build();
    } finally {
      delete site.platform.builder.env.BUILD_CLOCK_MS;
    }
    expect(await get(page)).toContain('Event Highlights');
    // Rendered again, not copied: its key holds what its call to action is at the build's time.
    expect([...(await cachedKeys('event-pages'))].some((k) => !keys.has(k))).toBe(true);
  }, 300_000);

  it('renders every page for the environment its own build was given, though builds share a warm process', async () => {
    // A measurement id lets the analytics host into every page's Content Security Policy
    // (astro.config.mjs), and is part of every cached page's key.
    const policy = async () =>
      (await get(UNTOUCHED)).match(
        /<meta http-equiv="content-security-policy" content="([^"]*)"/,
      )?.[1] ?? '';
    expect(await policy()).not.toContain('googletagmanager');
    site.platform.builder.env.PUBLIC_GA_MEASUREMENT_ID = 'G-ENVPROBE1';
    try {
      await site.platform.build();
      expect(await policy()).toContain('https://www.googletagmanager.com');
    } finally {
      delete site.platform.builder.env.PUBLIC_GA_MEASUREMENT_ID;
    }
    await site.platform.build();
    expect(await policy()).not.toContain('googletagmanager');
    expect(site.platform.builder.failures).toBe(0);
  }, 300_000);

  it(
    'builds in a fresh process when the warm one it left died while idle, and clears what a stopped build left',
    { timeout: 120_000 },
    async () => {
      // A build whose process was stopped half-way leaves its folder in staging, beside the builds.
      const staging = path.join(site.dataDir, 'builds', '.staging');
      await mkdir(path.join(staging, 'build-1-stopped', 'publications'), { recursive: true });
      await writeFile(path.join(staging, 'build-1-stopped', 'index.html'), '<p>half a build');
      // And the link inside the project that Astro was handed for it.
      const links = path.join(process.cwd(), 'node_modules', '.astro', 'local-builds');
      const stoppedLink = path.join(links, `build-1-stopped-${process.pid}`);
      await mkdir(links, { recursive: true });
      await symlink(path.join(staging, 'build-1-stopped'), stoppedLink, 'dir');
      // The build before left its process waiting for the next; the system may end it meanwhile
      // (out of memory, say). The next build must not wait on it forever.
      const waiting = execFileSync(
        'pgrep',
        ['-P', String(process.pid), '-f', 'astro-build-worker'],
        { encoding: 'utf8' },
      )
        .trim()
        .split('\n');
      expect(waiting.length).toBeGreaterThan(0);
      for (const pid of waiting) process.kill(Number(pid), 'SIGKILL');
      // Gone once reaped, when this process has seen its exit.
      const gone = (pid: string) => {
        try {
          return !process.kill(Number(pid), 0);
        } catch {
          return true;
        }
      };
      await expect.poll(() => waiting.every(gone)).toBe(true);
      const failures = site.platform.builder.failures;
      await site.platform.build();
      expect(site.platform.builder.failures).toBe(failures);
      expect(await get(UNTOUCHED)).toContain('Chen-Ito');
      // Only the link to the project's packages stays: the new build has moved into place, and
      // the staging folder is swept once it serves.
      await site.platform.builder.idle();
      expect(await lstat(stoppedLink).catch(() => null)).toBeNull();
      expect(await readdir(staging)).toEqual(['node_modules']);
    },
  );
});
