// npm run build:functions — bundles each netlify/functions/*.ts into one tree-shaken ES module in
// functions-dist/, the folder netlify.toml hands to Netlify's bundler.
//
// Why: Netlify bundles v2 functions with its own bundler (nft), which leaves every npm package as
// separate files, and zod alone pulls in every locale, so module loading dominated each cold
// start. One esbuild bundle per function drops what is unused and loads much faster (figures in
// bench/RESULTS.md and docs/architecture.md). Netlify's bundler still packages
// the result, so routes (`config.path`) and the runtime are Netlify's own.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

export const FUNCTIONS_SRC = path.join('netlify', 'functions');
export const FUNCTIONS_DIST = 'functions-dist';

/**
 * zod's `z` namespace carries every language's error messages (`z.locales`): about 265 KB of a
 * typical function's 650 KB bundle, kept because the namespace is one object, though only English
 * (zod's default, registered by its schemas module) is ever used. Here zod's locales index
 * resolves to English alone, so each bundle is smaller and imports faster (docs/architecture.md).
 * Should zod move its files, the filter stops matching and the bundles are only bigger again.
 */
const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]/.test(args.importer)
        ? {
            path: path.resolve(args.resolveDir, '../locales/index.js'),
            namespace: 'zod-english-only',
          }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: path.dirname(args.path),
    }));
  },
};

/** Bundles every function of `projectRoot` into `outDir` (default functions-dist/). Returns their names. */
export async function bundleFunctions(
  projectRoot: string,
  outDir = path.join(projectRoot, FUNCTIONS_DIST),
): Promise<string[]> {
  const src = path.join(projectRoot, FUNCTIONS_SRC);
  const names = (await readdir(src)).filter((f) => /\.m?ts$/.test(f) && !f.endsWith('.d.ts'));
  await rm(outDir, { recursive: true, force: true });
  await build({
    entryPoints: names.map((f) => path.join(src, f)),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: false,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    minify: true,
    // Packages written as CommonJS (bcryptjs) call require(): give the ES module one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
    plugins: [zodEnglishOnly],
  });
  return names.map((f) => f.replace(/\.m?ts$/, ''));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const names = await bundleFunctions(process.cwd());
  console.log(`bundled ${names.length} functions into ${FUNCTIONS_DIST}/`);
}
