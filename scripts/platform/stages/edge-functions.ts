import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'smol-toml';
import { URLPattern } from 'urlpattern-polyfill';
import { clientIp, functionRequest, writeResponse } from '../function-call';
import type { Stage } from '../pipeline';
import { invocationWork, type BackgroundWork } from '../wait-until';

/** What Netlify hands an edge function besides the request (the parts this site uses). */
export interface EdgeContext {
  ip: string;
  next: () => Promise<Response>;
  waitUntil: (promise: Promise<unknown>) => void;
}
type EdgeHandler = (req: Request, context: EdgeContext) => Promise<Response | undefined>;

interface EdgeRoute {
  name: string;
  pattern: URLPattern;
  handler: EdgeHandler;
}

/** Numbers each load, so that every platform gets modules of its own. */
let loads = 0;

/**
 * The edge functions netlify.toml declares ([[edge_functions]] function + path), loaded from
 * netlify/edge-functions, matched as Netlify's edge bundler matches them (URLPattern paths), in
 * the order declared. Netlify runs a site's edge functions apart from any other site's: each
 * platform imports its own instance of each module (the query makes it another module), so sites
 * that share a process, as test sites do, never share what a module keeps (the download counter
 * keeps its signing secret per host, and a new site can be given a port a closed one had).
 */
export async function loadEdgeFunctions(projectRoot: string): Promise<EdgeRoute[]> {
  const instance = ++loads;
  const toml = parse(await readFile(path.join(projectRoot, 'netlify.toml'), 'utf8')) as {
    edge_functions?: { function: string; path: string }[];
  };
  const routes: EdgeRoute[] = [];
  for (const declared of toml.edge_functions ?? []) {
    const file = path.join(projectRoot, 'netlify', 'edge-functions', `${declared.function}.ts`);
    const mod = (await import(`${pathToFileURL(file).href}?platform=${instance}`)) as {
      default: EdgeHandler;
    };
    routes.push({
      name: declared.function,
      pattern: new URLPattern({ pathname: declared.path }),
      handler: mod.default,
    });
  }
  return routes;
}

export interface EdgeStageDeps {
  /** The platform's own address: `context.next()` asks it for what comes after the edge. */
  selfUrl: string;
  /** The origin the function sees in `req.url` (see visitedOrigin). */
  origin: (req: IncomingMessage) => string;
  background: BackgroundWork;
  log: (line: string) => void;
}

/**
 * Netlify's edge functions, which run before anything else answers: a matching function gets the
 * request and `context.next()`, the answer the rest of the platform would give (asked for over
 * HTTP with a token that lets it past this stage), and its `waitUntil` work outlives the answer.
 * Only requests without a body reach them here: the site routes only file downloads to the edge.
 */
export function edgeFunctionsStage(routes: EdgeRoute[], deps: EdgeStageDeps): Stage {
  const passed = randomBytes(12).toString('hex');
  return {
    name: 'edge functions (netlify.toml)',
    async handle({ req, res, url, method }) {
      if (req.headers['x-local-edge-passed'] === passed) return false;
      if (method !== 'GET' && method !== 'HEAD') return false;
      const route = routes.find((r) => r.pattern.test({ pathname: url.pathname }));
      if (!route) return false;
      const request = functionRequest(req, url, deps.origin(req), undefined);
      const work = invocationWork(deps.log);
      const next = () => {
        const headers = new Headers(request.headers);
        headers.set('x-local-edge-passed', passed);
        // fetch unpacks a compressed answer but keeps its Content-Encoding, and asks for one
        // when the request names no encoding: ask for the file as it is.
        headers.set('accept-encoding', 'identity');
        return fetch(new URL(url.pathname + url.search, deps.selfUrl), {
          method,
          headers,
          redirect: 'manual',
        });
      };
      let answer: Response | undefined;
      try {
        answer = await route.handler(request, {
          ip: clientIp(req),
          next,
          waitUntil: work.waitUntil,
        });
      } finally {
        deps.background.track(work.settled());
      }
      if (!answer) return false;
      await writeResponse(res, answer, method);
      return true;
    },
  };
}
