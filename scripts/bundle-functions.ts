// npm run build:functions — bundles each netlify/functions/*.ts into one tree-shaken ES module in
// functions-dist/, the folder netlify.toml hands to Netlify's bundler.
//
// Why: Netlify bundles v2 functions with its own bundler (nft), which leaves every npm package as
// separate files, and zod alone pulls in every locale, so module loading dominated each cold
// start. One esbuild bundle per function drops what is unused and loads much faster (figures in
// bench/RESULTS.md and docs/architecture.md). Netlify's bundler still packages
// the result, so routes (`config.path`) and the runtime are Netlify's own.
//
// Each function is a folder: `<name>/bundle.mjs`, the bundle, and `<name>/<name>.mjs`, the file
// Netlify packages, which holds the function's `config` as a literal and re-exports the bundle's
// handler. Netlify reads a function's in-source config by parsing its file with Babel; parsing
// every bundle whole (some 20 MB of minified code) was most of the packaging's time in each deploy
// (docs/architecture.md). The config is read here from the function's source, which must write it
// as a literal, as Netlify requires of in-source config anyway.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import ts from 'typescript';

export const FUNCTIONS_SRC = path.join('netlify', 'functions');
export const FUNCTIONS_DIST = 'functions-dist';
/** The bundle's file in each function's folder; the packaged entry re-exports it. */
const BUNDLE_FILE = 'bundle.mjs';

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
    entryNames: `[name]/${BUNDLE_FILE.replace(/\.mjs$/, '')}`,
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
  const functions = names.map((f) => f.replace(/\.m?ts$/, ''));
  await Promise.all(
    names.map(async (file, i) => {
      const name = functions[i]!;
      const config = inSourceConfig(await readFile(path.join(src, file), 'utf8'), file);
      await writeFile(path.join(outDir, name, `${name}.mjs`), entryFile(config, file));
    }),
  );
  return functions;
}

/** The file Netlify packages for a function: its config, and the bundle as an included file. */
function entryFile(config: Record<string, unknown>, file: string): string {
  if ('includedFiles' in config)
    throw new Error(`${file}: \`includedFiles\` is the build's to set (it names the bundle)`);
  const packaged = { ...config, includedFiles: [BUNDLE_FILE] };
  return [
    `// Netlify packages this file with ${BUNDLE_FILE} (scripts/bundle-functions.ts says why).`,
    `export { default } from './${BUNDLE_FILE}';`,
    `export const config = ${JSON.stringify(packaged)};`,
    '',
  ].join('\n');
}

/**
 * The value of `export const config = …` in a function's source, or {} when it has none (the
 * deploy event functions are named, not routed). Only literals: anything else throws, naming the
 * file, as Netlify's own reading of the config would fail on it.
 */
export function inSourceConfig(source: string, file: string): Record<string, unknown> {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  for (const statement of tree.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const d of statement.declarationList.declarations) {
      if (!ts.isIdentifier(d.name) || d.name.text !== 'config' || !d.initializer) continue;
      const value = literal(d.initializer, tree, file);
      if (!value || typeof value !== 'object' || Array.isArray(value))
        throw new Error(`${file}: \`config\` must be an object literal`);
      return value as Record<string, unknown>;
    }
  }
  return {};
}

function literal(node: ts.Expression, tree: ts.SourceFile, file: string): unknown {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isParenthesizedExpression(node)
  )
    return literal(node.expression, tree, file);
  if (ts.isArrayLiteralExpression(node)) return node.elements.map((e) => literal(e, tree, file));
  if (ts.isObjectLiteralExpression(node)) {
    return Object.fromEntries(
      node.properties.map((p) => {
        if (ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)))
          return [p.name.text, literal(p.initializer, tree, file)];
        throw notLiteral(p, tree, file);
      }),
    );
  }
  throw notLiteral(node, tree, file);
}

const notLiteral = (node: ts.Node, tree: ts.SourceFile, file: string) =>
  new Error(
    `${file}: \`config\` must be written with literals only (Netlify reads it without running the code): ${node.getText(tree)}`,
  );

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const names = await bundleFunctions(process.cwd());
  console.log(`bundled ${names.length} functions into ${FUNCTIONS_DIST}/`);
}
