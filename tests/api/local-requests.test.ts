import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../../scripts/local-env';
import { client, createTestUser, startTestSite, type TestSite } from '../helpers/platform';
import { rawRequest } from '../helpers/raw-request';

// How the local platform hands requests to functions: odd methods, the loopback
// names it answers on, and which header rules reach function answers. Netlify is the reference.
let site: TestSite;
let port: string;

beforeAll(async () => {
  site = await startTestSite();
  port = new URL(site.url).port;
  await createTestUser('looper', 'looper-password-123', true);
}, 120_000);
afterAll(async () => {
  await site?.close();
});

const signIn = (host: string, origin: string) =>
  rawRequest(`http://127.0.0.1:${port}/api/auth/login`, {
    headers: { Host: host, Origin: origin, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'looper', password: 'looper-password-123' }),
  });

describe('methods a function never gets', () => {
  it('TRACE on /api/* answers 405 with Allow, as JSON, and the server keeps answering', async () => {
    for (const p of ['/api/site-settings', '/api/events', '/api/auth/me']) {
      const res = await rawRequest(`${site.url}${p}`, { method: 'TRACE' });
      expect(res.status, p).toBe(405);
      expect(res.headers.allow, p).toMatch(/GET/);
      expect(res.json?.message, p).toMatch(/not allowed/);
    }
    expect((await client(site.url).get('/api/site-settings')).status).toBe(200);
  });

  it('CONNECT gets a 405 with Allow, not a dropped connection', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write(`CONNECT /api/site-settings HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toMatch(/\r\nAllow: GET/);
    expect((await client(site.url).get('/api/site-settings')).status).toBe(200);
  });

  it('another method a route does not take answers 405 with that route’s Allow', async () => {
    const res = await rawRequest(`${site.url}/api/site-settings`, { method: 'PROPFIND' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, PATCH');
  });
});

describe('signing in on a loopback name the server answers on', () => {
  it('works from http://127.0.0.1:<port> as from http://localhost:<port>', async () => {
    for (const name of ['127.0.0.1', 'localhost']) {
      const res = await signIn(`${name}:${port}`, `http://${name}:${port}`);
      expect(res.status, name).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/mi_session=/);
    }
  });

  it('stays strict: another site, a name mixed with another, or another port is cross-site', async () => {
    for (const [host, origin] of [
      [`127.0.0.1:${port}`, 'http://evil.example'],
      [`localhost:${port}`, `http://127.0.0.1:${port}`],
      [`127.0.0.1:${port}`, `http://localhost:${port}`],
      [`127.0.0.1:${port}`, `http://127.0.0.1:${Number(port) + 1}`],
      [`evil.example`, 'http://evil.example'],
    ]) {
      const res = await signIn(host!, origin!);
      expect(res.status, `${host} / ${origin}`).toBe(403);
      expect(res.json?.message).toBe('Cross-site requests are not allowed');
    }
  });
});

describe('_headers rules', () => {
  // A finished build whose _headers matches every path, API paths included; Netlify applies
  // such rules to files it serves, never to function answers.
  let pages: TestSite;
  beforeAll(async () => {
    const { rm } = await import('node:fs/promises');
    const { startPlatform } = await import('../../scripts/platform');
    const root = path.resolve(import.meta.dirname, '../..');
    const dataDir = await scratchDir('headers-test-');
    const build = path.join(dataDir, 'builds', 'fake-build');
    await mkdir(build, { recursive: true });
    await writeFile(
      path.join(build, 'index.html'),
      '<!doctype html><title>Home</title><p>Home</p>',
    );
    await writeFile(
      path.join(build, '_headers'),
      '/*\n  X-Header-Rule: every-path\n  Cache-Control: public, max-age=600\n/api/*\n  X-Api-Rule: api\n',
    );
    await writeFile(path.join(dataDir, 'builds', 'current'), 'fake-build');
    const platform = await startPlatform({
      projectRoot: root,
      dataDir,
      pages: true,
      log: () => {},
    });
    pages = {
      url: platform.url,
      platform,
      dataDir,
      close: async () => (
        await platform.close(),
        await rm(dataDir, { recursive: true, force: true })
      ),
    };
  }, 120_000);
  afterAll(async () => {
    await pages?.close();
  });

  it('apply to the files served, not to function answers', async () => {
    const home = await fetch(`${pages.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('x-header-rule')).toBe('every-path');

    for (const p of ['/api/site-settings', '/api/no-such-endpoint']) {
      const res = await fetch(`${pages.url}${p}`);
      expect(res.headers.get('content-type'), p).toMatch(/application\/json/);
      expect(res.headers.get('x-header-rule'), p).toBeNull();
      expect(res.headers.get('x-api-rule'), p).toBeNull();
      expect(res.headers.get('cache-control'), p).not.toBe('public, max-age=600');
    }
  });
});
