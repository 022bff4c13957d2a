import {
  RETENTION_KEYS,
  RETENTION_SETTINGS,
  SETTINGS_DEFAULTS,
  VISIBILITY_FLAGS,
  type NavListKey,
  type RetentionKey,
  type SettingsTextKey,
  type VisibilityFlag,
} from '../../../../schemas/site-settings';
import { humanize } from '../../../../schemas/field-label';
import { isMailWordsKey, placeholderHelp } from '../../../../schemas/mail-words';
import type { FieldConfig, FieldType } from '../../form/field-config';
import type { FieldGroup } from '../../form/RecordForm';
import { FLAG_HELP, LABELS } from './labels';

/** How a settings key is edited, judged from its name (the schema's own naming convention). */
function typeOf(key: SettingsTextKey): FieldType {
  if (/Image$|Thumbnail$|Logo$/.test(key)) return 'image';
  if (/Linkedin$|Twitter$|Youtube$|Bluesky$|VideoUrl$/.test(key)) return 'url';
  if (/Email$/.test(key)) return 'email';
  if (/Description$|Subtitle$|Bio$|Vision$|MailText$|MailBody$/.test(key)) return 'textarea';
  return 'text';
}

/** The admin field of one settings key, showing its built-in wording until changed. */
export function settingField(key: SettingsTextKey | VisibilityFlag | RetentionKey): FieldConfig {
  if ((RETENTION_KEYS as readonly string[]).includes(key)) {
    const setting = RETENTION_SETTINGS[key as RetentionKey];
    return {
      name: key,
      label: setting.label,
      type: 'number',
      required: true,
      help: `Deleted automatically after this; the privacy notice states it (default ${setting.default}).`,
      half: true,
    };
  }
  if ((VISIBILITY_FLAGS as readonly string[]).includes(key)) {
    const flag = key as VisibilityFlag;
    return {
      name: key,
      label: LABELS[key] ?? humanize(key),
      type: 'checkbox',
      help: FLAG_HELP[flag],
      half: true,
    };
  }
  const textKey = key as SettingsTextKey;
  const fallback = SETTINGS_DEFAULTS[textKey];
  return {
    name: key,
    label: LABELS[key] ?? humanize(key),
    type: typeOf(textKey),
    defaultText: fallback || undefined,
    help: isMailWordsKey(textKey) ? placeholderHelp(textKey) : undefined,
    half: typeOf(textKey) === 'text' && !/Title$|Link$/.test(key) ? true : undefined,
  };
}

/** A navigation list's field: the built-in links are its starting rows. */
const linksField = (key: NavListKey): FieldConfig => ({
  name: key,
  label: LABELS[key] ?? humanize(key),
  type: 'links',
  builtInLinks: key === 'footerLinks' ? 'footer' : 'nav',
  help:
    key === 'navLinks'
      ? 'Shown in the header and, with the footer links, in the footer.'
      : undefined,
});

type SettingKey = SettingsTextKey | VisibilityFlag | RetentionKey | NavListKey;
/** A titled group of settings fields, each key's field as settingField (or a links list) makes it. */
export const group = (
  title: string,
  keys: readonly SettingKey[],
  description?: string,
): FieldGroup => ({
  title,
  description,
  fields: keys.map((k) =>
    k === 'navLinks' || k === 'footerLinks' ? linksField(k) : settingField(k),
  ),
});
