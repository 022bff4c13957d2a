import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Header } from '@netlify/headers-parser';
import { requestedRange, UNSATISFIABLE } from './byte-range';
import { headersFor, readHeadersFile } from './headers-file';
import { readRedirectsFile, type RedirectRule } from './redirects-file';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.ics': 'text/calendar; charset=utf-8',
  '.ris': 'application/x-research-info-systems',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg)/;

interface CachedFile {
  body: Buffer;
  type: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * Serves one built site folder the way Netlify's CDN does: pretty URLs, `_headers` rules,
 * 404.html for unknown paths, ETags, compression and single byte ranges. Files are cached in memory per folder,
 * so swapping in a new build is just pointing a new StaticSite at the new folder.
 */
export class StaticSite {
  private cache = new Map<string, CachedFile | null>();
  private rules: Header[] = [];
  private redirects = new Map<string, RedirectRule>();

  constructor(readonly root: string) {}

  async init(): Promise<this> {
    this.rules = await readHeadersFile(path.join(this.root, '_headers'));
    this.redirects = await readRedirectsFile(path.join(this.root, '_redirects'));
    return this;
  }

  private async load(file: string): Promise<CachedFile | null> {
    if (this.cache.has(file)) return this.cache.get(file)!;
    let entry: CachedFile | null = null;
    try {
      if ((await stat(file)).isFile()) {
        const body = await readFile(file);
        entry = {
          body,
          type: TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
          etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
        };
      }
    } catch {
      entry = null;
    }
    this.cache.set(file, entry);
    return entry;
  }

  /** Resolves a URL path to a file in the build, or null. */
  private async resolve(pathname: string): Promise<{ file: CachedFile; path: string } | null> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const rel = path.posix.normalize(decoded).replace(/^(\.\.(\/|$))+/, '');
    // Netlify reads its rule files but never serves them.
    if (rel === '/_headers' || rel === '/_redirects') return null;
    const candidates = rel.endsWith('/')
      ? [`${rel}index.html`]
      : [rel, `${rel}/index.html`, `${rel}.html`];
    for (const c of candidates) {
      const abs = path.join(this.root, c);
      if (!abs.startsWith(this.root + path.sep) && abs !== this.root) continue;
      const file = await this.load(abs);
      if (file) return { file, path: c };
    }
    return null;
  }

  /**
   * Answers a GET that asks for one byte range (byte-range.ts) with that part of the file as it is,
   * never compressed (a range of compressed bytes is a range of something the client never sees
   * whole), or 416; true when answered. Only GET has ranges (RFC 9110): HEAD and every other
   * answer ignore the header. An `If-Range` that names another version than this one (or a date:
   * no Last-Modified is sent to compare it with) gets the whole file, so a resumed download never
   * joins parts of two versions.
   */
  private servePart(req: IncomingMessage, res: ServerResponse, file: CachedFile): boolean {
    if (req.method !== 'GET' || req.headers.range === undefined) return false;
    const ifRange = req.headers['if-range'];
    if (ifRange !== undefined && ifRange !== file.etag) return false;
    const size = file.body.length;
    const range = requestedRange(req.headers.range, size);
    if (range === null) return false;
    if (range === UNSATISFIABLE) {
      res.setHeader('Content-Range', `bytes */${size}`);
      res.setHeader('Content-Length', 0);
      res.writeHead(416).end();
      return true;
    }
    const part = file.body.subarray(range.start, range.end + 1);
    res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
    res.setHeader('Content-Length', part.length);
    res.writeHead(206).end(part);
    return true;
  }

  /** Answers a GET/HEAD for a page or asset; true when handled. */
  async serve(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    let found = await this.resolve(pathname);
    let status = 200;
    // A `_redirects` rule applies only where no file answers the path (Netlify's shadowing).
    const redirect = found
      ? undefined
      : this.redirects.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
    if (redirect) {
      res
        .writeHead(redirect.status, {
          Location: redirect.to,
          'Cache-Control': 'public, max-age=0, must-revalidate',
        })
        .end();
      return;
    }
    if (!found) {
      found = await this.resolve('/404.html');
      status = 404;
    }
    if (!found) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const { file } = found;
    for (const [k, v] of headersFor(this.rules, pathname)) res.setHeader(k, v);
    if (!res.hasHeader('Cache-Control'))
      res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
    res.setHeader('Content-Type', file.type);
    res.setHeader('ETag', file.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    if (status === 200 && req.headers['if-none-match'] === file.etag) {
      res.writeHead(304).end();
      return;
    }
    if (status === 200 && this.servePart(req, res, file)) return;
    let body = file.body;
    const accept = String(req.headers['accept-encoding'] ?? '');
    if (COMPRESSIBLE.test(file.type) && body.length > 512) {
      if (/\bbr\b/.test(accept)) {
        file.br ??= brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
        body = file.br;
        res.setHeader('Content-Encoding', 'br');
      } else if (/\bgzip\b/.test(accept)) {
        file.gzip ??= gzipSync(body, { level: 9 });
        body = file.gzip;
        res.setHeader('Content-Encoding', 'gzip');
      }
    }
    res.setHeader('Content-Length', body.length);
    res.writeHead(status);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}
