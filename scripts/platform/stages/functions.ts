import type { LocalCdnCache } from '../cdn-cache';
import type { FnHandler } from '../function-call';
import type { Stage } from '../pipeline';

type Match = {
  route: { handler: FnHandler; background: boolean };
  params: Record<string, string>;
} | null;

/**
 * Functions by their `config.path`, behind the CDN cache: a cached answer is served without
 * calling the function. Netlify invokes event functions itself, with a signature it checks: they
 * are not reachable from outside, so nothing under /.netlify/ reaches a function here.
 */
export function functionsStage(opts: {
  match: (pathname: string, method: string) => Match;
  cdn: LocalCdnCache;
  call: (
    request: Parameters<Stage['handle']>[0],
    route: { handler: FnHandler; background: boolean },
    params: Record<string, string>,
  ) => Promise<void>;
}): Stage {
  return {
    name: 'functions (behind the CDN cache)',
    async handle(request) {
      const { url, method, res } = request;
      if (url.pathname.startsWith('/.netlify/')) return false;
      const matched = opts.match(url.pathname, method);
      if (!matched) return false;
      if (!opts.cdn.serve(method, url, res))
        await opts.call(request, matched.route, matched.params);
      return true;
    },
  };
}
