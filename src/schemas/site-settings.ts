import { z } from 'zod';
import { longText, optionalEmail, safeLink, text, webUrl } from './common';

import {
  DEFAULT_SITE_TIME_ZONE,
  SETTINGS_DEFAULTS,
  type SettingsTextKey,
} from './site-settings-defaults';
import { timeZoneField } from './time-zone';
import { isMailWordsKey, placeholderProblem } from './mail-words';

export {
  DEFAULT_SITE_TIME_ZONE,
  SETTINGS_DEFAULTS,
  settingText,
  type SettingsTextKey,
} from './site-settings-defaults';

/** Every text field's key. */
export const SETTINGS_TEXT_KEYS = Object.keys(SETTINGS_DEFAULTS) as SettingsTextKey[];

/** Visibility flags, all default true. */
export const VISIBILITY_FLAGS = [
  'showResearch',
  'showTeam',
  'showPublications',
  'showStats',
  'showEvents',
  'showContact',
  'showNewsletter',
  'showTestimonials',
  'showPopup',
] as const;
export type VisibilityFlag = (typeof VISIBILITY_FLAGS)[number];

/**
 * How long personal data is kept, in months, before the daily retention schedule deletes it
 * (src/server/workflows/retention.ts). The privacy notice states these numbers, read from here.
 */
export const RETENTION_SETTINGS = {
  retainMessagesMonths: { default: 24, label: 'Keep contact messages for (months)' },
  retainPendingTestimonialsMonths: {
    default: 12,
    label: 'Keep testimonials never approved for (months)',
  },
  retainAnalyticsMonths: { default: 25, label: 'Keep daily visit counts for (months)' },
} as const;
export type RetentionKey = keyof typeof RETENTION_SETTINGS;
export const RETENTION_KEYS = Object.keys(RETENTION_SETTINGS) as RetentionKey[];
const months = () =>
  z
    .number({ error: 'Give a whole number of months from 1 to 120' })
    .int('Give a whole number of months from 1 to 120')
    .min(1, 'Give a whole number of months from 1 to 120')
    .max(120, 'Give a whole number of months from 1 to 120');
const retentionShape = Object.fromEntries(
  RETENTION_KEYS.map((k) => [k, months().default(RETENTION_SETTINGS[k].default)]),
) as {
  [K in RetentionKey]: z.ZodDefault<z.ZodNumber>;
};

/** The settings that hold an image a page shows (each brought onto this site on save). */
export const SETTINGS_IMAGE_KEYS = [
  'instituteLogo',
  'founderImage',
  'featuredVideoThumbnail',
  'socialShareImage',
] as const satisfies readonly SettingsTextKey[];

const LINK_KEYS = new Set<SettingsTextKey>([
  'heroButton1Link',
  'heroButton2Link',
  ...SETTINGS_IMAGE_KEYS,
  'newsletterLinkUrl',
]);
const URL_KEYS = new Set<SettingsTextKey>([
  'figureLicenceUrl',
  'founderLinkedin',
  'founderTwitter',
  'featuredVideoUrl',
  'socialLinkedin',
  'socialTwitter',
  'socialYoutube',
  'socialBluesky',
]);
const EMAIL_KEYS = new Set<SettingsTextKey>(['founderEmail', 'contactEmail']);
const LONG_KEYS = new Set<SettingsTextKey>(['founderBio']);

function fieldSchema(key: SettingsTextKey): z.ZodType<string, string> {
  if (LINK_KEYS.has(key)) return safeLink();
  if (URL_KEYS.has(key)) return webUrl();
  if (EMAIL_KEYS.has(key)) return optionalEmail;
  if (LONG_KEYS.has(key)) return longText(10_000);
  // An email's words keep their paragraphs and every placeholder the message needs filled in.
  if (isMailWordsKey(key))
    return (key.endsWith('Subject') ? text(300) : longText(4000)).superRefine((v, ctx) => {
      const problem = placeholderProblem(key, v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
  return text(key.endsWith('Title') || key.endsWith('Text') || key.endsWith('Metric') ? 300 : 2000);
}

const textShape = Object.fromEntries(
  SETTINGS_TEXT_KEYS.map((k) => [k, fieldSchema(k).default('')]),
) as {
  [K in SettingsTextKey]: z.ZodDefault<z.ZodType<string, string>>;
};
const flagShape = Object.fromEntries(
  VISIBILITY_FLAGS.map((k) => [k, z.boolean().default(true)]),
) as {
  [K in VisibilityFlag]: z.ZodDefault<z.ZodBoolean>;
};

/** One entry of an editable navigation list: what it says, where it goes, and whether it opens a new tab. */
export const navLinkSchema = z.strictObject({
  label: text(60).min(1, 'Give the link a label'),
  href: safeLink().refine((v) => v !== '', 'Give the link an address'),
  newTab: z.boolean().default(false),
});
export type NavLinkSetting = z.infer<typeof navLinkSchema>;
/** The header's and footer's lists: null keeps the built-in links (src/components/layout/nav-links.ts). */
const navLinkList = () => z.array(navLinkSchema).max(12, 'At most 12 links').nullable();
export const NAV_LIST_KEYS = ['navLinks', 'footerLinks'] as const;
export type NavListKey = (typeof NAV_LIST_KEYS)[number];

/** Settings that are neither texts nor visibility flags; each always holds a usable value. */
const optionFields = {
  /** IANA zone of event times that name none, and the zone a new event's form starts with. */
  siteTimeZone: timeZoneField().refine((v) => v !== '', 'Choose a time zone'),
  /** Built-in visit counting (no cookies, no third party); off: no beacon and nothing stored. */
  countVisits: z.boolean(),
};

/** The single site-settings record as stored and served: raw texts ('' = use default), flags and options. */
export const siteSettingsSchema = z.object({
  ...textShape,
  ...flagShape,
  ...retentionShape,
  siteTimeZone: optionFields.siteTimeZone.default(DEFAULT_SITE_TIME_ZONE),
  countVisits: optionFields.countVisits.default(true),
  navLinks: navLinkList().default(null),
  footerLinks: navLinkList().default(null),
  updatedAt: z.string().default(''),
  /** Server-owned: the slugs of the founder's earlier names, whose /team/<slug> pages redirect. */
  founderSlugs: z.array(z.string().max(100)).max(200).default([]),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** Any subset of the site's texts (a release's text changes), each checked as the settings check it. */
export const siteTextsPatchSchema = z
  .strictObject(
    Object.fromEntries(SETTINGS_TEXT_KEYS.map((k) => [k, fieldSchema(k)])) as {
      [K in SettingsTextKey]: z.ZodType<string, string>;
    },
  )
  .partial();
export type SiteTextsPatch = z.infer<typeof siteTextsPatchSchema>;

/** Admin PATCH: any subset of texts and flags; unknown fields are refused. */
export const siteSettingsPatchSchema = z
  .strictObject({
    ...(Object.fromEntries(SETTINGS_TEXT_KEYS.map((k) => [k, fieldSchema(k)])) as {
      [K in SettingsTextKey]: z.ZodType<string, string>;
    }),
    ...(Object.fromEntries(VISIBILITY_FLAGS.map((k) => [k, z.boolean()])) as {
      [K in VisibilityFlag]: z.ZodBoolean;
    }),
    ...(Object.fromEntries(RETENTION_KEYS.map((k) => [k, months()])) as {
      [K in RetentionKey]: z.ZodNumber;
    }),
    ...optionFields,
    navLinks: navLinkList(),
    footerLinks: navLinkList(),
  })
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Send at least one field to change');
export type SiteSettingsPatch = z.infer<typeof siteSettingsPatchSchema>;
