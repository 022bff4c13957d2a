import { SETTINGS_TEXT_KEYS } from '../../../../schemas/site-settings';

/** The text keys whose names match: a group takes every key of its kind, new ones too. */
export const pick = (re: RegExp) => SETTINGS_TEXT_KEYS.filter((k) => re.test(k));
// Edited on the site settings page and on a page of their own each.
export const FOUNDER_KEYS = pick(/^founder/);
export const VIDEO_KEYS = pick(/^featuredVideo/);
export const CONTACT_KEYS = ['contactLocation', 'contactEmail', 'contactPhone'] as const;
