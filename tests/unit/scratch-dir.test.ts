/**
 * Test sites keep their data in memory (scripts/local-env.ts `scratchDir`); a run stopped half-way
 * leaves its folders there. The next run removes those of processes that are gone, and only those.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { sweepAbandonedScratch } from '../../scripts/local-env';

let folder = '';
afterEach(() => rm(folder, { recursive: true, force: true }));

it("removes the folders of processes that are gone and keeps live processes' and any other", async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'scratch-sweep-'));
  // A process that has run and exited: its folder is abandoned.
  const gone = spawnSync(process.execPath, ['-e', '']).pid;
  const abandoned = `meridian-site-test-p${gone}-Ab12Cd`;
  const live = `meridian-site-test-p${process.pid}-Ef34Gh`;
  const other = 'meridian-older-run-Ij56Kl';
  for (const name of [abandoned, live, other]) await mkdir(path.join(folder, name));
  await mkdir(path.join(folder, abandoned, 'blobs'));
  await writeFile(path.join(folder, abandoned, 'blobs', 'entry'), 'data');

  await sweepAbandonedScratch(folder);

  expect((await readdir(folder)).sort()).toEqual([live, other].sort());
});
