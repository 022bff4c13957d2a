// How every build runs `astro build`: Netlify's build command (scripts/build.ts) as a process of its
// own, the local platform's builder in the warm processes of scripts/platform/build-workers.ts; both
// with the same Node options.
import path from 'node:path';

/**
 * The Node options every `astro build` runs with. Rendering thousands of pages allocates
 * short-lived strings quickly, and V8's default young generation (16 MB semi-spaces) spends a
 * noticeable share of a large build collecting them; 64 MB semi-spaces make large builds faster
 * (measured with `npm run bench:build`: docs/architecture.md, Decisions).
 */
export const ASTRO_NODE_OPTIONS = ['--max-semi-space-size=64'];

/** The Node arguments that run `astro build` in `root` as a process of its own. */
export const astroBuildArgv = (root: string): string[] => [
  ...ASTRO_NODE_OPTIONS,
  path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'),
  'build',
];
