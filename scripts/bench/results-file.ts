import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as prettier from 'prettier';
import { PROJECT_ROOT } from '../local-env';

const RESULTS = path.join(PROJECT_ROOT, 'bench/RESULTS.md');

/**
 * Replaces one benchmark's section of bench/RESULTS.md (between `<!-- name:start -->` and
 * `<!-- name:end -->`), keeping the sections other benchmarks wrote; a new section goes last.
 * `npm run bench` and `npm run bench:scale` run separately, and neither may erase the other.
 */
export async function writeResultsSection(name: string, markdown: string): Promise<void> {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const current = await readFile(RESULTS, 'utf8').catch(() => '');
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trim() ? `${current.trim()}\n\n` : ''}${block}\n`;
  // Formatted as `npm run format:check` wants it, so a benchmark run never fails that check.
  const config = await prettier.resolveConfig(RESULTS);
  await writeFile(RESULTS, await prettier.format(next, { ...config, filepath: RESULTS }));
}
