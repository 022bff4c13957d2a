import { lookup as dnsLookup } from 'node:dns/promises';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import { Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { readAtMost } from '../http/read-stream';

/** Resolves every address of a host name (node:dns/promises `lookup` with `all: true` by default). */
export type LookupFn = (hostname: string) => Promise<LookupAddress[]>;

/** The parts of an answer the safe fetch reads (a `Response` fits; so does LinkedIn's status 999). */
export interface FetchedResponse {
  status: number;
  headers: Headers;
  body: ReadableStream<Uint8Array> | null;
}

/**
 * One GET to `url`, connecting to `address`, the already-checked result of the lookup, and never
 * resolving the name again: a DNS answer that changes between check and connect cannot slip a
 * private address in. TLS still verifies the certificate against `url`'s host name.
 */
export type PinnedFetchFn = (
  url: URL,
  init: { address: string; family: number; signal: AbortSignal; headers: Record<string, string> },
) => Promise<FetchedResponse>;

/** Why a safe fetch failed: a hop was refused (host, scheme or address), or the upstream failed or timed out. */
export class SafeFetchError extends Error {
  constructor(
    readonly reason: 'refused' | 'upstream' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

/** True only for public unicast addresses: no private, loopback, link-local, unique-local, multicast, CGNAT, reserved or unspecified. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // process() turns IPv4-mapped IPv6 (::ffff:10.0.0.1) into the IPv4 it hides.
  return ipaddr.process(address).range() === 'unicast';
}

const defaultLookup: LookupFn = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

const defaultFetch: PinnedFetchFn = (url, { address, family, signal, headers }) =>
  new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: 'GET',
        headers,
        signal,
        // Connect to the checked address only; Node may ask for one address or for a list.
        lookup: (_host, options, callback) =>
          (options as { all?: boolean }).all
            ? (callback as (e: null, a: LookupAddress[]) => void)(null, [{ address, family }])
            : callback(null, address, family),
      },
      (res) => {
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of [value ?? []].flat()) out.append(name, v);
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: out,
          body: Readable.toWeb(res) as ReadableStream<Uint8Array>,
        });
      },
    );
    req.on('error', reject);
    req.end();
  });

/** Options of a safe fetcher; `lookup` and `fetch` are injectable so tests never touch the network. */
export interface SafeFetchOptions {
  /** Host names (lower-case) that may be contacted, on every hop. */
  allowHost: (hostname: string) => boolean;
  lookup?: LookupFn;
  fetch?: PinnedFetchFn;
  maxRedirects?: number;
  timeoutMs?: number;
  maxBytes?: number;
  headers?: Record<string, string>;
}

/** What a safe GET returns: the final status and URL and at most `maxBytes` of the body. */
export interface SafeResult {
  status: number;
  url: string;
  headers: Headers;
  body: Uint8Array;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Builds a GET that only reaches allowed https hosts on public addresses: every hop (redirects are
 * followed by hand) is re-checked by host name and by every address its name resolves to.
 */
export function createSafeFetch(options: SafeFetchOptions) {
  const lookup = options.lookup ?? defaultLookup;
  const fetchImpl = options.fetch ?? defaultFetch;
  const { maxRedirects = 3, timeoutMs = 5000, maxBytes = 1024 * 1024, headers = {} } = options;

  async function checkHop(url: URL, signal: AbortSignal): Promise<LookupAddress> {
    if (url.protocol !== 'https:')
      throw new SafeFetchError('refused', `Only https addresses are fetched (got ${url.protocol})`);
    if (url.username || url.password)
      throw new SafeFetchError('refused', 'Addresses with credentials are not fetched');
    if (url.port && url.port !== '443')
      throw new SafeFetchError('refused', 'Only the standard https port is fetched');
    if (!options.allowHost(url.hostname.toLowerCase()))
      throw new SafeFetchError('refused', `The host ${url.hostname} is not allowed`);
    let addresses: LookupAddress[];
    try {
      addresses = await withSignal(lookup(url.hostname), signal);
    } catch (error) {
      if (error instanceof SafeFetchError) throw error;
      throw new SafeFetchError('upstream', `Could not resolve ${url.hostname}`);
    }
    if (addresses.length === 0)
      throw new SafeFetchError('upstream', `Could not resolve ${url.hostname}`);
    // Every address must be public: a name answering one public and one private address is refused.
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad)
      throw new SafeFetchError('refused', `${url.hostname} resolves to a non-public address`);
    return addresses[0]!;
  }

  return async function safeGet(input: string | URL): Promise<SafeResult> {
    const signal = AbortSignal.timeout(timeoutMs);
    let url = new URL(input);
    for (let hop = 0; ; hop++) {
      const target = await checkHop(url, signal);
      let res: FetchedResponse;
      try {
        res = await fetchImpl(url, {
          address: target.address,
          family: target.family,
          signal,
          headers,
        });
      } catch (error) {
        throw signal.aborted
          ? new SafeFetchError('timeout', 'The remote site did not answer in time')
          : new SafeFetchError('upstream', `The request to ${url.hostname} failed`);
      }
      if (!REDIRECTS.has(res.status)) {
        try {
          return {
            status: res.status,
            url: url.href,
            headers: res.headers,
            body: await readCapped(res.body, maxBytes, signal),
          };
        } catch (error) {
          if (error instanceof SafeFetchError) throw error;
          throw new SafeFetchError('upstream', `The answer from ${url.hostname} broke off`);
        }
      }
      await res.body?.cancel().catch(() => {});
      const location = res.headers.get('location');
      if (!location)
        throw new SafeFetchError('upstream', 'The remote site redirected without a location');
      if (hop >= maxRedirects)
        throw new SafeFetchError('upstream', 'The remote site redirected too many times');
      try {
        url = new URL(location, url);
      } catch {
        throw new SafeFetchError('upstream', 'The remote site redirected to an invalid address');
      }
    }
  };
}

/** Rejects when the signal fires first (DNS lookups cannot be aborted themselves). */
function withSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted)
    return Promise.reject(new SafeFetchError('timeout', 'The remote site did not answer in time'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () =>
      reject(new SafeFetchError('timeout', 'The remote site did not answer in time'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Reads at most `max` bytes, then stops: the rest is not downloaded. */
async function readCapped(
  body: ReadableStream<Uint8Array> | null,
  max: number,
  signal: AbortSignal,
): Promise<Uint8Array> {
  if (!body) return new Uint8Array();
  return (await readAtMost(body, max, (read) => withSignal(read, signal))).bytes;
}
