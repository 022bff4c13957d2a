import { contactInfoPage } from './contact-info';
import { sectionVisibilityPage } from './section-visibility';
import type { SettingsPageConfig } from './settings-page-config';
import { siteSettingsPage } from './site-settings';
import { teamTogglePage } from './team-toggle';
import { videoSettingsPage } from './video-settings';

export { settingField } from './fields';
export type { SettingsPageConfig } from './settings-page-config';

/*
 * The admin's settings pages, one module per page: site-settings.ts (every text, in groups),
 * section-visibility.ts, team-toggle.ts, contact-info.ts and video-settings.ts. What a page says
 * (settings-page-config.ts), and what they share: fields.ts (a key's field, and a titled group of
 * them), labels.ts (the labels and help a key's name cannot give) and key-sets.ts (the keys of one
 * kind, picked by name, and the sets both the site settings and a page of their own edit).
 */

/** The settings-backed admin pages, by route name. */
export const SETTINGS_PAGES: Record<string, SettingsPageConfig> = {
  'site-settings': siteSettingsPage,
  'section-visibility': sectionVisibilityPage,
  'team-toggle': teamTogglePage,
  'contact-info': contactInfoPage,
  'video-settings': videoSettingsPage,
};
