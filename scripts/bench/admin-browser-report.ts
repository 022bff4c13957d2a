// What a run of admin-browser.ts answers, step by step, and how bench/RESULTS.md shows it.

/** Page 1 on screen, from the navigation's start (the issue's budget); also each other step's. */
export const ADMIN_BROWSER_BUDGET_MS = 1_000;

export interface AdminBrowserStep {
  step: string;
  ms: number;
  /** Right, and (when `held`) within ADMIN_BROWSER_BUDGET_MS. */
  pass: boolean;
  /**
   * Held to the budget (the very first visit after a deploy is reported only: see step 0 in
   * admin-browser.ts).
   */
  held: boolean;
  detail: string;
}

export interface AdminBrowserFigures {
  steps: AdminBrowserStep[];
  /** The API requests page 1's first load made, and the bytes they answered. */
  loadRequests: { path: string; status: number; bytes: number }[];
}

/** Renders the figures as bench/RESULTS.md shows them. */
export function renderAdminBrowser(f: AdminBrowserFigures): string {
  const bytes = f.loadRequests.reduce((n, r) => n + Math.max(0, r.bytes), 0);
  return `| step | ms | right, and ≤ ${ADMIN_BROWSER_BUDGET_MS} ms | what the page showed (times in ms since the navigation began) |
| --- | --- | --- | --- |
${f.steps.map((s) => `| ${s.step} | ${s.ms} | ${s.pass ? (s.held ? 'pass' : 'right (time reported only)') : '**FAIL**'} | ${s.detail.replace(/\|/g, '\\|')} |`).join('\n')}

Page 1's first load asked the API ${f.loadRequests.length} times for ${bytes.toLocaleString('en')} bytes in all: ${f.loadRequests.map((r) => `\`${r.path}\` ${r.status}, ${r.bytes.toLocaleString('en')} B`).join('; ')}.`;
}
