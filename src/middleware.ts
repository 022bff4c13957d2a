// Every page Astro renders (at build time: all of them are pre-rendered) leaves here shaped so it
// fetches nothing but itself before its first paint (src/lib/after-paint.ts).
import { defineMiddleware } from 'astro:middleware';
import { deferUntilPainted } from './lib/after-paint';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  return new Response(deferUntilPainted(await response.text()), response);
});
