import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

/** One Lighthouse run's figures. */
export interface LighthouseFigures {
  url: string;
  formFactor: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
  totalBytes: number;
  /** What "Improve image delivery" would save (image size, format, compression), per image. */
  imageSavings: { url: string; kb: number; reasons: string[] }[];
  /** Audits below full marks in the non-performance categories, to say what to fix. */
  shortfalls: string[];
}

const score = (v: number | null | undefined) => Math.round((v ?? 0) * 100);

/**
 * One Lighthouse run in a fresh browser, so no HTTP or service-worker cache carries over. A run
 * Lighthouse itself could not complete (e.g. NO_LCP on a busy machine) is tried once more rather
 * than scored as 0.
 */
async function runOnce(url: string, formFactor: 'mobile' | 'desktop', chromePath: string) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  try {
    const run = async () =>
      (await lighthouse(
        url,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        },
        formFactor === 'desktop' ? desktopConfig : undefined,
      ))!.lhr;
    let lhr = await run();
    if (lhr.runtimeError || lhr.categories.performance?.score == null) {
      console.warn(
        `  Lighthouse could not finish ${url} (${formFactor}): ${lhr.runtimeError?.code ?? 'no score'}; retrying`,
      );
      lhr = await run();
    }
    return lhr;
  } finally {
    await chrome.kill();
  }
}

/**
 * Runs Lighthouse on Debian's Chromium for each URL in mobile and desktop form, `runs` times each,
 * and keeps the median run as Lighthouse picks it (closest to the median FCP and time to
 * interactive). Its simulated timings scale the CPU time the page took on this machine, so one
 * run on a shared machine can be hundreds of milliseconds off; Lighthouse's own advice is the
 * median of several runs.
 */
export async function runLighthouse(
  urls: string[],
  chromePath: string,
  runs = 3,
): Promise<LighthouseFigures[]> {
  const out: LighthouseFigures[] = [];
  for (const url of urls) {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const all: Awaited<ReturnType<typeof runOnce>>[] = [];
      for (let i = 0; i < runs; i++) all.push(await runOnce(url, formFactor, chromePath));
      const lhr: (typeof all)[number] = computeMedianRun(all);
      const items =
        (
          lhr.audits['resource-summary']?.details as
            { items?: { resourceType: string; transferSize: number }[] } | undefined
        )?.items ?? [];
      const bytes = (type: string) => items.find((i) => i.resourceType === type)?.transferSize ?? 0;
      type ImageItem = {
        url: string;
        wastedBytes: number;
        subItems?: { items: { reason: string }[] };
      };
      const imageItems =
        (lhr.audits['image-delivery-insight']?.details as { items?: ImageItem[] } | undefined)
          ?.items ?? [];
      out.push({
        url,
        formFactor,
        performance: score(lhr.categories.performance?.score),
        accessibility: score(lhr.categories.accessibility?.score),
        bestPractices: score(lhr.categories['best-practices']?.score),
        seo: score(lhr.categories.seo?.score),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
        scriptBytes: bytes('script'),
        totalBytes: bytes('total'),
        imageSavings: imageItems.map((i) => ({
          url: i.url,
          kb: Number((i.wastedBytes / 1024).toFixed(1)),
          reasons: (i.subItems?.items ?? []).map((x) => x.reason),
        })),
        shortfalls: ['accessibility', 'best-practices', 'seo'].flatMap((id) =>
          (lhr.categories[id]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => `${id}: ${ref.id}`),
        ),
      });
    }
  }
  return out;
}

/**
 * Alone, on pages of a site already running (`npm start`):
 * `npx tsx scripts/bench/lighthouse.ts URL...` prints each page's figures as the bench measures
 * them, without the rest of the bench.
 */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { requireChromium } = await import('../chromium');
  const urls = process.argv.slice(2);
  if (!urls.length) throw new Error('Usage: npx tsx scripts/bench/lighthouse.ts URL...');
  for (const l of await runLighthouse(urls, requireChromium('bench')))
    console.log(
      `${l.formFactor.padEnd(7)} ${l.url}: perf ${l.performance}, a11y ${l.accessibility}, bp ${l.bestPractices}, seo ${l.seo}, LCP ${l.lcpMs} ms, TBT ${l.tbtMs} ms, CLS ${l.cls}, JS ${(l.scriptBytes / 1024).toFixed(1)} KB, total ${(l.totalBytes / 1024).toFixed(1)} KB${l.shortfalls.length ? ` (short: ${l.shortfalls.join(', ')})` : ''}`,
    );
}
