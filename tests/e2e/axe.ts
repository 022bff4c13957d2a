import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules every page is held to: WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * An accessibility scan of `page` against WCAG 2.1 A/AA (and `extraTags`), one definition for
 * every browser test. Only violations are gathered in full: the tests read nothing else.
 */
export function axe(page: Page, extraTags: string[] = []): AxeBuilder {
  return new AxeBuilder({ page }).withTags([...WCAG_AA, ...extraTags]).options({ resultTypes: ['violations'] });
}
