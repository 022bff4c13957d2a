/**
 * The processes the local platform's builds run in. Loading Astro, Vite and their plugins took
 * about a second of every four-second build; a process that stays up between builds loads them
 * once and is warm for the next (`astro-build-worker.mjs`). Each build still runs alone in its
 * process with only the environment it is given, and into an output folder of its own.
 *
 * Processes are shared by every platform in this process (a test worker starts one site after
 * another), one build at a time each: a build that finds none idle starts another, so builds of two
 * sites still run side by side. What is read only once, when a process starts or a module first
 * loads (NODE_OPTIONS, NODE_ENV), is part of what makes a process fit a build: a build whose values
 * differ gets a process started with its own. A process that failed a build, or has run
 * `MAX_BUILDS`, is stopped rather than reused: a failure never leaves state behind for the next
 * build, and what builds leave in memory (each imports its own pre-render bundle, which Node cannot
 * unload) stays bounded: a process held about 1 GB after its first build and 1.8 GB after its
 * tenth. One left idle for `IDLE_MS` is stopped too, so `npm start` holds none of that between an
 * editor's saves.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASTRO_NODE_OPTIONS } from '../astro-build';

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'astro-build-worker.mjs');
const MAX_BUILDS = 10;
const IDLE_MS = 60_000;

export interface BuildResult {
  ok: boolean;
  /** What the build printed (its last 200 writes), as `astro build` would have shown it. */
  output: string;
  /** Why a failed build failed, in a line (its error's message and causes). */
  error?: string;
}

interface Worker {
  child: ChildProcess;
  /** The project root, NODE_OPTIONS and NODE_ENV it was started with: only builds with the same may use it. */
  fits: string;
  builds: number;
  /** What the process wrote outside a build's own capture (a crash's message), last lines only. */
  stderr: string[];
  /** Stops the process once it has waited IDLE_MS for a build. */
  idleTimer?: NodeJS.Timeout;
  /** While it waits: takes it off the idle list should it exit. */
  onIdleExit?: () => void;
}

const idle: Worker[] = [];

// NODE_ENV belongs here too: React picks its development or production build when first loaded
// and keeps it, so a process that built without it (a production build, as the page-cache test
// runs) would render a later development build's jsxDEV calls with production React and fail.
const fitting = (root: string, env: Record<string, string>) =>
  `${root}\0${env.NODE_OPTIONS ?? ''}\0${env.NODE_ENV ?? ''}`;

function start(root: string, env: Record<string, string>): Promise<Worker> {
  const child = fork(WORKER, [], {
    cwd: root,
    env,
    execArgv: ASTRO_NODE_OPTIONS,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const worker: Worker = { child, fits: fitting(root, env), builds: 0, stderr: [] };
  const note = (text: string) => {
    worker.stderr.push(text);
    if (worker.stderr.length > 50) worker.stderr.shift();
  };
  child.stderr!.on('data', (b: Buffer) => note(b.toString()));
  // A process that cannot be started or reached: its exit (which follows) ends the build, saying why.
  child.on('error', (error) => note(`${error.message}\n`));
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      // Node prints an error that stopped it before the source line and stack: `Error: why`.
      const why = /^\w*Error\b.*$/m.exec(worker.stderr.join(''))?.[0];
      reject(
        new Error(
          `The build command stopped as it started (${signal ?? `exit code ${code}`})${why ? `: ${why}` : ''}`,
        ),
      );
    };
    child.once('exit', onExit);
    child.once('message', () => {
      child.off('exit', onExit);
      resolve(worker);
    });
  });
}

/** Lets this process exit while `worker` waits for a build (and holds it again when one comes). */
function hold(worker: Worker, held: boolean) {
  const method = held ? 'ref' : 'unref';
  worker.child[method]();
  (worker.child.channel as { ref(): void; unref(): void } | undefined)?.[method]();
  (worker.child.stderr as unknown as { ref(): void; unref(): void } | null)?.[method]();
}

function stop(worker: Worker) {
  worker.child.removeAllListeners();
  // Nothing waits on it any more: an error from a process being stopped is of no consequence.
  worker.child.on('error', () => {});
  worker.child.kill();
}

/** Runs `astro build` in `root` with exactly `env`, in a warm process when one is idle. */
export async function runAstroBuild(
  root: string,
  buildEnv: NodeJS.ProcessEnv,
): Promise<BuildResult> {
  const env = Object.fromEntries(
    Object.entries(buildEnv).filter((e): e is [string, string] => e[1] !== undefined),
  );
  const index = idle.findIndex((w) => w.fits === fitting(root, env));
  let worker: Worker;
  try {
    worker = index >= 0 ? idle.splice(index, 1)[0]! : await start(root, env);
  } catch (error) {
    return { ok: false, output: (error as Error).message, error: (error as Error).message };
  }
  clearTimeout(worker.idleTimer);
  if (worker.onIdleExit) worker.child.off('exit', worker.onIdleExit);
  hold(worker, true);
  const result = await new Promise<BuildResult>((resolve) => {
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      resolve({
        ok: false,
        output: `${worker.stderr.join('')}\nThe build process stopped (${signal ?? `exit code ${code}`}).`,
      });
    };
    worker.child.once('exit', onExit);
    worker.child.once('message', (reply: BuildResult) => {
      worker.child.off('exit', onExit);
      resolve(reply);
    });
    worker.child.send({ root, env });
  });
  worker.builds++;
  if (result.ok && worker.builds < MAX_BUILDS && worker.child.exitCode === null) {
    hold(worker, false);
    idle.push(worker);
    const retire = () => {
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      stop(worker);
    };
    worker.idleTimer = setTimeout(retire, IDLE_MS).unref();
    // One the system ends while it waits (out of memory, say) is never handed the next build: its
    // exit has passed, so that build would wait for an answer forever.
    worker.onIdleExit = () => {
      clearTimeout(worker.idleTimer);
      retire();
    };
    worker.child.once('exit', worker.onIdleExit);
  } else stop(worker);
  return result;
}
