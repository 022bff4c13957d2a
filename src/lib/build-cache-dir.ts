import path from 'node:path';

/**
 * Astro's cache folder of the running build (`cacheDir` in astro.config.mjs), or a folder in it:
 * where the build keeps what the next build may reuse (docs/architecture.md, "Build caches").
 * Netlify keeps it between builds through the content-store plugin; locally it lives in DATA_DIR.
 * Build-only: functions never read or write files.
 */
export const buildCacheDir = (...parts: string[]): string =>
  path.resolve(process.env.ASTRO_CACHE_DIR || './node_modules/.astro', ...parts);
