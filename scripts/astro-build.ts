// How every build runs `astro build`: Netlify's build command (scripts/build.ts) and the local
// platform's builder start it the same way.
import path from 'node:path';

/**
 * The Node arguments that run `astro build` in `root`. Rendering thousands of pages allocates
 * short-lived strings quickly; with V8's default young generation (16 MB semi-spaces) a build of
 * 10,000 publications spent about a tenth of its time collecting them, and 64 MB made the whole
 * build 7-8% faster (`npm run bench:build`, same machine, runs alternated).
 */
export const astroBuildArgv = (root: string): string[] => ['--max-semi-space-size=64', path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'), 'build'];
