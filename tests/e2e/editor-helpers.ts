import type { Page } from '@playwright/test';
import { waitForPublished } from './admin-fixtures';

/**
 * Waits until the rebuilt home page no longer shows any of `texts` (the page must be signed in as
 * an admin). A failed rebuild fails at once with its own error, as in every test that waits for one.
 */
export async function waitUntilGone(page: Page, texts: string[]) {
  for (const text of texts) await waitForPublished(page, '/', text, false);
}
