import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSourceConfig } from '../../scripts/bundle-functions';
import { scratchDir } from '../../scripts/local-env';
import {
  callBundle,
  cleanCopy,
  netlifyBuild,
  ROOT,
  SITE_ID,
  startStore,
  unpackFunctions,
  withoutContentPlugin,
  type SmokeRequest,
} from './rehearsal';

// A deploy rehearsal: Netlify's own build program (@netlify/build, offline) on a clean copy of
// the repository, against a Blobs store that behaves as a Netlify build's: the build's context
// reaches plugins only, and writes to the site's stores are refused. Then every function as
// Netlify's bundler packaged it, each in a fresh Node 22 process.
let store: Awaited<ReturnType<typeof startStore>>;
let dataDir: string;
let copy: string;
let hookCalls = 0;
let hook: http.Server;
let fnEnv: NodeJS.ProcessEnv;
let bundles: Map<string, string>;
const previousContext = process.env.NETLIFY_BLOBS_CONTEXT;
const PDF = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
let pdfUrl = '';

beforeAll(async () => {
  // The clean copy is made while the store is seeded (files on one side, the store's server on the
  // other); `copy` is set as soon as it exists, so afterAll removes it whatever fails meanwhile.
  const copying = cleanCopy().then((dir) => (copy = dir));
  dataDir = await scratchDir('rehearsal-store-');
  store = await startStore(dataDir);
  // The content goes straight to the store; no user and no secret: the first admin comes from
  // /setup, with the code the first build prints, and the site makes its own session secret.
  process.env.NETLIFY_BLOBS_CONTEXT = store.functionsContext;
  const { seedDemoContent } = await import('../../src/server/workflows/seed');
  await seedDemoContent();
  // A publication whose PDF came in parts: the build must put the file into the deploy.
  const { completePdfUpload, createPdfUpload, storePdfPart } =
    await import('../../src/server/content/pdf-parts');
  const { publications } = await import('../../src/server/content/collections');
  const uploader = { username: 'rehearsal' } as Parameters<typeof createPdfUpload>[0];
  const upload = await createPdfUpload(uploader, {
    fileName: 'Rehearsal Report.pdf',
    size: PDF.length,
  });
  await storePdfPart(
    new Request('http://rehearsal/', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream' },
      body: PDF,
    }),
    upload.id,
    0,
  );
  pdfUrl = (await completePdfUpload(upload.id)).pdfUrl!;
  await publications.create({
    title: 'Rehearsal Report',
    description: 'Its PDF is a file of the deploy.',
    pdf: pdfUrl,
  });
  hook = http.createServer((req, res) => {
    hookCalls++;
    req.resume();
    res.writeHead(200).end('{}');
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  fnEnv = {
    NETLIFY_BLOBS_CONTEXT: store.functionsContext,
    SITE_ID,
    BUILD_HOOK_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/build_hooks/rehearsal`,
    PUBLIC_POST_LIMIT: '0',
  };
  await copying;
}, 120_000);

afterAll(async () => {
  process.env.NETLIFY_BLOBS_CONTEXT = previousContext;
  await new Promise((r) => hook.close(r));
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
  if (copy) await rm(copy, { recursive: true, force: true });
});

const fn = (name: string, request: SmokeRequest) => {
  const module = bundles.get(name);
  if (!module) throw new Error(`Netlify's bundler produced no ${name}`);
  return callBundle(module, request, fnEnv);
};
let cookie = '';
const publishState = async () =>
  JSON.parse(
    (
      await fn('admin-publish', {
        method: 'GET',
        path: '/api/admin/publish',
        headers: { Cookie: cookie },
      })
    ).body,
  );
const deployEvent = (name: string, errorMessage: string | null = null) =>
  fn(name, {
    method: 'POST',
    path: `/.netlify/functions/${name}`,
    body: { payload: { id: 'd', site_id: SITE_ID, error_message: errorMessage } },
  });
const home = () => readFile(path.join(copy, 'dist', 'index.html'), 'utf8');
/** The code the build printed for /setup (none once a user exists). */
const CODE_IN_LOG = /enter this setup code: ([A-Z0-9-]+)/;
let setupCode = '';
/**
 * The functions of the deploy that went live see that deploy's own store, as on Netlify. Deploy ids
 * here are word characters only, as Netlify's are: Blobs refuses any other for a deploy store.
 */
const goLive = (deployId: string) => {
  fnEnv.NETLIFY_BLOBS_CONTEXT = store.functionsContextOf(deployId);
};

describe('a deploy with Netlify’s build program', () => {
  it('builds the pages from the seeded content without writing a site-wide store', async () => {
    const { success, logs } = await netlifyBuild(copy, store.buildApi, 'deploy1');
    expect(success, logs.slice(-3000)).toBe(true);
    const { DEMO } = await import('../../src/server/content/demo-content');
    const page = await home();
    expect(page).toContain(DEMO.settings.contactLocation);
    expect(page).toContain(DEMO.researchAreas[0]!.title.replace('&', '&amp;'));
    expect(store.buildApi.refusedWrites).toBe(0);
    // No user yet: the deploy log holds the one-time setup code, and only its hash is stored.
    setupCode = CODE_IN_LOG.exec(logs)?.[1] ?? '';
    expect(setupCode, logs.slice(-3000)).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){3}$/);
    goLive('deploy1');
    // The published PDF is a file of the deploy, which the CDN serves.
    expect((await readFile(path.join(copy, 'dist', pdfUrl))).equals(PDF)).toBe(true);
    // The site search's index ships with the pages it describes (src/integrations/search-index.ts).
    const entry = JSON.parse(
      await readFile(path.join(copy, 'dist', 'pagefind', 'pagefind-entry.json'), 'utf8'),
    ) as { languages: { en: { page_count: number } } };
    expect(entry.languages.en.page_count).toBeGreaterThan(DEMO.publications.length);
  }, 150_000);

  it('bundles every function', async () => {
    bundles = await unpackFunctions(copy);
    const sources = (await readdir(path.join(ROOT, 'netlify', 'functions')))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.replace(/\.ts$/, ''));
    expect([...bundles.keys()].sort()).toEqual(sources.sort());
    // Netlify routes and schedules each function by the config it read when packaging it (the
    // build packages a file holding the config beside each bundle): the function's own paths and
    // schedule.
    const manifest = JSON.parse(
      await readFile(path.join(copy, '.netlify', 'functions', 'manifest.json'), 'utf8'),
    ) as { functions: { name: string; routes?: { pattern: string }[]; schedule?: string }[] };
    for (const name of sources) {
      const file = `${name}.ts`;
      const config = inSourceConfig(
        await readFile(path.join(ROOT, 'netlify', 'functions', file), 'utf8'),
        file,
      ) as { path?: string | string[]; schedule?: string };
      const packaged = manifest.functions.find((f) => f.name === name);
      expect(packaged?.routes?.map((r) => r.pattern) ?? [], name).toEqual(
        [config.path ?? []].flat(),
      );
      expect(packaged?.schedule, name).toBe(config.schedule);
    }
  });

  it('bundles the download counter for the edge, on the paths netlify.toml declares', async () => {
    const manifest = JSON.parse(
      await readFile(path.join(copy, '.netlify', 'edge-functions-dist', 'manifest.json'), 'utf8'),
    ) as { bundles: { asset: string }[]; routes: { function: string; path: string }[] };
    expect(manifest.bundles.length).toBeGreaterThan(0);
    const counted = manifest.routes.filter((r) => r.function === 'count-downloads');
    expect(counted.map((r) => r.path)).toEqual([
      '/pdf/*',
      '/api/uploads/*.pdf',
      '/publications/*.ris',
      '/events/*.ics',
      '/publications/feed.xml',
      '/events/feed.xml',
      '/newsletter/feed.xml',
      '/research/*/feed.xml',
    ]);
  });

  it('each bundle answers in a fresh Node process: public reads 200, visitor posts 201, admin calls 401', async () => {
    const admin401 = (p: string, method = 'GET') => ({ request: { method, path: p }, status: 401 });
    const table: Record<string, { request: SmokeRequest; status: number; html?: true }> = {
      'admin-contact-forms': admin401('/api/admin/contact-forms'),
      'admin-history': admin401('/api/admin/history'),
      'admin-publish': admin401('/api/admin/publish'),
      'admin-subscriptions': admin401('/api/admin/subscriptions'),
      'admin-exports': admin401('/api/admin/exports', 'POST'),
      // A background function (Netlify answers 202 itself): called directly, it has no such job to write.
      'export-run-background': {
        request: {
          method: 'POST',
          path: '/api/exports/run',
          body: { id: '00000000-0000-0000-0000-000000000000' },
        },
        status: 200,
      },
      'admin-summary': admin401('/api/admin/summary'),
      'admin-testimonials': admin401('/api/admin/testimonials'),
      'admin-upload': admin401('/api/admin/upload', 'POST'),
      'admin-upload-pdf': admin401('/api/admin/upload-pdf', 'POST'),
      'admin-pdf-uploads': admin401('/api/admin/pdf-uploads', 'POST'),
      'admin-data-uploads': admin401('/api/admin/data-uploads', 'POST'),
      'admin-media': admin401('/api/admin/media'),
      'admin-proposals': admin401('/api/admin/proposals'),
      'admin-releases': admin401('/api/admin/releases'),
      'admin-markdown-preview': admin401('/api/admin/markdown-preview', 'POST'),
      'admin-users': admin401('/api/admin/users'),
      account: admin401('/api/account/sign-out-everywhere', 'POST'),
      // An invitation that was never issued: the same answer as a used or expired one.
      'auth-invitations': {
        request: { method: 'GET', path: '/api/auth/invitations/not-a-real-token' },
        status: 410,
      },
      // Netlify runs it on its schedule: on an empty store there is nothing to release.
      'release-scheduled': {
        request: {
          method: 'POST',
          path: '/.netlify/functions/release-scheduled',
          body: { next_run: '2030-01-01T00:00:00.000Z' },
        },
        status: 200,
      },
      // Netlify runs it on its schedule: with no SMTP_URL nothing is queued, so nothing is due.
      'mail-queue': {
        request: {
          method: 'POST',
          path: '/.netlify/functions/mail-queue',
          body: { next_run: '2030-01-01T00:00:00.000Z' },
        },
        status: 200,
      },
      'admin-mail': admin401('/api/admin/mail'),
      'admin-newsletter-issues': admin401('/api/admin/newsletter-issues'),
      'admin-newsletter-settings': admin401('/api/admin/newsletter-settings'),
      // The provider's webhook: without the shared secret it is refused and nothing changes.
      'newsletter-bounces': {
        request: {
          method: 'POST',
          path: '/api/newsletter/bounces',
          body: { type: 'bounce', email: 'x@example.org', permanent: true },
        },
        status: 401,
      },
      // Netlify runs it on its schedule: nothing is scheduled or sending in a fresh store.
      'newsletter-send': {
        request: {
          method: 'POST',
          path: '/.netlify/functions/newsletter-send',
          body: { next_run: '2030-01-01T00:00:00.000Z' },
        },
        status: 200,
      },
      // A background function (Netlify answers 202 itself): called directly, it finds nothing to send.
      'newsletter-send-background': {
        request: { method: 'POST', path: '/api/newsletter/send-run' },
        status: 200,
      },
      'admin-notifications': admin401('/api/admin/notifications'),
      'account-notifications': admin401('/api/account/notifications'),
      // Netlify runs it on its schedule: a fresh store has no notification window to send.
      'notify-digest': {
        request: {
          method: 'POST',
          path: '/.netlify/functions/notify-digest',
          body: { next_run: '2030-01-01T00:00:00.000Z' },
        },
        status: 200,
      },
      'admin-privacy': admin401('/api/admin/privacy/audit'),
      'admin-preview-links': admin401('/api/admin/preview-links'),
      // A link that was never made: the same answer as a revoked or expired one, a page for a person.
      preview: {
        request: { method: 'GET', path: `/preview/${'a'.repeat(43)}` },
        status: 404,
        html: true,
      },
      'admin-analytics': admin401('/api/admin/analytics'),
      // A visit beacon: counted (or, without a browser's user agent, not), answered 204 at once.
      hit: {
        request: {
          method: 'POST',
          path: '/api/hit',
          body: { path: '/' },
          headers: { 'User-Agent': 'Mozilla/5.0 (rehearsal)' },
        },
        status: 204,
      },
      // A download the edge reports (count-downloads): counted after the answer, 204 at once.
      'hit-file': {
        request: {
          method: 'POST',
          path: '/api/hit/file',
          body: { path: '/publications/feed.xml' },
          headers: { 'User-Agent': 'Mozilla/5.0 (rehearsal)' },
        },
        status: 204,
      },
      // Every minute: an empty store has no hits to fold.
      'analytics-rollup': {
        request: {
          method: 'POST',
          path: '/.netlify/functions/analytics-rollup',
          body: { next_run: '2030-01-01T00:00:00.000Z' },
        },
        status: 200,
      },
      // Netlify runs it on its schedule: on an empty store nothing is past its retention period.
      retention: {
        request: {
          method: 'POST',
          path: '/.netlify/functions/retention',
          body: { next_run: '2030-01-01T00:00:00.000Z' },
        },
        status: 200,
      },
      // Hourly: a fresh store has no abandoned PDF upload to sweep.
      'upload-sweep': {
        request: {
          method: 'POST',
          path: '/.netlify/functions/upload-sweep',
          body: { next_run: '2030-01-01T00:00:00.000Z' },
        },
        status: 200,
      },
      // Hourly: nothing has expired in a fresh store.
      'newsletter-expiry': {
        request: {
          method: 'POST',
          path: '/.netlify/functions/newsletter-expiry',
          body: { next_run: '2030-01-01T00:00:00.000Z' },
        },
        status: 200,
      },
      'auth-me': admin401('/api/auth/me'),
      // No user yet: the first-run setup is open.
      setup: { request: { method: 'GET', path: '/api/setup' }, status: 200 },
      'auth-login': {
        request: {
          method: 'POST',
          path: '/api/auth/login',
          body: { username: 'admin', password: 'wrong-password-1' },
        },
        status: 401,
      },
      'auth-logout': { request: { method: 'POST', path: '/api/auth/logout' }, status: 200 },
      contact: {
        request: {
          method: 'POST',
          path: '/api/contact',
          body: {
            name: 'Ada Lovelace',
            email: 'ada@example.org',
            subject: 'research',
            message: 'A rehearsal message, long enough.',
          },
        },
        status: 201,
      },
      newsletter: {
        request: {
          method: 'POST',
          path: '/api/newsletter',
          body: { email: 'rehearsal@example.org' },
        },
        status: 201,
      },
      testimonials: {
        request: {
          method: 'POST',
          path: '/api/testimonials',
          body: { name: 'Grace Hopper', content: 'A rehearsal testimonial.', rating: 5 },
        },
        status: 201,
      },
      events: { request: { method: 'GET', path: '/api/events' }, status: 200 },
      publications: { request: { method: 'GET', path: '/api/publications' }, status: 200 },
      'research-areas': { request: { method: 'GET', path: '/api/research-areas' }, status: 200 },
      stats: { request: { method: 'GET', path: '/api/stats' }, status: 200 },
      'team-members': { request: { method: 'GET', path: '/api/team-members' }, status: 200 },
      'site-settings': { request: { method: 'GET', path: '/api/site-settings' }, status: 200 },
      'fetch-linkedin-image': {
        request: {
          method: 'POST',
          path: '/api/fetch-linkedin-image',
          body: { profileUrl: 'https://example.org/in/someone' },
        },
        status: 400,
      },
      upload: {
        request: { method: 'POST', path: '/api/upload/testimonial-photo', body: {} },
        status: 415,
      },
      uploads: {
        request: {
          method: 'GET',
          path: '/api/uploads/0000000000000000000000000000000000000000000000000000000000000000.png',
        },
        status: 404,
      },
      'deploy-building': {
        request: { method: 'GET', path: '/.netlify/functions/deploy-building' },
        status: 405,
      },
      'deploy-succeeded': {
        request: { method: 'GET', path: '/.netlify/functions/deploy-succeeded' },
        status: 405,
      },
      'deploy-failed': {
        request: { method: 'GET', path: '/.netlify/functions/deploy-failed' },
        status: 405,
      },
    };
    expect(Object.keys(table).sort()).toEqual([...bundles.keys()].sort());
    // Two processes at a time: each call is a fresh Node process (most of its time is starting and
    // loading the bundle), and this file's other worker is idle by now. The calls are independent:
    // each reads or writes records of its own.
    const queue = Object.entries(table);
    const answers: { name: string; status: number; expected: number; body: string; html?: true }[] =
      [];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [name, { request, status, html }] = next;
        const answer = await fn(name, request);
        answers.push({ name, status: answer.status, expected: status, body: answer.body, html });
      }
    };
    await Promise.all([worker(), worker()]);
    expect(answers).toHaveLength(Object.keys(table).length);
    for (const { name, status, expected, body, html } of answers) {
      expect(status, `${name}: ${body}`).toBe(expected);
      if (html) expect(body, name).toMatch(/^<!doctype html>/);
      else if (expected === 204) expect(body, name).toBe('');
      else expect(() => JSON.parse(body), name).not.toThrow();
    }
  }, 120_000);

  it('/setup alone makes the first admin, signed in: a wrong code is refused, then the door shuts', async () => {
    const admin = { username: 'admin', email: 'admin@example.org', password: 'admin-password-123' };
    const wrong = await fn('setup', {
      method: 'POST',
      path: '/api/setup',
      body: { ...admin, code: 'AAAAA-AAAAA-AAAAA-AAAAA' },
    });
    expect(wrong.status, wrong.body).toBe(403);
    const made = await fn('setup', {
      method: 'POST',
      path: '/api/setup',
      body: { ...admin, code: setupCode },
    });
    expect(made.status, made.body).toBe(200);
    cookie = made.cookies[0]!.split(';')[0]!;
    // Each call is a fresh process: the session secret the site made is read back from Blobs.
    const me = await fn('auth-me', {
      method: 'GET',
      path: '/api/auth/me',
      headers: { Cookie: cookie },
    });
    expect(me.status, me.body).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ username: 'admin', role: 'admin' });
    const { openStore, STORES } = await import('../../src/server/storage/store');
    expect(await openStore(STORES.system).get('secrets/session', { type: 'json' })).toBeTruthy();
    expect((await fn('setup', { method: 'GET', path: '/api/setup' })).status).toBe(404);
    const again = await fn('setup', {
      method: 'POST',
      path: '/api/setup',
      body: { ...admin, username: 'second', code: setupCode },
    });
    expect(again.status).toBe(404);
  }, 60_000);

  it('save → build → live, then the next save queues again, through the event functions', async () => {
    // Signed in through the API too, with the password chosen at /setup.
    const login = await fn('auth-login', {
      method: 'POST',
      path: '/api/auth/login',
      body: { username: 'admin', password: 'admin-password-123' },
    });
    expect(login.status).toBe(200);
    cookie = login.cookies[0]!.split(';')[0]!;
    /** Saves a new hero title: the build hook is called once and the site shows as queued. */
    const save = async (title: string) => {
      const before = hookCalls;
      const saved = await fn('site-settings', {
        method: 'PATCH',
        path: '/api/site-settings',
        body: { heroTitle: title },
        headers: { Cookie: cookie },
      });
      expect(saved.status, saved.body).toBe(200);
      expect(hookCalls).toBe(before + 1);
      expect((await publishState()).state).toBe('queued');
    };
    await save('Rehearsed');
    expect((await deployEvent('deploy-building')).status).toBe(200);
    expect((await publishState()).state).toBe('building');
    // The deploy before saved its build cache; this one restores it, as every later deploy does.
    const { success, logs } = await netlifyBuild(copy, store.buildApi, 'deploy2');
    expect(success, logs.slice(-3000)).toBe(true);
    // An admin exists: no deploy prints a setup code again.
    expect(logs).not.toMatch(CODE_IN_LOG);
    goLive('deploy2');
    expect((await deployEvent('deploy-succeeded')).status).toBe(200);
    const live = await publishState();
    expect(live).toMatchObject({ state: 'live', lastError: null });
    expect(live.lastBuildAt).not.toBeNull();
    expect(await home()).toContain('Rehearsed');
    // A live site takes the next save as the first: queued again, for the next deploy. (A second
    // build here would be the one above again; the failing build below follows this save.)
    await save('Rehearsed again');
  }, 200_000);

  it('without the content-store plugin the build fails, saying why; the failure shows and the next save retries', async () => {
    const broken = await cleanCopy(withoutContentPlugin);
    try {
      const { success, logs } = await netlifyBuild(broken, store.buildApi, 'deploy3');
      expect(success).toBe(false);
      expect(logs).toContain('No Netlify Blobs context reached the build');
      const reason = 'No Netlify Blobs context reached the build, so the content cannot be read.';
      expect((await deployEvent('deploy-failed', reason)).status).toBe(200);
      expect(await publishState()).toMatchObject({
        state: 'failed',
        lastError: `The build failed: ${reason}`,
      });
      const before = hookCalls;
      const save = await fn('site-settings', {
        method: 'PATCH',
        path: '/api/site-settings',
        body: { heroTitle: 'Recovered' },
        headers: { Cookie: cookie },
      });
      expect(save.status).toBe(200);
      expect(hookCalls).toBe(before + 1);
      expect((await publishState()).state).toBe('queued');
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  }, 150_000);
});
