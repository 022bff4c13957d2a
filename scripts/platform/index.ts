import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Builder } from './builder';
import { LocalCdnCache, PURGE_API_PATH } from './cdn-cache';
import { deployEvents } from './deploy-events';
import { callBackgroundFunction } from './background-call';
import { callFunction } from './function-call';
import { loadFunctions } from './functions';
import { answerWithStages, listenOnLoopback, visitedOrigin } from './http-server';
import { LocalImageCdn } from './image-cdn';
import type { Stage } from './pipeline';
import { Scheduler } from './scheduler';
import { startSiteBlobs } from './site-blobs';
import { apiNotFoundStage } from './stages/api-not-found';
import { BUILD_HOOK_PREFIX, buildHookStage } from './stages/build-hook';
import { purgeApiStage } from './stages/cdn-purge';
import { edgeFunctionsStage, loadEdgeFunctions } from './stages/edge-functions';
import { functionsStage } from './stages/functions';
import { imageCdnStage } from './stages/image-cdn';
import { staticSiteStage } from './stages/static-site';
import { BackgroundWork } from './wait-until';

export { BUILD_HOOK_PREFIX };

export interface PlatformOptions {
  projectRoot: string;
  dataDir: string;
  port?: number;
  /** Build the pages at start and on the build hook (API-only tests turn this off). */
  pages?: boolean;
  log?: (line: string) => void;
  debounceMs?: number;
  /** Run scheduled functions on their schedules (tests turn this off and call runScheduled). */
  schedules?: boolean;
}

const SITE_ID = 'local-site';

/**
 * The environment variables a platform sets, put back as they were when it closes: a process
 * that starts one site after another (a test worker running file after file) must not hand the
 * next site the last one's address or outbox.
 */
function platformEnv() {
  const before = new Map<string, string | undefined>();
  const set = (name: string, value: string) => {
    if (!before.has(name)) before.set(name, process.env[name]);
    process.env[name] = value;
  };
  return {
    set,
    /** Sets `name` unless the environment already gives it a value (as a user's URL). */
    setDefault: (name: string, value: string) => {
      if (!process.env[name]) set(name, value);
    },
    restore: () => {
      for (const [name, value] of before) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      before.clear();
    },
  };
}

/**
 * The production-like local platform on one port: the built pages (as Netlify's CDN serves
 * them), the functions under /api (as Netlify routes them), a file-backed Blobs store in
 * DATA_DIR, and a build hook that rebuilds and swaps in the new pages. A request passes through
 * the stages listed in `stages` below, in Netlify's order.
 */
export async function startPlatform(opts: PlatformOptions) {
  const log = opts.log ?? ((l: string) => console.log(l));
  await mkdir(opts.dataDir, { recursive: true });

  const env = platformEnv();
  const blobs = await startSiteBlobs({ dataDir: opts.dataDir, siteId: SITE_ID, env: env.set });
  env.setDefault('SITE_ID', SITE_ID);

  const { server, url } = await listenOnLoopback(opts.port);
  env.setDefault('URL', url);
  const hookPath = `${BUILD_HOOK_PREFIX}${randomBytes(12).toString('hex')}`;
  env.set('BUILD_HOOK_URL', `${url}${hookPath}`);
  // Netlify's CDN cache of function answers, and its purge API: purgeCache() finds the token where
  // Netlify's runtime puts it; only the API address (PURGE_API_URL) is a local addition.
  const purgeToken = randomBytes(16).toString('hex');
  const cdn = new LocalCdnCache(purgeToken);
  env.set('NETLIFY_PURGE_API_TOKEN', purgeToken);
  env.set('PURGE_API_URL', `${url}/.netlify/local/purge`);
  // No provider configured locally: mail is written to files here instead (see src/server/mail).
  env.set('MAIL_OUTBOX_DIR', path.join(opts.dataDir, 'outbox'));

  // Functions are loaded once the environment they read is complete.
  const fns = await loadFunctions(path.join(opts.projectRoot, 'netlify', 'functions'));
  const edgeFunctions = await loadEdgeFunctions(opts.projectRoot);
  // Work functions hand to context.waitUntil, still running after their responses were sent.
  const background = new BackgroundWork();
  const events = deployEvents({ fns, url, siteId: SITE_ID, background, log });
  const builder = new Builder({
    projectRoot: opts.projectRoot,
    buildsDir: path.join(opts.dataDir, 'builds'),
    env: { ...process.env },
    pluginBlobsContext: (deployId) => blobs.buildBlobs.contextFor(deployId),
    siteId: SITE_ID,
    log,
    debounceMs: opts.debounceMs,
    onDeployEvent: events.deliverDeployEvent,
    onLive: (deployID) => blobs.functionsBelongTo(deployID),
  });
  const images = new LocalImageCdn(url, () => builder.site?.root);

  let hookCalls = 0;
  const stages: Stage[] = [
    edgeFunctionsStage(edgeFunctions, {
      selfUrl: url,
      origin: (r) => visitedOrigin(server, url, r),
      background,
      log,
    }),
    buildHookStage(hookPath, () => {
      hookCalls++;
      // API-only sites (tests) record the call but build nothing.
      if (opts.pages !== false) builder.request();
    }),
    imageCdnStage(images),
    purgeApiStage(cdn, `/.netlify/local/purge${PURGE_API_PATH}`),
    functionsStage({
      match: fns.match,
      cdn,
      call: ({ req, res, url: reqUrl }, fn, params) =>
        (fn.background ? callBackgroundFunction : callFunction)(
          req,
          res,
          reqUrl,
          fn.handler,
          params,
          {
            origin: (r) => visitedOrigin(server, url, r),
            cdn,
            background,
            log,
          },
        ),
    }),
    apiNotFoundStage,
    staticSiteStage(builder),
  ];
  answerWithStages(server, url, stages, log);

  const scheduler = new Scheduler(fns.scheduled, url, log, background);
  if (opts.schedules !== false) scheduler.start();

  if (opts.pages !== false) {
    const restored = await builder.restore();
    if (restored) log('serving the previous build while the site is rebuilt');
  }

  return {
    url,
    builder,
    /** The Netlify-like Blobs API builds read through (counts refused site-wide writes). */
    buildBlobs: blobs.buildBlobs,
    /** Delivers a deploy event as Netlify does (tests play Netlify's part with it). */
    invokeEvent: events.invokeEvent,
    /** The emulated CDN cache of function answers (hits, misses, purges). */
    cdn,
    /** How often the build hook was called (content changes asking for a rebuild). */
    get hookCalls() {
      return hookCalls;
    },
    /** Builds the pages and waits for the build to be live. */
    build: () => builder.run(),
    /** Resolves once the work functions handed to `context.waitUntil` has settled. */
    backgroundIdle: () => background.idle(),
    /** Runs a scheduled function now, as its schedule would. */
    runScheduled: (name: string) => scheduler.run(name),
    async close() {
      scheduler.stop();
      builder.cancel();
      await builder.idle().catch(() => {});
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await blobs.close();
      env.restore();
    },
  };
}
export type Platform = Awaited<ReturnType<typeof startPlatform>>;
