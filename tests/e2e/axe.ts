import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules every page is held to: WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * An accessibility scan of `page` against WCAG 2.1 A/AA (and `extraTags`), one definition for
 * every browser test. Only violations are gathered in full: the tests read nothing else.
 *
 * In one pass in the page (legacy mode): the default splits the scan into a pass per frame and
 * a final one in a new blank tab, which loads axe twice and opens a page for every scan. The only
 * frames that mode adds are cross-origin ones, and the site's only iframe is the video player,
 * YouTube's own page, which cannot load offline and is not ours to fix. Same-origin frames are
 * still scanned.
 */
export function axe(page: Page, extraTags: string[] = []): AxeBuilder {
  return new AxeBuilder({ page })
    .setLegacyMode()
    .withTags([...WCAG_AA, ...extraTags])
    .options({ resultTypes: ['violations'] });
}
