// Cold start of every function as Netlify ships it: our per-function bundle (npm run
// build:functions), packaged by Netlify's own bundler (@netlify/zip-it-and-ship-it, which
// @netlify/build uses), then imported in a fresh Node 22 process, several times each.
// Run alone: npx tsx scripts/bench/cold-start.ts
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import { bundleFunctions } from '../bundle-functions';

const run = promisify(execFile);

export interface ColdStart {
  name: string;
  medianMs: number;
  maxMs: number;
}

/** The budget per function (issue: fast cold starts). */
export const COLD_START_BUDGET_MS = 150;

// Imports the bundle's entry point (with the Lambda global it expects), then the function module,
// which Netlify's bootstrap loads on the first request: together they are the cold start.
const PROBE = `
globalThis.awslambda = { streamifyResponse: (fn) => fn, HttpResponseStream: { from: (s) => s } };
const t = performance.now();
await import(process.argv[1]);
const mod = await import(process.argv[2]);
if (typeof mod.default !== 'function') throw new Error('the bundle has no default handler');
process.stdout.write(String(performance.now() - t));
`;

/** A bundled function: the entry Netlify's runtime imports and the handler module it then loads. */
export interface Bundle {
  entry: string;
  module: string;
}

/** Bundles and packages every function into `outDir` as a Netlify build does; returns them by name. */
export async function packageFunctions(
  projectRoot: string,
  outDir: string,
): Promise<Map<string, Bundle>> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const bundled = path.join(outDir, 'bundled');
  await bundleFunctions(projectRoot, bundled);
  const results = await zipFunctions([bundled], path.join(outDir, 'packaged'), {
    archiveFormat: 'none',
    basePath: projectRoot,
    repositoryRoot: projectRoot,
    // As netlify.toml asks: each bundle is packaged as it is, its imports not traced again.
    config: { '*': { nodeBundler: 'none' } },
  });
  const out = new Map<string, Bundle>();
  for (const r of results) {
    const entry = path.join(r.path, r.entryFilename ?? '___netlify-entry-point.mjs');
    // The entry names the handler module it loads: getLambdaHandler('./<path>.mjs').
    const handler = /getLambdaHandler\((['"])(.+?)\1\)/.exec(await readFile(entry, 'utf8'))?.[2];
    if (!handler) throw new Error(`${r.name}: no handler module named in ${entry}`);
    out.set(r.name, { entry, module: path.join(r.path, handler) });
  }
  return out;
}

/**
 * Imports each entry `runs` times in fresh Node processes and returns median and max milliseconds.
 * The rounds go through every function in turn, so a burst of load from elsewhere on the machine
 * spreads over all functions instead of spoiling every sample of one.
 */
export async function measureColdStarts(
  bundles: Map<string, Bundle>,
  runs = 7,
): Promise<ColdStart[]> {
  const names = [...bundles.keys()].sort();
  const times = new Map<string, number[]>(names.map((n) => [n, []]));
  for (let i = 0; i < runs; i++) {
    for (const name of names) {
      const bundle = bundles.get(name)!;
      const args = [pathToFileURL(bundle.entry).href, pathToFileURL(bundle.module).href];
      const { stdout } = await run(
        process.execPath,
        ['--input-type=module', '-e', PROBE, ...args],
        {
          cwd: path.dirname(bundle.entry),
          env: { ...process.env, NODE_ENV: 'production' },
        },
      );
      times.get(name)!.push(Number(stdout));
    }
  }
  return names.map((name) => {
    const sorted = times.get(name)!.sort((a, b) => a - b);
    return {
      name,
      medianMs: Math.round(sorted[Math.floor(sorted.length / 2)]!),
      maxMs: Math.round(sorted.at(-1)!),
    };
  });
}

/** Bundles and measures; the caller prints or records the table. */
export async function coldStarts(projectRoot: string, workDir: string): Promise<ColdStart[]> {
  const dir = path.join(workDir, 'cold-start-bundles');
  const entries = await packageFunctions(projectRoot, dir);
  try {
    return await measureColdStarts(entries);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function coldStartTable(rows: ColdStart[]): string {
  return [
    '| function | median import (ms) | max (ms) |',
    '|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.medianMs}${r.medianMs > COLD_START_BUDGET_MS ? ' ⚠' : ''} | ${r.maxMs} |`,
    ),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
  const work = path.join(root, '.data', 'tmp');
  await mkdir(work, { recursive: true });
  const rows = await coldStarts(root, work);
  console.log(coldStartTable(rows));
  const over = rows.filter((r) => r.medianMs > COLD_START_BUDGET_MS);
  if (over.length) {
    console.error(`Over ${COLD_START_BUDGET_MS} ms: ${over.map((r) => r.name).join(', ')}`);
    process.exit(1);
  }
}
