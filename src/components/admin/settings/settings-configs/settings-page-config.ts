import type { FieldGroup } from '../../form/RecordForm';

/** One settings page: its title, blurb and field groups. */
export interface SettingsPageConfig {
  title: string;
  description: string;
  groups: readonly FieldGroup[];
  video?: boolean;
}
