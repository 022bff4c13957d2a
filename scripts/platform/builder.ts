import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StaticSite } from './static';

export interface BuilderOptions {
  projectRoot: string;
  buildsDir: string;
  env: NodeJS.ProcessEnv;
  log: (line: string) => void;
  /** Quiet time after the last request before a build starts. */
  debounceMs?: number;
  onFailure?: (message: string) => Promise<void> | void;
}

/**
 * Local stand-in for Netlify's build-on-hook: builds into a fresh folder in a child process
 * (the server's event loop stays free), then swaps the new folder in at once; the old build
 * serves until then. Requests during a build coalesce into one follow-up build.
 */
export class Builder {
  site: StaticSite | null = null;
  building: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private again = false;
  builds = 0;
  failures = 0;
  /** The environment builds run with (the Blobs context among it). */
  env: NodeJS.ProcessEnv;

  constructor(private opts: BuilderOptions) {
    this.env = { ...opts.env };
  }

  /** Serves the last good build from an earlier run, if there is one. */
  async restore(): Promise<boolean> {
    const id = await readFile(path.join(this.opts.buildsDir, 'current'), 'utf8').catch(() => '');
    if (!id.trim()) return false;
    const dir = path.join(this.opts.buildsDir, id.trim());
    const site = await new StaticSite(dir).init();
    if (!(await readdir(dir).catch(() => null))) return false;
    this.site = site;
    return true;
  }

  /** Asks for a build after the debounce; calls during a build schedule exactly one more. */
  request(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, this.opts.debounceMs ?? 600);
  }

  /** Builds now (or after the running build) and resolves when the new build is live. */
  async run(): Promise<void> {
    if (this.building) {
      this.again = true;
      return this.building;
    }
    this.building = this.buildOnce().finally(() => {
      this.building = null;
    });
    await this.building;
    if (this.again) {
      this.again = false;
      await this.run();
    }
  }

  private async buildOnce(): Promise<void> {
    const id = `build-${Date.now()}`;
    const outDir = path.join(this.opts.buildsDir, id);
    await mkdir(this.opts.buildsDir, { recursive: true });
    const started = Date.now();
    this.opts.log(`building the site (${id})…`);
    const astroBin = path.join(this.opts.projectRoot, 'node_modules', 'astro', 'bin', 'astro.mjs');
    const output: string[] = [];
    const code = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, [astroBin, 'build'], {
        cwd: this.opts.projectRoot,
        env: { ...this.env, ASTRO_OUT_DIR: outDir, ASTRO_CACHE_DIR: path.join(this.opts.buildsDir, 'cache'), ASTRO_TELEMETRY_DISABLED: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (b: Buffer) => {
        output.push(b.toString());
        if (output.length > 200) output.shift();
      };
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      child.on('close', (c) => resolve(c ?? 1));
      child.on('error', () => resolve(1));
    });
    this.builds++;
    if (code !== 0) {
      this.failures++;
      const tail = output.join('').split('\n').filter(Boolean).slice(-15).join('\n');
      this.opts.log(`build failed; the previous build keeps serving.\n${tail}`);
      await rm(outDir, { recursive: true, force: true });
      await this.opts.onFailure?.(`The build failed: ${tail.split('\n').slice(-3).join(' ')}`);
      return;
    }
    this.site = await new StaticSite(outDir).init();
    await writeFile(path.join(this.opts.buildsDir, 'current'), id);
    this.opts.log(`site rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await this.prune(id);
  }

  /** Keeps the live build and the one before it. */
  private async prune(keep: string): Promise<void> {
    const entries = (await readdir(this.opts.buildsDir)).filter((e) => e.startsWith('build-') && e !== keep).sort();
    for (const old of entries.slice(0, -1)) await rm(path.join(this.opts.buildsDir, old), { recursive: true, force: true });
  }

  /** Waits for pending and running builds. */
  async idle(): Promise<void> {
    while (this.timer || this.building) {
      if (this.building) await this.building;
      else await new Promise((r) => setTimeout(r, 50));
    }
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
