/**
 * Test sites keep their data in memory (scripts/local-env.ts `scratchDir`); a run stopped half-way
 * leaves its folders there. The next run removes those of processes that are gone, and only those.
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { sweepAbandonedScratch } from '../../scripts/local-env';

let folder = '';
afterEach(() => rm(folder, { recursive: true, force: true }));

it("removes the folders of processes that are gone, and old ones that name none; keeps live processes' and any other", async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'scratch-sweep-'));
  // A process that has run and exited: its folder is abandoned.
  const gone = spawnSync(process.execPath, ['-e', '']).pid;
  const abandoned = `meridian-site-test-p${gone}-Ab12Cd`;
  const live = `meridian-site-test-p${process.pid}-Ef34Gh`;
  // Named by earlier versions, without a process: removed once untouched for a day.
  const older = 'meridian-site-test-Ij56Kl';
  const recent = 'meridian-site-test-Mn78Op';
  const other = 'not-ours-Qr90St';
  for (const name of [abandoned, live, older, recent, other]) await mkdir(path.join(folder, name));
  const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60_000);
  await utimes(path.join(folder, older), twoDaysAgo, twoDaysAgo);
  await utimes(path.join(folder, other), twoDaysAgo, twoDaysAgo);
  await mkdir(path.join(folder, abandoned, 'blobs'));
  await writeFile(path.join(folder, abandoned, 'blobs', 'entry'), 'data');

  await sweepAbandonedScratch(folder);

  expect((await readdir(folder)).sort()).toEqual([live, recent, other].sort());
});
