// What `npm run bench` measured in one run: written to bench/results.json and rendered into the
// "main" section of bench/RESULTS.md by report.ts, and held to the budgets by budgets.ts.
import type { ColdStart } from './cold-start';
import type { ImageSizeFigures } from './image-sizes';
import type { JsFigures, JS_BUDGET_KB } from './js-budget';
import type { LighthouseRun } from './lighthouse-run';
import type { LoadFigures } from './load';

export interface BenchResults {
  date: string;
  js: { page: keyof typeof JS_BUDGET_KB; figures: JsFigures }[];
  lighthouse: Record<'demo' | 'photos', LighthouseRun>;
  imageSizes: ImageSizeFigures[];
  load: LoadFigures[];
  functionToStaticThroughput: number;
  saveToLiveSeconds: number;
  buildMs: { demo: number | null; with1000PublicationsAndEvents: number | null };
  homeHtmlKbWith1000: number;
  coldStart: ColdStart[];
}
