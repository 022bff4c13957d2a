import { describe, expect, it } from 'vitest';
import {
  AFTER_PAINT_SCRIPT,
  deferUntilPainted,
  FONTS_LATER_SCRIPT,
} from '../../src/lib/after-paint';
import { EARLY_TAP_SCRIPT } from '../../src/lib/early-tap';

const CSP = '<meta http-equiv="content-security-policy" content="script-src \'self\'">';
const page = (head: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

describe('a page fetches nothing but itself before its first paint', () => {
  const html = deferUntilPainted(
    page(
      `<title>t</title>${CSP}<link rel="stylesheet" href="/_astro/site.css">`,
      '<p>Hi</p><script type="module" src="/_astro/a.js"></script><script type="module">inline()</script><script type="module" src="/_astro/b.js"></script>',
    ),
  );

  it('turns every module script into an inert placeholder, in place, and keeps inline ones', () => {
    expect(html).not.toContain('<script type="module" src=');
    expect(html).toContain(
      '<p>Hi</p><script type="text/plain" data-after-paint="/_astro/a.js"></script><script type="module">inline()</script><script type="text/plain" data-after-paint="/_astro/b.js"></script>',
    );
  });

  it('decides about the fonts and starts noting early taps right after the policy and before the stylesheet, and loads everything at the end of the body', () => {
    expect(html).toContain(
      `${CSP}<script>${FONTS_LATER_SCRIPT}</script><script>${EARLY_TAP_SCRIPT}</script><link rel="stylesheet"`,
    );
    expect(html.endsWith(`<script>${AFTER_PAINT_SCRIPT}</script></body></html>`)).toBe(true);
  });

  it('without a policy <meta> the head scripts close the head', () => {
    expect(deferUntilPainted(page('<title>t</title>', 'x'))).toContain(
      `<title>t</title><script>${FONTS_LATER_SCRIPT}</script><script>${EARLY_TAP_SCRIPT}</script></head>`,
    );
  });

  it('leaves a fragment that is not a whole page alone', () => {
    const fragment = '<div><script type="module" src="/_astro/a.js"></script></div>';
    expect(deferUntilPainted(fragment)).toBe(fragment);
  });
});
