import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PLATFORM_BODY_LIMIT_BYTES } from '../../src/schemas/upload-limits';
import { LocalBlobsServer } from './blobs-server';
import { startBuildBlobsApi } from './build-blobs-api';
import { Builder, type Deploy, type DeployEventName } from './builder';
import { LocalCdnCache, PURGE_API_PATH } from './cdn-cache';
import { loadFunctions, type FnInvocation } from './functions';
import { LocalImageCdn } from './image-cdn';
import { Scheduler } from './scheduler';
import { BackgroundWork, invocationWork } from './wait-until';

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

/** Build hook URLs carry an unguessable id, as Netlify's do: without it nobody can start builds. */
export const BUILD_HOOK_PREFIX = '/.netlify/local/build_hooks/';
const SITE_ID = 'local-site';

/** Secret kept in the data folder so sessions survive restarts; generated once. */
async function localSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'session-secret');
  const existing = (await readFile(file, 'utf8').catch(() => '')).trim();
  if (existing.length >= 32) return existing;
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The production-like local platform on one port: the built pages (as Netlify's CDN serves
 * them), the functions under /api (as Netlify routes them), a file-backed Blobs store in
 * DATA_DIR, and a build hook that rebuilds and swaps in the new pages.
 */
export async function startPlatform(opts: PlatformOptions) {
  const log = opts.log ?? ((l: string) => console.log(l));
  await mkdir(opts.dataDir, { recursive: true });

  // Blobs: a local server over files in DATA_DIR/blobs; functions and builds reach it via env.
  const token = randomBytes(16).toString('hex');
  const blobs = new LocalBlobsServer({ directory: path.join(opts.dataDir, 'blobs'), token });
  const { port: blobsPort } = await blobs.start();
  const blobsContext = Buffer.from(
    JSON.stringify({
      edgeURL: `http://127.0.0.1:${blobsPort}`,
      uncachedEdgeURL: `http://127.0.0.1:${blobsPort}`,
      token,
      siteID: SITE_ID,
      // Netlify's function context names the site's region; the Blobs client needs it to read a
      // deploy store (the deploy-succeeded function reads what its build left out).
      primaryRegion: 'us-east-2',
    }),
  ).toString('base64');
  process.env.NETLIFY_BLOBS_CONTEXT = blobsContext;
  process.env.SITE_ID ||= SITE_ID;
  process.env.SESSION_SECRET ||= await localSecret(opts.dataDir);
  // What a build's plugins get: an API-mode context that cannot write the site's stores.
  const buildBlobs = await startBuildBlobsApi({ blobsURL: `http://127.0.0.1:${blobsPort}`, blobsToken: token, siteID: SITE_ID });

  // Node closes a keep-alive connection after 5 s idle; a client that sends its next request on it
  // in that same instant gets ECONNRESET (browser tests polling the site met it). Netlify's edge
  // keeps idle connections open far longer, so this one does too (headers timeout above it, as Node requires).
  const server = http.createServer();
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  process.env.URL ||= url;
  const hookPath = `${BUILD_HOOK_PREFIX}${randomBytes(12).toString('hex')}`;
  process.env.BUILD_HOOK_URL = `${url}${hookPath}`;
  // Netlify's CDN cache of function answers, and its purge API: purgeCache() finds the token where
  // Netlify's runtime puts it; only the API address (PURGE_API_URL) is a local addition.
  const purgeToken = randomBytes(16).toString('hex');
  const cdn = new LocalCdnCache(purgeToken);
  const purgePath = `/.netlify/local/purge${PURGE_API_PATH}`;
  process.env.NETLIFY_PURGE_API_TOKEN = purgeToken;
  process.env.PURGE_API_URL = `${url}/.netlify/local/purge`;

  // No provider configured locally: mail is written to files here instead (see src/server/mail).
  process.env.MAIL_OUTBOX_DIR = path.join(opts.dataDir, 'outbox');

  const fns = await loadFunctions(path.join(opts.projectRoot, 'netlify', 'functions'));
  // Work functions hand to context.waitUntil, still running after their responses were sent.
  const background = new BackgroundWork();
  // Netlify calls the function named after a deploy event with { payload: deploy }, itself
  // (not through the public URL space).
  const invokeEvent = async (event: DeployEventName, body: unknown, method = 'POST'): Promise<Response> => {
    const matched = fns.match(`/.netlify/functions/${event}`, method);
    if (!matched) return new Response(null, { status: 404 });
    const req = new Request(`${url}/.netlify/functions/${event}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: method === 'GET' ? undefined : JSON.stringify(body),
    });
    const work = invocationWork(log);
    try {
      return await matched.route.handler(req, { params: {}, ip: '127.0.0.1', requestId: randomUUID(), waitUntil: work.waitUntil });
    } finally {
      background.track(work.settled());
    }
  };
  const deliverDeployEvent = async (event: DeployEventName, deploy: Deploy) => {
    const res = await invokeEvent(event, { payload: deploy, site: { id: SITE_ID, url } }).catch((e: unknown) => e);
    if (!(res instanceof Response) || !res.ok) log(`${event} was not recorded: ${res instanceof Response ? `${res.status} ${await res.text()}` : String(res)}`);
  };
  const builder = new Builder({
    projectRoot: opts.projectRoot,
    buildsDir: path.join(opts.dataDir, 'builds'),
    env: { ...process.env },
    pluginBlobsContext: (deployId) => buildBlobs.contextFor(deployId),
    siteId: SITE_ID,
    log,
    debounceMs: opts.debounceMs,
    onDeployEvent: deliverDeployEvent,
    // On Netlify a function reads the deploy store of the deploy it belongs to; here every function
    // belongs to the live deploy, so the functions' Blobs context names it from the moment it is live.
    onLive: (deployID) => {
      const context = JSON.parse(Buffer.from(process.env.NETLIFY_BLOBS_CONTEXT ?? blobsContext, 'base64').toString('utf8'));
      process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify({ ...context, deployID })).toString('base64');
    },
  });

  let hookCalls = 0;
  server.on('request', (req, res) => {
    handle(req, res).catch((error) => {
      log(`request failed: ${String(error?.stack ?? error)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal error');
    });
  });

  // CONNECT (a proxy's tunnel request) never reaches 'request', and Node would just drop the
  // connection: answer it as a method nothing here takes.
  server.on('connect', (_req, socket) => {
    socket.end(`HTTP/1.1 405 Method Not Allowed\r\nAllow: ${FUNCTION_METHODS}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const reqUrl = new URL(req.url ?? '/', url);
    const method = req.method ?? 'GET';
    if (reqUrl.pathname === hookPath && method === 'POST') {
      hookCalls++;
      // API-only sites (tests) record the call but build nothing.
      if (opts.pages !== false) builder.request();
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"queued":true}');
      return;
    }
    if (reqUrl.pathname === '/.netlify/images' && (method === 'GET' || method === 'HEAD')) return images.serve(req, res, reqUrl);
    // Netlify invokes event functions itself, with a signature it checks: they are not reachable
    // from outside. Nothing else under /.netlify/ is public here (a wrong hook URL is a 404).
    const internal = reqUrl.pathname.startsWith('/.netlify/');
    const matched = internal ? null : fns.match(reqUrl.pathname, method);
    if (reqUrl.pathname === purgePath) return cdn.handlePurgeApi(req, res);
    if (matched && cdn.serve(method, reqUrl, res)) return;
    if (matched) return callFunction(req, res, reqUrl, matched.route.handler, matched.params);
    if (internal || reqUrl.pathname.startsWith('/api/')) {
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff' });
      res.end(JSON.stringify({ message: 'No such API endpoint' }));
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (!builder.site) {
      res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': '5', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' });
      res.end('<!doctype html><meta http-equiv="refresh" content="3"><title>Building…</title><p>The site is being built. This page reloads by itself.</p>');
      return;
    }
    await builder.site.serve(req, res, reqUrl.pathname);
  }

  /**
   * The origin the visitor typed, as Netlify hands it to a function in `req.url`: this server
   * answers on 127.0.0.1 as well as localhost, so a page opened at either signs in (the Origin
   * check compares with it). Any other Host gets the printed URL, so that check stays strict.
   */
  function visitedOrigin(req: IncomingMessage): string {
    const host = req.headers.host ?? '';
    const port = (server.address() as AddressInfo).port;
    return LOOPBACK_NAMES.some((name) => host === `${name}:${port}`) ? `http://${host}` : url;
  }

  async function callFunction(
    req: IncomingMessage,
    res: ServerResponse,
    reqUrl: URL,
    handler: (req: Request, ctx: FnInvocation) => Promise<Response>,
    params: Record<string, string>,
  ) {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : v);
    }
    // TRACE cannot reach a function (fetch's Request refuses it; Node's parser already refuses
    // TRACK): the platform turns it away itself, as a method the route does not take, not a 500.
    if (req.method === 'TRACE') {
      req.resume();
      res.writeHead(405, { 'Content-Type': 'application/json; charset=utf-8', 'X-Content-Type-Options': 'nosniff', Allow: FUNCTION_METHODS });
      res.end(JSON.stringify({ message: `Method ${req.method} is not allowed here` }));
      return;
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    // Netlify hands a function its whole request at once and refuses one over its cap before the
    // function runs; so does this (reading it all also spares Node's stream bridge, nodejs#54205).
    const payload = hasBody ? await readCappedBody(req) : undefined;
    if (payload === TOO_LARGE) {
      res.writeHead(413, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
      res.end(JSON.stringify({ message: PAYLOAD_TOO_LARGE }));
      return;
    }
    const request = new Request(new URL(reqUrl.pathname + reqUrl.search, visitedOrigin(req)), {
      method: req.method,
      headers,
      body: payload ? new Uint8Array(payload) : undefined,
    });
    const ip = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
    const work = invocationWork(log);
    let answer: Response;
    try {
      answer = await handler(request, { params, ip, requestId: randomUUID(), waitUntil: work.waitUntil });
    } finally {
      // As on Netlify, the invocation lasts until its handed-over work settles, after the answer is sent.
      background.track(work.settled());
    }
    const response = await cdn.keep(request.method, reqUrl, answer);
    const out: Record<string, string | string[]> = {};
    response.headers.forEach((v, k) => {
      if (k !== 'set-cookie') out[k] = v;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) out['set-cookie'] = cookies;
    res.writeHead(response.status, out);
    if (!response.body || req.method === 'HEAD') {
      res.end();
      return;
    }
    const body = Buffer.from(await response.arrayBuffer());
    res.end(body);
  }

  const scheduler = new Scheduler(fns.scheduled, url, log, background);
  const images = new LocalImageCdn(url, () => builder.site?.root);
  if (opts.schedules !== false) scheduler.start();

  if (opts.pages !== false) {
    const restored = await builder.restore();
    if (restored) log('serving the previous build while the site is rebuilt');
  }

  return {
    url,
    builder,
    /** The Netlify-like Blobs API builds read through (counts refused site-wide writes). */
    buildBlobs,
    /** Delivers a deploy event as Netlify does (tests play Netlify's part with it). */
    invokeEvent,
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
      await buildBlobs.close();
      await blobs.stop();
    },
  };
}
export type Platform = Awaited<ReturnType<typeof startPlatform>>;

/** The names the local server answers on (it listens on 127.0.0.1 only). */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1'];
/** Methods the platform hands to functions (each function's own 405 names those it takes). */
const FUNCTION_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

const TOO_LARGE = Symbol('too large');
const PAYLOAD_TOO_LARGE = 'The request is too large: functions accept at most 6 MB (binary bodies count base64-encoded, about 4.5 MB of file).';
// Past this much the sender is not a browser posting a form: stop reading and drop the connection.
const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/** How big Netlify counts a body: binary bodies travel base64-encoded, text ones as they are. */
function platformSize(bytes: number, contentType: string | undefined): number {
  const text = /^(text\/|application\/(json|x-www-form-urlencoded|xml|javascript)\b)/i.test(contentType ?? '');
  return text ? bytes : Math.ceil(bytes / 3) * 4;
}

/**
 * The request body, or TOO_LARGE past Netlify's 6 MB cap. An oversized body is still read to its
 * end (up to a bound) before the answer, so the client gets the 413 rather than a reset.
 */
async function readCappedBody(req: IncomingMessage): Promise<Buffer | typeof TOO_LARGE> {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (!over && platformSize(size, req.headers['content-type']) > PLATFORM_BODY_LIMIT_BYTES) over = true;
    if (over) {
      chunks.length = 0;
      if (size > DRAIN_LIMIT_BYTES) {
        req.destroy();
        break;
      }
    } else chunks.push(chunk);
  }
  return over ? TOO_LARGE : Buffer.concat(chunks);
}
