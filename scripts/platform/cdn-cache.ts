import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Netlify's CDN cache for function answers, as the local platform plays it: a GET answer whose
 * `Netlify-CDN-Cache-Control` allows public caching is kept by its full URL (Netlify's default
 * cache key, query string included) until Netlify's purge API drops it by tag. Like Netlify, the
 * Netlify-only headers are stripped before the answer leaves and `Cache-Status` tells hit from miss.
 * Entries expire after the rule's s-maxage (a year for most answers: every change must reach readers
 * through a purge, so a missing purge shows up locally instead of hiding behind a short lifetime).
 */

/** Where purgeCache() posts, relative to its apiURL (see @netlify/functions' purge_cache). */
export const PURGE_API_PATH = '/api/v1/purge';

interface Entry {
  status: number;
  headers: [string, string][];
  body: Buffer;
  tags: string[];
  expires: number;
  /** What the entry holds in memory, its key included (see sizeOf). */
  size: number;
}

/**
 * Bytes an entry holds: its URL key, body, headers and tags. Counting the body alone let answers
 * with empty bodies under long distinct URLs (`?pad=xxxx…`) pile up without bound.
 */
const sizeOf = (key: string, entry: Omit<Entry, 'size'>) =>
  Buffer.byteLength(key) +
  entry.body.length +
  entry.headers.reduce((n, [k, v]) => n + k.length + v.length, 0) +
  entry.tags.reduce((n, t) => n + t.length, 0);

const NETLIFY_ONLY = [
  'netlify-cdn-cache-control',
  'netlify-cache-tag',
  'cache-tag',
  'netlify-vary',
];

/** How long a CDN rule lets an answer be kept: s-maxage, else max-age (0: not at all). */
const lifetimeSeconds = (rule: string) =>
  Number(/\bs-maxage=(\d+)/i.exec(rule)?.[1] ?? /\bmax-age=(\d+)/i.exec(rule)?.[1] ?? 0);

function cacheable(response: Response): boolean {
  const rule = response.headers.get('netlify-cdn-cache-control');
  if (response.status !== 200 || !rule) return false;
  if (/\b(private|no-store|no-cache)\b/i.test(rule)) return false;
  if (response.headers.has('set-cookie')) return false;
  return lifetimeSeconds(rule) > 0;
}

const tagsOf = (response: Response) =>
  [response.headers.get('netlify-cache-tag'), response.headers.get('cache-tag')]
    .flatMap((v) => (v ?? '').split(','))
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * What the local cache may hold, keys and answers. Netlify's CDN evicts as it needs to; without a
 * bound here, every distinct query string a visitor sends (`/api/stats?x=1`, `?x=2`, …) would stay
 * in memory until the process ran out of it. The oldest entries go first.
 */
export const MAX_CACHE_BYTES = 32 * 1024 * 1024;

export class LocalCdnCache {
  private entries = new Map<string, Entry>();
  private bytes = 0;
  /** Answers served from the cache and answers that went to the function. */
  hits = 0;
  misses = 0;
  /** Purge requests accepted (tests check that writes purge). */
  purges = 0;

  constructor(
    private readonly purgeToken: string,
    /** The bound above; a test gives a small one to reach it in a few entries. */
    private readonly maxBytes = MAX_CACHE_BYTES,
  ) {}

  /** Serves a cached answer for a GET/HEAD; false when there is none (the function must run). */
  serve(method: string, url: URL, res: ServerResponse): boolean {
    if (method !== 'GET' && method !== 'HEAD') return false;
    const entry = this.entries.get(url.href);
    if (!entry) return false;
    if (entry.expires <= Date.now()) {
      this.drop(url.href);
      return false;
    }
    this.hits++;
    res.writeHead(
      entry.status,
      Object.fromEntries([...entry.headers, ['cache-status', '"Netlify Edge"; hit']]),
    );
    res.end(method === 'HEAD' ? undefined : entry.body);
    return true;
  }

  /** Keeps a cacheable GET answer and returns what the client gets: Netlify-only headers stripped. */
  async keep(method: string, url: URL, response: Response): Promise<Response> {
    const headers = new Headers(response.headers);
    for (const name of NETLIFY_ONLY) headers.delete(name);
    if (method !== 'GET' || !cacheable(response))
      return new Response(response.body, { status: response.status, headers });
    this.misses++;
    const body = Buffer.from(await response.arrayBuffer());
    const kept: [string, string][] = [];
    headers.forEach((v, k) => kept.push([k, v]));
    const seconds = lifetimeSeconds(response.headers.get('netlify-cdn-cache-control') ?? '');
    this.drop(url.href);
    const entry = {
      status: response.status,
      headers: kept,
      body,
      tags: tagsOf(response),
      expires: Date.now() + seconds * 1000,
    };
    const size = sizeOf(url.href, entry);
    this.entries.set(url.href, { ...entry, size });
    this.bytes += size;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
    headers.set('cache-status', '"Netlify Edge"; fwd=miss; stored');
    return new Response(body, { status: response.status, headers });
  }

  /** Drops entries carrying any of `tags`, or every entry without tags (a whole-site purge). */
  purge(tags?: string[]): void {
    this.purges++;
    for (const [url, entry] of this.entries) {
      if (!tags?.length || entry.tags.some((t) => tags.includes(t))) this.drop(url);
    }
  }

  /** Bytes held now, keys and answers (tests check the bound). */
  get heldBytes(): number {
    return this.bytes;
  }

  private drop(url: string): void {
    const entry = this.entries.get(url);
    if (!entry) return;
    this.entries.delete(url);
    this.bytes -= entry.size;
  }

  /** Netlify's purge API as purgeCache() calls it: POST JSON {cache_tags?}, bearer token required. */
  async handlePurgeApi(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const reply = (status: number, body: string) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
    if (req.method !== 'POST') return void reply(405, '{"message":"Method not allowed"}');
    if (req.headers.authorization !== `Bearer ${this.purgeToken}`)
      return void reply(401, '{"message":"Unauthorized"}');
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    let payload: { cache_tags?: unknown };
    try {
      payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return void reply(400, '{"message":"Invalid JSON"}');
    }
    const tags = payload.cache_tags;
    if (tags !== undefined && !(Array.isArray(tags) && tags.every((t) => typeof t === 'string')))
      return void reply(400, '{"message":"cache_tags must be strings"}');
    this.purge(tags as string[] | undefined);
    reply(202, '');
  }
}
