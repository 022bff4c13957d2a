import { VISIBILITY_FLAGS } from '../../../../schemas/site-settings';
import { group } from './fields';
import type { SettingsPageConfig } from './settings-page-config';

export const sectionVisibilityPage: SettingsPageConfig = {
  title: 'Section visibility',
  description: 'Show or hide whole sections of the site.',
  groups: [group('Sections', VISIBILITY_FLAGS)],
};
