/// <reference types="astro/client" />
/**
 * /fonts/<name>.woff2: the site's two variable fonts (Latin) at fixed addresses, for the pages
 * outside Astro (public/coming-soon.html), which cannot know the hashed /_astro/ names. The bytes
 * come from the same npm packages the pages use, inlined by Vite at build time.
 */
import type { APIRoute, GetStaticPaths } from 'astro';
import fraunces from '@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?inline';
import inter from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?inline';

const FONTS: Record<string, string> = { inter, fraunces };

export const getStaticPaths = (() =>
  Object.keys(FONTS).map((font) => ({ params: { font } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ params }) => {
  const dataUrl = FONTS[params.font!]!;
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  return new Response(bytes, { headers: { 'Content-Type': 'font/woff2' } });
};
