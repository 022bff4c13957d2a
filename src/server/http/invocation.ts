import { AsyncLocalStorage } from 'node:async_hooks';

/** What a function invocation lends to code deep inside it. */
export interface Invocation {
  /** Netlify's `context.waitUntil`: keeps the invocation alive for work after the response. */
  waitUntil?: (promise: Promise<unknown>) => void;
  /** The origin the request came to (links in mail fall back to it when URL is not set). */
  origin?: string;
}

const current = new AsyncLocalStorage<Invocation>();

/** Runs a handler with its invocation in reach of `afterResponse`. */
export const withInvocation = <T>(invocation: Invocation, fn: () => T): T =>
  current.run(invocation, fn);

/**
 * Starts work the caller's answer must not wait for (delivering mail). The invocation is kept alive
 * until it settles; its failure is logged, never thrown at the caller, which already answered.
 * Without an invocation (a script) the work simply runs on.
 */
export function afterResponse(what: string, work: () => Promise<unknown>): void {
  const promise = work().catch((error: unknown) =>
    console.error(`${what} failed:`, error instanceof Error ? error.message : error),
  );
  current.getStore()?.waitUntil?.(promise);
}

/**
 * An absolute address on this site for links in mail: under `URL` (the site's main address, which
 * Netlify sets and the local platform too), else the origin the current request came to.
 */
export function siteUrl(path: string): string {
  const base = process.env.URL || current.getStore()?.origin;
  if (!base) throw new Error('The site address is unknown: set URL');
  return new URL(path, base).href;
}
