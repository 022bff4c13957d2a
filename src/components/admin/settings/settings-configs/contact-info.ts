import { group } from './fields';
import { CONTACT_KEYS } from './key-sets';
import type { SettingsPageConfig } from './settings-page-config';

export const contactInfoPage: SettingsPageConfig = {
  title: 'Contact info',
  description: 'Where and how visitors can reach you.',
  groups: [group('Contact details', CONTACT_KEYS)],
};
