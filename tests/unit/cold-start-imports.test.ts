import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

// A cold start pays for every module a function loads before it answers. The public GETs must not
// load the heavy libraries only sign-in or uploads need: their code may reach them only through
// `await import()`, which runs on the request that needs it. Bundled with code splitting, what a
// function imports statically is its entry chunk plus the chunks that chunk imports; dynamic
// imports become separate chunks that load later. No timing here: the bench measures that.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HEAVY = ['bcryptjs', 'jose', 'file-type'];

async function loadedAtImport(fn: string): Promise<Set<string>> {
  const { metafile } = await build({
    entryPoints: [path.join(ROOT, 'netlify', 'functions', `${fn}.ts`)],
    absWorkingDir: ROOT,
    outdir: path.join(ROOT, '.data', 'tmp', 'import-graph'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const outputs: Metafile['outputs'] = metafile.outputs;
  const entry = Object.keys(outputs).find((o) => outputs[o]!.entryPoint)!;
  const seen = new Set<string>();
  const visit = (out: string) => {
    if (seen.has(out)) return;
    seen.add(out);
    for (const i of outputs[out]!.imports)
      if (i.kind === 'import-statement' && !i.external) visit(i.path);
  };
  visit(entry);
  const packages = new Set<string>();
  for (const out of seen) {
    for (const input of Object.keys(outputs[out]!.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
      if (pkg) packages.add(pkg);
    }
  }
  return packages;
}

describe('what a function loads before it answers', () => {
  it.each([
    'events',
    'team-members',
    'publications',
    'stats',
    'research-areas',
    'site-settings',
    'testimonials',
    'uploads',
  ])(
    'the public GET %s loads neither bcryptjs, jose nor file-type',
    async (fn) => {
      const loaded = await loadedAtImport(fn);
      expect(loaded.has('zod'), 'the graph is read (zod is always there)').toBe(true);
      for (const heavy of HEAVY) expect(loaded.has(heavy), heavy).toBe(false);
    },
    30_000,
  );

  it('the check sees a heavy library where one is loaded at import (sign-in needs bcrypt and jose)', async () => {
    const loaded = await loadedAtImport('auth-login');
    expect(loaded.has('bcryptjs')).toBe(true);
    expect(loaded.has('jose')).toBe(true);
  }, 30_000);
});
