// @ts-check
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import contentStoreCheck from './src/integrations/content-store-check.ts';
import pageCache from './src/integrations/page-cache.ts';
import previewPages from './src/integrations/preview-pages.ts';
import searchIndex from './src/integrations/search-index.ts';
import setupCode from './src/integrations/setup-code.ts';
import { AFTER_PAINT_SCRIPT, FONTS_LATER_SCRIPT } from './src/lib/after-paint.ts';
import { EARLY_TAP_SCRIPT } from './src/lib/early-tap.ts';
import { OFF_SITE_IMAGE_SOURCES } from './src/schemas/image-source.ts';
import { createHash } from 'node:crypto';

const search = searchIndex();

// `astro dev` only: Netlify's Vite plugin serves netlify/functions and an emulated Blobs store.
const isDev = process.argv.includes('dev');
const devPlugins = isDev
  ? [
      (await import('@netlify/vite-plugin')).default({
        edgeFunctions: { enabled: false },
        images: { enabled: false },
        geolocation: { enabled: false },
        aiGateway: { enabled: false },
        database: { enabled: false },
      }),
    ]
  : [];

// Analytics hosts are only allowed when a measurement id is configured.
const analytics = process.env.PUBLIC_GA_MEASUREMENT_ID
  ? {
      script: ['https://www.googletagmanager.com'],
      connect: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
      // gtag falls back to an image request where it cannot send a beacon.
      img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
    }
  : { script: [], connect: [], img: [] };

// Images come from this site (uploads, /images, and the image CDN at /.netlify/images), plus the
// two off-site hosts the spec itself asks for: the video service's thumbnail address
// (img.youtube.com, by video id) and LinkedIn's media host for a fetched profile photo (one list,
// which saves and renders check too: src/schemas/image-source.ts). data: is the two-factor QR
// code on My account.
const IMG_SRC = ["'self'", 'data:', ...OFF_SITE_IMAGE_SOURCES];

// Every page is pre-rendered from the content store at build time (no SSR function, no
// adapter: @astrojs/netlify would force a server build with a catch-all function);
// /api/* is Netlify Functions.
export default defineConfig({
  site: process.env.URL || 'http://localhost:8888',
  output: 'static',
  // The local platform builds into a fresh folder per build and swaps it in atomically.
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  // Per data folder, so builds of separate local sites (e.g. parallel test runs) never share a cache.
  cacheDir: process.env.ASTRO_CACHE_DIR || './node_modules/.astro',
  trailingSlash: 'ignore',
  // Pages and images render a few at a time: while one waits (sharp encoding a PNG on libuv's
  // threads, a cache file read), the next renders. Output is the same; the build is shorter.
  build: { concurrency: 4 },
  // The search index starts once the preview pages have left the output and indexes while the
  // page cache puts back the unchanged pages (it reads the cache's copies, not the output); it is
  // waited for last (src/integrations/search-index.ts).
  integrations: [
    react(),
    contentStoreCheck(),
    previewPages(),
    search.start,
    pageCache(),
    setupCode(),
    search.finish,
  ],
  vite: {
    plugins: [tailwindcss(), ...devPlugins],
    // Code that loads together reaches the browser as one file rather than the several the
    // bundler would cut it into, since one file compresses smaller than its parts each on their
    // own: React's runtime (every island needs all of it) and the public islands' shared parts
    // (the forms' state, fields, notes, buttons and toasts, the spinner, the hydration switch). A group also takes in what its modules
    // import, so the API client and Vite's preload helper, which first views load without any
    // form, keep files of their own.
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                    priority: 3,
                  },
                  { name: 'api', test: /src[\\/]lib[\\/]api\.ts$/, priority: 2 },
                  { name: 'preload-helper', test: /preload-helper/, priority: 2 },
                  {
                    name: 'forms',
                    test: /src[\\/]components[\\/](ui[\\/](use-action\.ts|FormField\.tsx|toast\.ts|Button\.tsx|styles\.ts|Spinner\.tsx|use-hydrated\.ts)|islands[\\/](use-schema-form\.ts|FormNotes\.tsx))$/,
                    priority: 1,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
  devToolbar: { enabled: false },
  // Hash-based CSP for Astro's own inline scripts (no 'unsafe-inline' scripts). Styles allow
  // inline because the toast library injects its stylesheet at run time. frame-ancestors
  // cannot live in a <meta> policy: it is sent as a header from public/_headers.
  security: {
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        /** @type {`img-src${string}`} */ (`img-src ${[...IMG_SRC, ...analytics.img].join(' ')}`),
        "font-src 'self'",
        /** @type {`connect-src${string}`} */ (
          `connect-src 'self' ${analytics.connect.join(' ')}`.trim()
        ),
        'frame-src https://www.youtube-nocookie.com https://www.youtube.com',
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
      ],
      // The three inline scripts every page gets (src/lib/after-paint.ts, early-tap.ts), allowed by
      // their hash.
      scriptDirective: {
        resources: ["'self'", ...analytics.script],
        hashes: [FONTS_LATER_SCRIPT, EARLY_TAP_SCRIPT, AFTER_PAINT_SCRIPT].map(
          (code) =>
            /** @type {`sha256-${string}`} */ (
              `sha256-${createHash('sha256').update(code).digest('base64')}`
            ),
        ),
      },
      styleDirective: { resources: ["'self'", "'unsafe-inline'"] },
    },
  },
});
