import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What Netlify hands a function besides the request (the parts this site uses). */
export interface FnInvocation {
  params: Record<string, string>;
  ip: string;
  requestId: string;
  waitUntil: (promise: Promise<unknown>) => void;
}

type FnHandler = (req: Request, context: FnInvocation) => Promise<Response>;

interface FnRoute {
  name: string;
  pattern: string[];
  methods: string[] | null;
  handler: FnHandler;
  /** A background function (see background-call.ts): answered 202 at once, run after. */
  background: boolean;
}

/** Netlify runs a function in the background when its name ends in -background (or its config says so). */
export const isBackgroundFunction = (name: string, config: { background?: unknown }) =>
  name.endsWith('-background') || config.background === true;

/** A scheduled function: Netlify runs it on its cron `schedule` (UTC) and gives it no URL. */
export interface ScheduledFn {
  name: string;
  schedule: string;
  handler: FnHandler;
}

/**
 * Loads every Netlify function (v2) under `dir` and routes requests by its `config.path`, as
 * Netlify does; functions with `config.schedule` are listed apart, unreachable by URL.
 */
export async function loadFunctions(dir: string) {
  const files = (await readdir(dir)).filter((f) => /\.(ts|mts|js|mjs)$/.test(f)).sort();
  const routes: FnRoute[] = [];
  const scheduled: ScheduledFn[] = [];
  for (const file of files) {
    const mod = await import(pathToFileURL(path.join(dir, file)).href);
    const config = mod.config ?? {};
    if (typeof config.schedule === 'string') {
      scheduled.push({
        name: file.replace(/\.(ts|mts|js|mjs)$/, ''),
        schedule: config.schedule,
        handler: mod.default,
      });
      continue;
    }
    // Without config.path Netlify serves a function at /.netlify/functions/<name> (event functions too).
    const fallback = `/.netlify/functions/${file.replace(/\.(ts|mts|js|mjs)$/, '')}`;
    const paths: string[] = Array.isArray(config.path)
      ? config.path
      : config.path
        ? [config.path]
        : [fallback];
    const methods = config.method
      ? [config.method].flat().map((m: string) => m.toUpperCase())
      : null;
    const background = isBackgroundFunction(file.replace(/\.(ts|mts|js|mjs)$/, ''), config);
    for (const p of paths)
      routes.push({
        name: file,
        pattern: p.split('/').filter(Boolean),
        methods,
        handler: mod.default,
        background,
      });
  }
  // Literal segments win over :params, as on Netlify (/api/events/upcoming before /api/events/:id).
  const weight = (r: FnRoute) =>
    r.pattern.map((s) => (s.startsWith(':') ? 1 : s === '*' ? 2 : 0)).join('');
  routes.sort((a, b) => weight(a).localeCompare(weight(b)));

  function match(
    pathname: string,
    method: string,
  ): { route: FnRoute; params: Record<string, string> } | null {
    const segments = pathname.split('/').filter(Boolean);
    for (const route of routes) {
      if (route.methods && !route.methods.includes(method)) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < route.pattern.length && ok; i++) {
        const want = route.pattern[i]!;
        if (want === '*') {
          params['0'] = segments.slice(i).join('/');
          return { route, params };
        }
        const got = segments[i];
        if (got === undefined) ok = false;
        else if (want.startsWith(':')) params[want.slice(1)] = safeDecode(got);
        else ok = want === got;
      }
      if (ok && segments.length === route.pattern.length) return { route, params };
    }
    return null;
  }

  return { routes, match, scheduled };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
