// The budgets `npm run bench` holds the site to, and what a run's figures break of them.
import { COLD_START_BUDGET_MS } from './cold-start';
import { JS_BUDGET_KB, jsOverBudget } from './js-budget';
import type { LighthouseFigures } from './lighthouse';
import type { BenchResults } from './results';

// Photos: a file at most 1.5× the pixels its box shows (a candidate ladder ~15% apart, and a
// card shape cropped for phones that wide desktop cards trim a little more).
// Lighthouse, on both sites and every page: every category 100 on phones and desktops, with
// blocking time on phones and the home page's LCP on phones held to figures of their own.
export const BUDGET = {
  jsKb: 100,
  performance: 100,
  mobileTbtMs: 100,
  homeMobileLcpMs: 1000,
  otherCategories: 100,
  cls: 0.01,
  saveToLiveS: 20,
  photoPixelRatio: 1.5,
};

/** What one site's Lighthouse figures break of BUDGET (`url`: the site's address). */
function lighthouseOverBudget(figures: LighthouseFigures[], url: string): string[] {
  const broken: string[] = [];
  for (const l of figures) {
    const on = `on ${l.url.replace(url, '') || '/'} (${l.formFactor})`;
    for (const [k, v, budget] of [
      ['performance', l.performance, BUDGET.performance],
      ['accessibility', l.accessibility, BUDGET.otherCategories],
      ['best practices', l.bestPractices, BUDGET.otherCategories],
      ['SEO', l.seo, BUDGET.otherCategories],
    ] as const)
      if (v < budget) broken.push(`${k} ${v} ${on} (budget ${budget})`);
    if (l.formFactor === 'mobile' && l.tbtMs > BUDGET.mobileTbtMs)
      broken.push(`TBT ${l.tbtMs} ms ${on} (budget ${BUDGET.mobileTbtMs} ms)`);
    if (l.formFactor === 'mobile' && l.url === `${url}/` && l.lcpMs > BUDGET.homeMobileLcpMs)
      broken.push(`LCP ${l.lcpMs} ms ${on} (budget ${BUDGET.homeMobileLcpMs} ms)`);
    if (l.url === `${url}/` && l.scriptBytes / 1024 > BUDGET.jsKb)
      broken.push(`JS ${(l.scriptBytes / 1024).toFixed(1)} KB ${on} (budget ${BUDGET.jsKb} KB)`);
    if (l.cls > BUDGET.cls) broken.push(`CLS ${l.cls} ${on} (budget ${BUDGET.cls})`);
    for (const i of l.imageSavings)
      broken.push(`${i.kb} KB to save on ${i.url} ${on}: ${i.reasons.join('; ')}`);
  }
  return broken;
}

/** Every budget a run broke, each said in a line (none: every budget holds). */
export function brokenBudgets(r: BenchResults, url: string): string[] {
  const broken: string[] = [];
  for (const j of r.js) broken.push(...jsOverBudget(j.figures, JS_BUDGET_KB[j.page]));
  for (const [site, run] of Object.entries(r.lighthouse))
    broken.push(...lighthouseOverBudget(run.figures, url).map((b) => `${b} (${site})`));
  for (const i of r.imageSizes) {
    if (i.worstRatio > BUDGET.photoPixelRatio)
      broken.push(
        `a photo on ${i.page} (${i.device}) has ${i.worstRatio}× the pixels it shows: ${i.worstImage}`,
      );
    if (i.unresized.length)
      broken.push(`${i.unresized.length} photos on ${i.page} (${i.device}) skip the image CDN`);
  }
  if (r.saveToLiveSeconds > BUDGET.saveToLiveS)
    broken.push(`save to live ${r.saveToLiveSeconds} s`);
  for (const l of r.load)
    if (l.errors || l.non2xx) broken.push(`${l.errors + l.non2xx} errors under load on ${l.name}`);
  for (const c of r.coldStart)
    if (c.medianMs > COLD_START_BUDGET_MS)
      broken.push(`cold start of ${c.name} ${c.medianMs} ms (budget ${COLD_START_BUDGET_MS} ms)`);
  return broken;
}
