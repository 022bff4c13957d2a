// @ts-check
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import publishState from './src/integrations/publish-state.ts';

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

// Every page is pre-rendered from the content store at build time (no SSR function, no
// adapter: @astrojs/netlify would force a server build with a catch-all function);
// /api/* is Netlify Functions.
export default defineConfig({
  site: process.env.URL || 'http://localhost:8888',
  output: 'static',
  // The local platform builds into a fresh folder per build and swaps it in atomically.
  outDir: process.env.ASTRO_OUT_DIR || './dist',
  trailingSlash: 'ignore',
  integrations: [react(), publishState()],
  vite: { plugins: [tailwindcss(), ...devPlugins] },
  devToolbar: { enabled: false },
});
