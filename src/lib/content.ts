/**
 * Build-time content access for pages: reads the content store once per build.
 * Server-only code; pages run it during `astro build`.
 */
import { getSiteSettings } from '../server/site-settings';

let settingsPromise: ReturnType<typeof getSiteSettings> | null = null;

/** Site settings, read once per build. */
export function loadSiteSettings() {
  settingsPromise ??= getSiteSettings();
  return settingsPromise;
}
