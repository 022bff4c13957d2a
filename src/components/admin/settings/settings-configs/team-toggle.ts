import { group } from './fields';
import { FOUNDER_KEYS } from './key-sets';
import type { SettingsPageConfig } from './settings-page-config';

export const teamTogglePage: SettingsPageConfig = {
  title: 'Team & founder',
  description: 'Show or hide the team section and edit the founder profile on the team page.',
  groups: [
    group('Team section', ['showTeam']),
    group('Founder', FOUNDER_KEYS, 'The founder section shows only when a name is set.'),
  ],
};
