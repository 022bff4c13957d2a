import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './rehearsal';

// `npm start` on a fresh data folder: what it prints is what a newcomer follows, so the printed
// address must serve the demo site and the printed sign-in must work.
// The folder lies beside the checkout, with a name that starts with the checkout's (<dir>/site and
// <dir>/site-data): such a DATA_DIR once made every build fail, as Astro's "is the output inside
// the project?" check is a string prefix and it wrote its pre-render bundle there, where react
// cannot be resolved. (data-dir-layouts.test.ts builds with a DATA_DIR elsewhere.)
let child: ChildProcess | null = null;
let dataDir = '';
afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGINT');
    await new Promise((r) => child!.once('close', r));
  }
  await rm(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('prints the site address and a sign-in that work, over a fresh store with demo content', async () => {
    dataDir = await mkdtemp(`${ROOT}-data-`);
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', DATA_DIR: dataDir };
    delete env.ADMIN_USERNAME;
    delete env.ADMIN_PASSWORD;
    delete env.NETLIFY_BLOBS_CONTEXT;
    child = spawn(
      process.execPath,
      [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/start.ts'],
      { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
    const banner = await new Promise<string>((resolve, reject) => {
      child!.stdout!.on('data', (b: Buffer) => {
        out += b.toString();
        if (/Site:.*\n.*Sign in:.*\n/.test(out)) resolve(out);
      });
      child!.once('close', (code) => reject(new Error(`npm start stopped (${code}):\n${out}`)));
    });

    const site = /Site:\s+(http:\/\/\S+?)\/?\s/.exec(banner)?.[1];
    const signIn = /Sign in:\s+(\S+) : sign in as (\S+) with password (\S+)/.exec(banner);
    expect(site, banner).toBeTruthy();
    expect(signIn, banner).toBeTruthy();
    expect(signIn![1]).toBe(`${site}/login`);

    const home = await fetch(`${site}/`);
    expect(home.status).toBe(200);
    const { DEMO } = await import('../../src/server/content/demo-content');
    expect(await home.text()).toContain(DEMO.settings.contactLocation);
    expect((await fetch(signIn![1]!)).status).toBe(200);

    const login = await fetch(`${site}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: site! },
      body: JSON.stringify({ username: signIn![2], password: signIn![3] }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    expect(await login.json()).toMatchObject({ username: signIn![2], isAdmin: true });
  });
});
