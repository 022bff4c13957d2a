// How every build runs `astro build`: Netlify's build command (scripts/build.ts) as a process of its
// own, the local platform's builder in the warm processes of scripts/platform/build-workers.ts; both
// with the same Node options.
import path from 'node:path';

/**
 * The Node options every `astro build` runs with. Rendering thousands of pages allocates
 * short-lived strings quickly; with V8's default young generation (16 MB semi-spaces) a build of
 * 10,000 publications spent about a tenth of its time collecting them, and 64 MB made the whole
 * build 7-8% faster (`npm run bench:build`, same machine, runs alternated).
 */
export const ASTRO_NODE_OPTIONS = ['--max-semi-space-size=64'];

/** The Node arguments that run `astro build` in `root` as a process of its own. */
export const astroBuildArgv = (root: string): string[] => [
  ...ASTRO_NODE_OPTIONS,
  path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'),
  'build',
];
