// The deploy rehearsal's moving parts: a clean copy of the repository, a Blobs store that
// behaves as a Netlify build's, Netlify's own build program run offline, and the functions it
// bundled, each loaded in a fresh Node 22 process.
import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import buildSite from '@netlify/build';
import StreamZip from 'node-stream-zip';
import { scratchDir } from '../../scripts/local-env';
import { LocalBlobsServer } from '../../scripts/platform/blobs-server';
import { startBuildBlobsApi, type BuildBlobsApi } from '../../scripts/platform/build-blobs-api';

const run = promisify(execFile);
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SITE_ID = 'rehearsal-site';

/** A fresh copy of the tracked files (as a clean clone has them), sharing node_modules. */
export async function cleanCopy(edit?: (dir: string) => Promise<void>): Promise<string> {
  const dir = await scratchDir('rehearsal-');
  const { stdout } = await run(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 },
  );
  const files = stdout
    .split('\0')
    .filter((f) => f && !f.startsWith('tests/') && !f.startsWith('bench/'));
  await Promise.all(
    files.map(async (f) => {
      await mkdir(path.dirname(path.join(dir, f)), { recursive: true });
      await cp(path.join(ROOT, f), path.join(dir, f)).catch((e) =>
        e.code === 'ENOENT' ? undefined : Promise.reject(e),
      );
    }),
  );
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  await edit?.(dir);
  return dir;
}

/** The site's Blobs store: full access for functions, Netlify's build view for builds. */
export async function startStore(dataDir: string) {
  const token = 'rehearsal-functions-token';
  const blobs = new LocalBlobsServer({ directory: dataDir, token });
  const { port } = await blobs.start();
  const url = `http://127.0.0.1:${port}`;
  const functionsContext = Buffer.from(
    JSON.stringify({ edgeURL: url, uncachedEdgeURL: url, token, siteID: SITE_ID }),
  ).toString('base64');
  const buildApi = await startBuildBlobsApi({ blobsURL: url, blobsToken: token, siteID: SITE_ID });
  return {
    functionsContext,
    /**
     * What Netlify gives the functions of one deploy: the site's stores and that deploy's own
     * (a deploy store is reached through a region, which Netlify's context names).
     */
    functionsContextOf: (deployID: string) =>
      Buffer.from(
        JSON.stringify({
          edgeURL: url,
          uncachedEdgeURL: url,
          token,
          siteID: SITE_ID,
          deployID,
          primaryRegion: 'us-east-2',
        }),
      ).toString('base64'),
    buildApi,
    async close() {
      await buildApi.close();
      await blobs.stop();
    },
  };
}

/** Runs Netlify's build program (@netlify/build) offline on `dir`, as a deploy of `deployId`. */
export async function netlifyBuild(dir: string, buildApi: BuildBlobsApi, deployId: string) {
  const context = JSON.parse(Buffer.from(buildApi.contextFor(deployId), 'base64').toString());
  const standIn = pathToFileURL(
    path.join(ROOT, 'tests', 'deploy', 'netlify-api-stand-in.mjs'),
  ).href;
  // @netlify/build passes its own environment on to the build command. Netlify's build machines
  // have no Blobs context in it, so neither may this process while the build runs.
  const ownContext = process.env.NETLIFY_BLOBS_CONTEXT;
  delete process.env.NETLIFY_BLOBS_CONTEXT;
  const result = await buildSite({
    cwd: dir,
    offline: true,
    mode: 'cli',
    context: 'production',
    siteId: SITE_ID,
    deployId,
    // The build's own token: the Blobs context Netlify derives from it reaches plugins only.
    token: context.token,
    telemetry: false,
    buffer: true,
    env: {
      NODE_OPTIONS: `--import=${standIn}`,
      REHEARSAL_NETLIFY_API: context.apiURL,
      ASTRO_TELEMETRY_DISABLED: '1',
    },
  }).finally(() => {
    if (ownContext !== undefined) process.env.NETLIFY_BLOBS_CONTEXT = ownContext;
  });
  const logs = [...(result.logs?.stdout ?? []), ...(result.logs?.stderr ?? [])].join('\n');
  return { success: result.success as boolean, logs };
}

/** The functions Netlify's bundler wrote (zip archives), unpacked: name -> handler module. */
export async function unpackFunctions(dir: string): Promise<Map<string, string>> {
  const zips = path.join(dir, '.netlify', 'functions');
  const out = new Map<string, string>();
  for (const file of (await readdir(zips)).filter((f) => f.endsWith('.zip'))) {
    const name = file.replace(/\.zip$/, '');
    const target = path.join(dir, '.netlify', 'unpacked', name);
    await rm(target, { recursive: true, force: true });
    await mkdir(target, { recursive: true });
    const zip = new StreamZip.async({ file: path.join(zips, file) });
    await zip.extract(null, target);
    await zip.close();
    const entry = await readFile(path.join(target, '___netlify-entry-point.mjs'), 'utf8');
    const handler = /getLambdaHandler\((['"])(.+?)\1\)/.exec(entry)?.[2];
    if (!handler) throw new Error(`${name}: the bundle names no handler module`);
    out.set(name, path.join(target, handler));
  }
  return out;
}

export interface SmokeRequest {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}
export interface SmokeAnswer {
  status: number;
  body: string;
  cookies: string[];
}

// Loads one bundled handler in a fresh Node process and lets it answer one request.
const CALL = `
const [module, spec] = process.argv.slice(1);
const { method, url, body, headers } = JSON.parse(spec);
const handler = (await import(module)).default;
const req = new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
const res = await handler(req, { params: {}, ip: '127.0.0.1', requestId: 'rehearsal' });
process.stdout.write(JSON.stringify({ status: res.status, body: await res.text(), cookies: res.headers.getSetCookie() }));
`;

/** Calls a bundled function in a fresh Node 22 process with the given environment. */
export async function callBundle(
  module: string,
  request: SmokeRequest,
  env: NodeJS.ProcessEnv,
): Promise<SmokeAnswer> {
  const spec = JSON.stringify({
    method: request.method,
    url: `https://rehearsal.example${request.path}`,
    body: request.body,
    headers: {
      ...(request.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...request.headers,
    },
  });
  const { stdout } = await run(
    process.execPath,
    ['--input-type=module', '-e', CALL, pathToFileURL(module).href, spec],
    {
      cwd: path.dirname(module),
      env: { PATH: process.env.PATH, ...env },
    },
  );
  return JSON.parse(stdout) as SmokeAnswer;
}

/** Removes the plugin declaration from a copy's netlify.toml (to prove the rehearsal needs it). */
export async function withoutContentPlugin(dir: string): Promise<void> {
  const file = path.join(dir, 'netlify.toml');
  const toml = await readFile(file, 'utf8');
  const stripped = toml.replace(/\[\[plugins\]\][^[]*/, '');
  if (stripped === toml) throw new Error('netlify.toml declares no plugin to remove');
  await writeFile(file, stripped);
}
