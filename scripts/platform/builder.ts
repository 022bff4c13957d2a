import { randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runBuildPlugins } from './build-plugins';
import { clearStaging, stageBuild } from './build-staging';
import { runAstroBuild } from './build-workers';
import { StaticSite } from './static';

/** A deploy as Netlify's deploy event functions receive it (the fields this site reads). */
export interface Deploy {
  id: string;
  site_id: string;
  state: 'building' | 'ready' | 'error';
  error_message: string | null;
  created_at: string;
}
export type DeployEventName = 'deploy-building' | 'deploy-succeeded' | 'deploy-failed';

export interface BuilderOptions {
  projectRoot: string;
  buildsDir: string;
  /** The build command's environment, before the plugins hand it anything. */
  env: NodeJS.ProcessEnv;
  /** The Blobs context Netlify gives a build's plugins (read-only for site-wide stores). */
  pluginBlobsContext: (deployId: string) => string;
  /** Called with the deploy id of the build that goes live (also of one restored at start). */
  onLive?: (deployId: string) => void;
  siteId: string;
  log: (line: string) => void;
  /** Quiet time after the last request before a build starts. */
  debounceMs?: number;
  /** Delivers a deploy event to the event function of that name, as Netlify does. */
  onDeployEvent: (event: DeployEventName, deploy: Deploy) => Promise<void>;
}

/** A finished build: its folder under buildsDir, its deploy id and the pages it serves. */
export interface LiveBuild {
  id: string;
  deployId: string;
  site: StaticSite;
}

/**
 * Local stand-in for Netlify's build-on-hook: fires deploy-building, runs the build plugins, then
 * `astro build` into a fresh folder in a warm child process (./build-workers.ts; the server's
 * event loop stays free) with only the environment the plugins handed it, swaps the new folder
 * in at once (the old build serves until then) and fires deploy-succeeded, or deploy-failed with
 * the reason. Requests during a build coalesce into one follow-up build.
 */
export class Builder {
  /** The build being served. */
  private live: LiveBuild | null = null;
  /** Builds pruning leaves in place (see `keepLive`). */
  private kept = new Set<string>();
  building: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** The build that follows the running one, once a call asked for it. */
  private followUp: Promise<void> | null = null;
  /** The removal of old builds after the last one went live (never rejects). */
  private pruning: Promise<void> | null = null;
  builds = 0;
  failures = 0;
  /** Why the last failed build failed (its output's tail), for a test that must say why. */
  lastFailure: string | null = null;
  /** The environment builds run with (the Blobs context among it). */
  env: NodeJS.ProcessEnv;

  constructor(private opts: BuilderOptions) {
    // As on Netlify, the build command has no Blobs context of its own.
    const { NETLIFY_BLOBS_CONTEXT: _none, ...env } = opts.env;
    this.env = env;
  }

  /** Serves the last good build from an earlier run, if there is one. */
  async restore(): Promise<boolean> {
    const id = await readFile(path.join(this.opts.buildsDir, 'current'), 'utf8').catch(() => '');
    if (!id.trim()) return false;
    const dir = path.join(this.opts.buildsDir, id.trim());
    const site = await new StaticSite(dir).init();
    if (!(await readdir(dir).catch(() => null))) return false;
    const deployId = (
      await readFile(path.join(this.opts.buildsDir, 'current-deploy'), 'utf8').catch(() => '')
    ).trim();
    this.live = { id: id.trim(), deployId, site };
    if (deployId) this.opts.onLive?.(deployId);
    return true;
  }

  /**
   * The build being served, kept from pruning so that `serve` can put it back later. Browser tests
   * keep their site's first build: after a test whose rebuilds changed the pages, the next test
   * meets the pages every test starts from, without a build to undo the changes.
   */
  keepLive(): LiveBuild | null {
    if (this.live) this.kept.add(this.live.id);
    return this.live;
  }

  /** Serves a kept build again, as a deploy rollback on Netlify does. */
  async serve(build: LiveBuild): Promise<void> {
    if (!this.kept.has(build.id)) throw new Error(`Build ${build.id} was not kept`);
    await this.goLive(build);
  }

  /** The pages being served. */
  get site(): StaticSite | null {
    return this.live?.site ?? null;
  }

  /** Serves `build` at once, and records it as the one a restart serves (`restore`). */
  private async goLive(build: LiveBuild): Promise<void> {
    this.live = build;
    this.opts.onLive?.(build.deployId);
    await writeFile(path.join(this.opts.buildsDir, 'current'), build.id);
    await writeFile(path.join(this.opts.buildsDir, 'current-deploy'), build.deployId);
  }

  /**
   * While set, a hook call starts no build: it is held until `release()`. Browser tests hold their
   * site's builds, so a save that no test reads back as a page costs no build while other tests
   * run; a test that waits for a page to go live releases them.
   */
  hold = false;
  private held = false;

  /** Asks for a build after the debounce; calls during a build schedule exactly one more. */
  request(): void {
    if (this.hold) {
      this.held = true;
      return;
    }
    this.debounce();
  }

  /**
   * Starts the build that held hook calls asked for, at once: each call came after its save was
   * stored, so the build reads every save held so far, and the quiet time would only keep the
   * waiting test idle. A save whose call comes later is held again and gets a build of its own.
   */
  release(): void {
    if (!this.held) return;
    void this.run();
  }

  private debounce(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, this.opts.debounceMs ?? 600);
  }

  /**
   * Builds now, or right after the running build, and resolves when a build that started after
   * this call has ended. A build starting now reads the content as it is, so it also answers a
   * debounced request made before it: that request is dropped rather than building twice. The
   * running build may have read the content before this call, so a call during it waits for one
   * follow-up build, which every call made meanwhile shares.
   */
  run(): Promise<void> {
    this.cancel();
    this.held = false;
    if (!this.building) return this.start();
    this.followUp ??= this.building
      .catch(() => undefined)
      .then(() => {
        this.followUp = null;
        // A call made between the two builds may have started one already; it covers this one too.
        return this.building ?? this.start();
      });
    return this.followUp;
  }

  private start(): Promise<void> {
    const build = this.buildOnce().finally(() => {
      if (this.building === build) this.building = null;
    });
    this.building = build;
    return build;
  }

  private async buildOnce(): Promise<void> {
    // The last build's pruning clears the staging folder this build is about to use.
    await this.pruning;
    const id = `build-${Date.now()}`;
    const outDir = path.join(this.opts.buildsDir, id);
    const started = Date.now();
    // A deploy id shaped as Netlify's (24 hex digits): the Blobs client refuses any other for a
    // deploy store, which the build writes its report of left-out records to.
    const deployId = randomBytes(12).toString('hex');
    const deploy: Deploy = {
      id: deployId,
      site_id: this.opts.siteId,
      state: 'building',
      error_message: null,
      created_at: new Date(started).toISOString(),
    };
    await this.opts.onDeployEvent('deploy-building', deploy);
    this.opts.log(`building the site (${id})…`);
    let pluginEnv: Record<string, string>;
    try {
      pluginEnv = await runBuildPlugins(this.opts.projectRoot, {
        ...this.env,
        NETLIFY_BLOBS_CONTEXT: this.opts.pluginBlobsContext(deployId),
      });
    } catch (error) {
      return this.failed(deploy, outDir, error instanceof Error ? error.message : String(error));
    }
    const { stagingDir, astroOutDir } = await stageBuild(
      this.opts.projectRoot,
      this.opts.buildsDir,
      id,
    );
    const { ok, output, error } = await runAstroBuild(this.opts.projectRoot, {
      ...this.env,
      ...pluginEnv,
      ASTRO_OUT_DIR: astroOutDir,
      ASTRO_CACHE_DIR: path.join(this.opts.buildsDir, 'cache'),
      ASTRO_TELEMETRY_DISABLED: '1',
    }).finally(() => rm(astroOutDir, { force: true }));
    if (!ok) {
      await rm(stagingDir, { recursive: true, force: true });
      const tail = output.split('\n').filter(Boolean).slice(-15).join('\n');
      return this.failed(deploy, outDir, error ?? tail.split('\n').slice(-3).join(' '), tail);
    }
    await rename(stagingDir, outDir);
    this.builds++;
    await this.goLive({ id, deployId, site: await new StaticSite(outDir).init() });
    this.opts.log(`site rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await this.opts.onDeployEvent('deploy-succeeded', { ...deploy, state: 'ready' });
    // The new build is live: removing the one before last is housekeeping, which Netlify's deploys
    // have none of, so no one waits for it but the next build and `idle`. At 10,000 publications
    // it removes some 100,000 files, seconds after the site is already serving the new pages.
    this.pruning = this.prune(id).catch((error: Error) =>
      this.opts.log(`could not remove old builds: ${error.message}`),
    );
  }

  private async failed(
    deploy: Deploy,
    outDir: string,
    reason: string,
    detail = reason,
  ): Promise<void> {
    this.builds++;
    this.failures++;
    this.lastFailure = detail;
    this.opts.log(`build failed; the previous build keeps serving.\n${detail}`);
    await rm(outDir, { recursive: true, force: true });
    await this.opts.onDeployEvent('deploy-failed', {
      ...deploy,
      state: 'error',
      error_message: reason,
    });
  }

  /** Keeps the live build, the one before it and the kept ones. */
  private async prune(keep: string): Promise<void> {
    const entries = (await readdir(this.opts.buildsDir))
      .filter((e) => e.startsWith('build-') && e !== keep && !this.kept.has(e))
      .sort();
    for (const old of entries.slice(0, -1))
      await rm(path.join(this.opts.buildsDir, old), { recursive: true, force: true });
    // One build runs at a time and this one has moved out of staging.
    await clearStaging(this.opts.projectRoot, this.opts.buildsDir);
  }

  /** Waits for pending and running builds, and for the old builds they leave to be removed. */
  async idle(): Promise<void> {
    while (this.timer || this.building || this.followUp) {
      if (this.followUp || this.building) await (this.followUp ?? this.building);
      else await new Promise((r) => setTimeout(r, 50));
    }
    await this.pruning;
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
