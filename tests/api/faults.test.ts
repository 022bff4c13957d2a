import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startAdminSite } from '../helpers/admin-site';
import { buildPages, client, type TestSite } from '../helpers/platform';

// A Blobs context pointing at a port where nothing listens: every store call fails.
const deadContext = Buffer.from(
  JSON.stringify({
    edgeURL: 'http://127.0.0.1:9',
    uncachedEdgeURL: 'http://127.0.0.1:9',
    token: 'x',
    siteID: 'local-site',
  }),
).toString('base64');

let site: TestSite;
let goodContext: string;
let cookie: string;
beforeAll(async () => {
  ({
    site,
    admin: { cookie },
  } = await startAdminSite({ pages: true, users: { admin: ADMIN } }));
  await buildPages(site);
  goodContext = process.env.NETLIFY_BLOBS_CONTEXT!;
}, 180_000);
afterAll(() => site.close());

const withStoreDown = async (fn: () => Promise<void>) => {
  process.env.NETLIFY_BLOBS_CONTEXT = deadContext;
  try {
    await fn();
  } finally {
    process.env.NETLIFY_BLOBS_CONTEXT = goodContext;
  }
};

describe('with the content store unavailable', () => {
  it('pages still serve while API calls answer 503 with a clear message', async () => {
    await withStoreDown(async () => {
      const page = await fetch(`${site.url}/`);
      expect(page.status).toBe(200);
      const settings = await client(site.url).get('/api/site-settings');
      expect(settings.status).toBe(503);
      expect(settings.json.message).toBe(
        'The service is temporarily unavailable. Please try again in a moment.',
      );
      expect(settings.headers.get('retry-after')).toBe('5');
      const save = await client(site.url, cookie).patch('/api/site-settings', {
        heroTitle: 'Lost?',
      });
      expect(save.status).toBe(503);
      const signIn = await client(site.url).post('/api/auth/login', {
        username: 'admin',
        password: 'admin-password-123',
      });
      expect(signIn.status).toBe(503);
    });
  });

  it('loses nothing and half-writes nothing: once it returns, the old value is intact and new saves work', async () => {
    const before = (await client(site.url).get('/api/site-settings')).json;
    expect(before.heroTitle).not.toBe('Lost?');
    const save = await client(site.url, cookie).patch('/api/site-settings', {
      heroTitle: 'Back again',
    });
    expect(save.status).toBe(200);
    expect((await client(site.url).get('/api/site-settings')).json.heroTitle).toBe('Back again');
  });
});

describe('with the build failing', () => {
  it('keeps serving the last good build and shows the error in the publish state', async () => {
    const served = await (await fetch(`${site.url}/`)).text();
    // The build command crashes on start: only its process is given ASTRO_OUT_DIR, so the plugins
    // still run and hand it the content store. (NODE_OPTIONS is split at spaces: the code has none.)
    site.platform.builder.env.NODE_OPTIONS =
      '--import=data:text/javascript,if(process.env.ASTRO_OUT_DIR)throw(Error("boom"))';
    try {
      await site.platform.build();
      expect(site.platform.builder.failures).toBeGreaterThan(0);
      const page = await fetch(`${site.url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(served);
      const state = await client(site.url, cookie).get('/api/admin/publish');
      expect(state.status).toBe(200);
      expect(state.json.state).toBe('failed');
      expect(state.json.lastError).toMatch(/build failed.*boom/i);
    } finally {
      delete site.platform.builder.env.NODE_OPTIONS;
    }
    await site.platform.build();
    // A save above may have asked for a rebuild that starts only now (debounced): let it finish.
    await site.platform.builder.idle();
    const state = await client(site.url, cookie).get('/api/admin/publish');
    expect(state.json.state).toBe('live');
  });
});
