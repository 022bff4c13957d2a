import { group } from './fields';
import { VIDEO_KEYS } from './key-sets';
import type { SettingsPageConfig } from './settings-page-config';

export const videoSettingsPage: SettingsPageConfig = {
  title: 'Video settings',
  description: 'The featured video and the text beside it in the video highlights block.',
  groups: [
    group('Featured video', VIDEO_KEYS),
    group('Highlights text', ['videoHighlightsTitle', 'videoHighlightsDescription']),
  ],
  video: true,
};
