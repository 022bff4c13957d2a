// Lighthouse as `npm run bench` runs it on one site: every page, each result printed as it is
// kept, beside the machine's load average.
import os from 'node:os';
import { runLighthouse, type LighthouseFigures } from './lighthouse';

/** One site's Lighthouse figures, and the load average (last minute) before and after. */
export type LighthouseRun = { loadAverage: number[]; figures: LighthouseFigures[] };

/**
 * Lighthouse on each page (see runLighthouse), each result printed as it is kept, with the
 * machine's load average (last minute) before and after: Lighthouse scales the CPU time a page
 * took here, so other work on the machine's two cores shows up as blocking time.
 */
export async function lighthouseOf(
  pages: string[],
  url: string,
  chromium: string,
): Promise<LighthouseRun> {
  const load = [os.loadavg()[0]!];
  const figures = await runLighthouse(pages, chromium);
  load.push(os.loadavg()[0]!);
  for (const l of figures)
    console.log(
      `  ${l.formFactor.padEnd(7)} ${l.url.replace(url, '') || '/'}: perf ${l.performance}, a11y ${l.accessibility}, bp ${l.bestPractices}, seo ${l.seo}, LCP ${l.lcpMs} ms, TBT ${l.tbtMs} ms, CLS ${l.cls}, JS ${(l.scriptBytes / 1024).toFixed(1)} KB, total ${(l.totalBytes / 1024).toFixed(1)} KB${l.shortfalls.length ? ` (short: ${l.shortfalls.join(', ')})` : ''}`,
    );
  return { loadAverage: load.map((l) => Number(l.toFixed(1))), figures };
}
