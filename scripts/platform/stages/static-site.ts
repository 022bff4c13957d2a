import type { Builder } from '../builder';
import type { Stage } from '../pipeline';

/**
 * The live build's files, as Netlify's CDN serves them (StaticSite applies `_redirects` where no
 * file answers, and `_headers`); only GET and HEAD, and a self-reloading page until a first build is live.
 */
export function staticSiteStage(builder: Builder): Stage {
  return {
    name: 'static site (_redirects, _headers)',
    async handle({ req, res, url, method }) {
      if (method !== 'GET' && method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return true;
      }
      if (!builder.site) {
        res.writeHead(503, {
          'Content-Type': 'text/html; charset=utf-8',
          'Retry-After': '5',
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'no-store',
        });
        res.end(
          '<!doctype html><meta http-equiv="refresh" content="3"><title>Building…</title><p>The site is being built. This page reloads by itself.</p>',
        );
        return true;
      }
      await builder.site.serve(req, res, url.pathname);
      return true;
    },
  };
}
