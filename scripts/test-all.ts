// npm test: every suite (see the order at the end), each counted in one closing line "N passed, N failed";
// prints each suite's time at the end and exits non-zero on any failure.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { requireChromium } from './chromium';
import { PROJECT_ROOT } from './local-env';

const bin = (name: string) => path.join(PROJECT_ROOT, 'node_modules', '.bin', name);

/**
 * Runs a command to its end. With `quiet`, its output is held and printed in one piece when it
 * ends, so commands that run side by side do not interleave their lines.
 */
const run = (
  cmd: string,
  argv: string[],
  opts: { env?: NodeJS.ProcessEnv; quiet?: boolean } = {},
) =>
  new Promise<number>((resolve) => {
    const child = spawn(cmd, argv, {
      cwd: PROJECT_ROOT,
      stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...opts.env },
    });
    const held: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => held.push(b));
    child.stderr?.on('data', (b: Buffer) => held.push(b));
    child.on('close', (code) => {
      if (held.length) process.stdout.write(Buffer.concat(held));
      resolve(code ?? 1);
    });
  });
const readJson = async (file: string) => JSON.parse(await readFile(file, 'utf8').catch(() => '{}'));

const out = await mkdtemp(path.join(tmpdir(), 'test-results-'));

interface Tally {
  passed: number;
  failed: number;
  /** What failed, a line each ("file › test: first line of the error"), repeated at the very end. */
  failures?: string[];
}
/** One test file in Vitest's JSON report. */
interface SuiteResult {
  name: string;
  status: string;
  message?: string;
  assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
}
/** A spec in Playwright's JSON report, and the suites that hold specs. */
interface PlaywrightSuite {
  file?: string;
  specs?: {
    title: string;
    ok: boolean;
    line: number;
    tests?: { results?: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

/** The first line of an error message, without colour codes, short enough to read in a CI log. */
const firstLine = (message = '') =>
  message
    .replace(/\u001b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')[0]!
    .slice(0, 200);
const relative = (file: string) => path.relative(PROJECT_ROOT, file) || file;

/** A suite runs and says how many of its checks passed and failed. */
type Suite = { name: string; run: () => Promise<Tally> };

/** A command that is one check: it passes when it exits 0. Its output comes in one piece. */
const gate = (name: string, cmd: string, argv: string[]): Suite => ({
  name,
  run: async () =>
    (await run(cmd, argv, { quiet: true })) === 0
      ? { passed: 1, failed: 0 }
      : { passed: 0, failed: 1 },
});

/**
 * Vitest projects (vitest.config.ts), counted test by test. With `coverage`, the run also reports
 * coverage and fails below the config's thresholds (counted as one more failure).
 */
const vitest = (
  name: string,
  projects: string[],
  opts: { coverage?: boolean; quiet?: boolean } = {},
): Suite => ({
  name,
  run: async () => {
    const file = path.join(out, `vitest-${projects.join('-')}.json`);
    const selected = projects.flatMap((p) => ['--project', p]);
    const coverage = opts.coverage ? ['--coverage'] : [];
    const code = await run(
      bin('vitest'),
      [
        'run',
        ...selected,
        ...coverage,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${file}`,
      ],
      { quiet: opts.quiet },
    );
    const v = await readJson(file);
    const results = (v.testResults ?? []) as SuiteResult[];
    const failures = results.flatMap((r) =>
      (r.assertionResults ?? [])
        .filter((a) => a.status === 'failed')
        .map((a) => `${relative(r.name)} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`),
    );
    // A file whose setup failed fails none of its tests (they are skipped): count it once.
    const broken = results.filter(
      (r) => r.status === 'failed' && !r.assertionResults?.some((a) => a.status === 'failed'),
    );
    for (const r of broken) failures.push(`${relative(r.name)}: ${firstLine(r.message)}`);
    const failed = failures.length;
    // Vitest also exits non-zero when coverage falls below a threshold; its lines say which.
    if (code !== 0 && !failed)
      failures.push(`${name} exited ${code} with every test passing (a coverage threshold?)`);
    return { passed: v.numPassedTests ?? 0, failed: failures.length, failures };
  },
});

const playwright: Suite = {
  name: 'browser (Playwright)',
  run: async () => {
    try {
      requireChromium('tests');
    } catch (e) {
      console.error(`\nBrowser tests: ${(e as Error).message}`);
      return { passed: 0, failed: 1 };
    }
    const file = path.join(out, 'playwright.json');
    const code = await run(bin('playwright'), ['test', '--reporter=list,json'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: file },
    });
    const p = await readJson(file);
    const failures: string[] = [];
    const walk = (suite: PlaywrightSuite, file?: string): void => {
      for (const spec of suite.specs ?? [])
        if (!spec.ok) {
          const error = spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.error)?.error;
          failures.push(
            `${file ?? suite.file}:${spec.line} › ${spec.title}: ${firstLine(error?.message)}`,
          );
        }
      for (const inner of suite.suites ?? []) walk(inner, file ?? suite.file);
    };
    for (const suite of (p.suites ?? []) as PlaywrightSuite[]) walk(suite);
    const unexpected = p.stats?.unexpected ?? 0;
    if (code !== 0 && !unexpected) failures.push(`Playwright exited ${code} with no test failing`);
    return {
      passed: (p.stats?.expected ?? 0) + (p.stats?.flaky ?? 0),
      failed: unexpected + (code !== 0 && !unexpected ? 1 : 0),
      failures,
    };
  },
};

/** The checks that only read the sources, each one thread. */
const STATIC_CHECKS: Suite[] = [
  // astro check type-checks every file tsconfig.json includes (.ts and .tsx as tsc would) and the
  // .astro components besides: one pass instead of tsc's and its own.
  gate('typecheck (astro check: .ts, .tsx, .astro)', bin('astro'), [
    'check',
    '--minimumFailingSeverity',
    'warning',
  ]),
  gate('lint (ESLint, zero warnings)', bin('eslint'), [
    '--max-warnings',
    '0',
    'src',
    'netlify',
    'scripts',
    'tests',
    'eslint.config.js',
  ]),
  // The one import-circle check (ESLint has none): dpdm follows type-only imports too.
  gate('import circles (dpdm)', 'npm', ['run', '--silent', 'lint:circles']),
  // One style for every file (.prettierrc.json); `npm run format` fixes what this finds.
  gate('formatting (Prettier)', bin('prettier'), ['--check', '--log-level', 'warn', '.']),
];
const REHEARSAL = vitest('deploy rehearsal (Netlify build, offline)', ['deploy'], { quiet: true });
const UNIT_AND_API = vitest('unit and API (Vitest)', ['unit', 'api'], { coverage: true });

/**
 * CPU-seconds this process and every child it (and they) waited for have used: Linux's cutime and
 * cstime gather a descendant's time when its parent reaps it. Divided by the wall time it says how
 * many cores the suite kept busy, which tells a run that computed from one that waited.
 */
const cpuSeconds = () => {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // Fields 14-17 of proc(5) (utime, stime, cutime, cstime), counted from the state at index 0.
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    return ticks / 100; // USER_HZ, which Linux fixes at 100 for these fields
  } catch {
    return NaN;
  }
};

/**
 * The whole machine's busy and total CPU ticks so far (/proc/stat's first line): beside the
 * suite's own figure above, it tells a suite that waited from one whose processes were not all
 * counted (a child that outlives its parent is reaped by init, and its time is lost to cutime),
 * and on a shared machine it shows what the neighbours took.
 */
const machineTicks = () => {
  try {
    const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const n = fields.map(Number);
    const total = n.reduce((a, b) => a + b, 0);
    // idle and iowait are the two fields of a core with nothing to run.
    return { busy: total - n[3]! - n[4]!, total };
  } catch {
    return null;
  }
};

const machineAtStart = machineTicks();
const started = Date.now();
let passed = 0;
let failed = 0;
const failures: string[] = [];
const times: string[] = [];
/** The whole machine's cores busy between two readings of machineTicks, as '1.84'. */
const coresBusy = (a: ReturnType<typeof machineTicks>, b: ReturnType<typeof machineTicks>) =>
  a && b ? (((b.busy - a.busy) / (b.total - a.total)) * availableParallelism()).toFixed(2) : '?';
const phaseLoads: string[] = [];
/** Runs `suite`, counting its checks and noting its time. */
async function runSuite(suite: Suite): Promise<void> {
  const t0 = Date.now();
  console.log(`\n=== ${suite.name} ===`);
  const t = await suite.run();
  passed += t.passed;
  failed += t.failed;
  if (t.failed && !t.failures?.length)
    failures.push(`${suite.name} failed (its output above says why)`);
  failures.push(...(t.failures ?? []));
  const line = `${suite.name}: ${t.passed} passed, ${t.failed} failed in ${((Date.now() - t0) / 1000).toFixed(0)} s`;
  times.push(line);
  console.log(`=== ${line} ===`);
}
/** Waits for `work` (suites just started) and notes how busy the machine was meanwhile. */
async function phase(name: string, work: Promise<unknown>): Promise<void> {
  const start = machineTicks();
  await work;
  phaseLoads.push(`${name}: ${coresBusy(start, machineTicks())}`);
}

/**
 * The static checks and the deploy rehearsal start together: the checks only read the sources and
 * each is one thread, and the rehearsal waits on its child processes much of the time, so neither
 * keeps both cores busy alone. The unit and API tests start when the checks are done, beside what
 * is left of the rehearsal (which would otherwise run on with a core idle). The browser tests run
 * alone, last: they keep both cores busy by themselves, and beside anything else they only get
 * slower (a keyboard drag test timed out there). The measurements are in docs/testing.md.
 */
const rehearsal = runSuite(REHEARSAL);
await phase('checks beside the rehearsal', Promise.all(STATIC_CHECKS.map(runSuite)));
await phase('unit and API beside the rest of it', Promise.all([runSuite(UNIT_AND_API), rehearsal]));
await phase('browser', runSuite(playwright));

const wall = (Date.now() - started) / 1000;
const cpu = cpuSeconds();
console.log(`\nSuite times (all: ${wall.toFixed(0)} s):`);
for (const line of times) console.log(`  ${line}`);
if (Number.isFinite(cpu)) {
  const busy = cpu / wall;
  console.log(
    `\nCPU time ${cpu.toFixed(0)} s / wall time ${wall.toFixed(0)} s = ${busy.toFixed(2)} of ${availableParallelism()} cores busy`,
  );
}
console.log(
  `Whole machine meanwhile: ${coresBusy(machineAtStart, machineTicks())} of ${availableParallelism()} cores busy (${phaseLoads.join(', ')}), every process counted, the suite's and any other`,
);
// Last, just above the count: a CI log that keeps only its tail still says what failed.
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
