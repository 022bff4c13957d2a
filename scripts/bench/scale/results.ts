// What `npm run bench:scale` writes to bench/scale-results.json (rendered into the "Scale" section
// of bench/RESULTS.md by report.ts), and the last run's file, which a one-part run adds to.
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../local-env';
import type { AdminBrowserFigures } from '../admin-browser';
import type { SIZES } from './options';

export const RESULTS_JSON = path.join(PROJECT_ROOT, 'bench/scale-results.json');

export type Kind = 'public' | 'admin' | 'dashboard' | 'search' | 'export' | 'save' | 'reorder';

export interface ScaleRow {
  kind: Kind;
  method: string;
  path: string;
  status: number;
  p50Ms: number;
  p95Ms: number;
  /**
   * The first request of this endpoint, with every parsed copy forgotten first: its Blobs calls
   * and bytes read are those of a new (cold) function instance's first request.
   */
  coldMs: number;
  coldBlobCalls: number;
  coldBlobBytesRead: number;
  bytes: number;
  gzipBytes: number;
  blobCalls: number;
  blobBytesRead: number;
  blobBytesWritten: number;
  latencyP50Ms?: number;
  latencyP95Ms?: number;
}

export interface ScaleResults {
  date: string;
  /** The machine's load average (5 minutes) when the run ended, and its cores. */
  load: string;
  /** The fraction of the library seeded (1: all of it). */
  size: number;
  /** When `--media-only` last measured the Media page's rows, the load then, and requests per row. */
  mediaDate?: string;
  mediaLoad?: string;
  mediaRuns?: number;
  /** When `--build-only` last timed the full build (the rest is from `date`), and the load then. */
  buildDate?: string;
  buildLoad?: string;
  sizes: typeof SIZES & { team: number; researchAreas: number; stats: number };
  latencyMs: number;
  runs: number;
  fullBuildMs: number;
  saveToLiveMs: number | null;
  rows: ScaleRow[];
  /** The admin's Publications page in Chromium (`--admin-browser`, or the full run's last part). */
  adminBrowser?: AdminBrowserRun;
  checks: Check[];
}

/** One drive of the admin's Publications page: when, at what load, over which fraction. */
export type AdminBrowserRun = AdminBrowserFigures & {
  date: string;
  load: string;
  size: number;
  /** Driven by `--admin-browser` alone, not as the full run's last part. */
  alone: boolean;
};

/** One budget against what was measured. */
export interface Check {
  budget: string;
  got: string;
  pass: boolean;
}

/** The machine's load average over 5 minutes, and its cores. */
export function load() {
  return `${loadavg()[1]!.toFixed(1)} on ${availableParallelism()} cores`;
}

/** The last run's results (a one-part run keeps all it does not measure); throws when there are none. */
export async function lastResults(): Promise<ScaleResults> {
  return JSON.parse(await readFile(RESULTS_JSON, 'utf8')) as ScaleResults;
}
