/**
 * A browser suite whose content the shared demo site cannot hold (an empty store, an archive long
 * enough to page) builds a site of its own: one start, fill, build and stop, written once here.
 */
import { test } from './fixtures';
import { buildPages, startTestSite, type TestSite } from '../helpers/platform';

// Starting a platform points this worker's environment at it; put the worker's own site's values back after.
const ENV_KEYS = [
  'MAIL_OUTBOX_DIR',
  'NETLIFY_BLOBS_CONTEXT',
  'BUILD_HOOK_URL',
  'NETLIFY_PURGE_API_TOKEN',
  'PURGE_API_URL',
  'URL',
  'SITE_ID',
  'SESSION_SECRET',
];

/**
 * Registers the file's beforeAll/afterAll: start a site (with or without the demo content), let
 * `fill` add what the file needs, build the pages, and stop it afterwards. The answer reads the
 * site's address once it runs.
 */
export function useOwnSite(
  opts: { seed: boolean },
  fill?: () => Promise<void>,
): { readonly url: string } {
  let site: TestSite | undefined;
  let savedEnv: Record<string, string | undefined> = {};
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
    site = await startTestSite({ pages: true, seed: opts.seed });
    await fill?.();
    await buildPages(site);
  });
  test.afterAll(async () => {
    await site?.close();
    for (const [k, v] of Object.entries(savedEnv)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
  return {
    get url() {
      if (!site) throw new Error('The site is not started yet');
      return site.url;
    },
  };
}
