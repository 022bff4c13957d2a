// The site `npm run bench` measures: built and started by scripts/start.ts in a child process, on a
// scratch data folder, with the bench's admin signed in; and stopped, its data removed.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT, scratchDir } from '../local-env';

const admin = { username: 'bench-admin', password: 'bench-password-123' };

/** The started site: its address, the API (as the admin with `cookie`), and its stop. */
export type BenchSite = Awaited<ReturnType<typeof startSite>>;

export async function startSite() {
  const dataDir = await scratchDir('bench-');
  const child = spawn(
    process.execPath,
    [path.join(PROJECT_ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts'],
    {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        PORT: process.env.BENCH_PORT || '0',
        DATA_DIR: dataDir,
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        PUBLIC_POST_LIMIT: '0',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  // The site picks a free port and prints it.
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => {
      const found = /Site:\s+(http:\/\/\S+?)\/?\s/.exec(b.toString());
      if (found) resolve(found[1]!);
    });
    child.on('close', (c) => reject(new Error(`the site stopped (${c})`)));
  });
  const stop = async () => {
    child.kill('SIGINT');
    await new Promise((r) => child.once('close', r));
    await rm(dataDir, { recursive: true, force: true });
  };

  async function api(method: string, p: string, body?: unknown, cookie = '') {
    const res = await fetch(url + p, {
      method,
      headers: { 'content-type': 'application/json', cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: await res.json().catch(() => null), headers: res.headers };
  }
  const login = await api('POST', '/api/auth/login', admin);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const waitLive = async (timeoutMs = 600_000) => {
    const start = Date.now();
    await new Promise((r) => setTimeout(r, 1500)); // let the debounce fire
    for (;;) {
      const s = (await api('GET', '/api/admin/publish', undefined, cookie)).json;
      if (s?.state === 'live' || s?.state === 'failed' || Date.now() - start > timeoutMs) return s;
      await new Promise((r) => setTimeout(r, 250));
    }
  };

  return { url, dataDir, cookie, api, waitLive, stop };
}
