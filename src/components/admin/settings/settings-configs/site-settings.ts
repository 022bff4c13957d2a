import { RETENTION_KEYS, SETTINGS_TEXT_KEYS } from '../../../../schemas/site-settings';
import type { FieldConfig } from '../../form/field-config';
import type { FieldGroup } from '../../form/RecordForm';
import { timeZoneOptions } from '../../form/time-zones';
import { group } from './fields';
import { CONTACT_KEYS, FOUNDER_KEYS, pick, VIDEO_KEYS } from './key-sets';
import type { SettingsPageConfig } from './settings-page-config';

const SECTION_KEYS = pick(
  /^(research|team|publications|stats|contact|newsletter|events|videoHighlights|advisory)(Title|Description)$/,
);

const TIME_ZONE_FIELD: FieldConfig = {
  name: 'siteTimeZone',
  label: 'Site time zone',
  type: 'select',
  options: timeZoneOptions(),
  help: 'Event times are in this zone unless an event names its own, and new events start with it.',
};

const COUNT_VISITS_FIELD: FieldConfig = {
  name: 'countVisits',
  label: 'Count visits (first party, no cookies)',
  type: 'checkbox',
  help: 'Counts page views and downloads without cookies or personal data (the privacy notice says what). Off: pages send nothing and nothing is counted.',
};

const SITE_GROUPS: FieldGroup[] = [
  group(
    'Institute',
    ['instituteName', 'instituteShortName', 'instituteLogo', 'metaDescription'],
    "The name in every page's title, header and footer, and the logo beside it.",
  ),
  group('Hero', pick(/^hero/)),
  group('About', pick(/^about/)),
  group('Core principles', pick(/^corePrinciple/)),
  group('Credibility boxes', pick(/^credibilityBox/)),
  group('Section texts', SECTION_KEYS),
  group('Founder', FOUNDER_KEYS),
  group('Featured video', VIDEO_KEYS),
  group('Social & contact', ['socialShareImage', ...CONTACT_KEYS]),
  group(
    'Social profiles',
    pick(/^social(?!ShareImage)/),
    "The institute's own profiles, linked from the footer when set.",
  ),
  group(
    'Header & footer',
    [
      'navLinks',
      'footerLinks',
      'newsletterLinkText',
      'newsletterLinkUrl',
      'footerTagline',
      'copyrightText',
    ],
    "The footer's tagline and copyright line are also editable in place.",
  ),
  group(
    'Newsletter banner',
    pick(/^newsletterBanner/),
    'The invitation at the foot of the inner pages, leading to the signup on the home page.',
  ),
  group('Testimonials page', pick(/^testimonialsPage/)),
  group(
    'Report pages',
    pick(/^report/),
    "The labels of every report's page; also editable in place there.",
  ),
  group(
    'Not-found page',
    ['notFoundTitle', 'notFoundText'],
    'What a visitor sees at an address that does not exist.',
  ),
  group(
    'Report figures',
    ['figureLicence', 'figureLicenceUrl'],
    "The licence each figure's page names, under which readers may reuse it.",
  ),
  group('Newsletter popup', ['showPopup', 'popupTitle', 'popupDescription', 'popupButtonText']),
  group(
    'Newsletter emails',
    pick(/^newsletter\w*Mail(Subject|Text)$/),
    'What the newsletter writes to a reader; the links and what they do are added by the site.',
  ),
  group(
    'Account emails',
    pick(/^account\w*Mail(Subject|Body)$/),
    'What the site writes to the team about their accounts; the button with the link is added by the site.',
  ),
  group(
    'Team notifications',
    pick(/^notify\w*Mail(Subject|Body)$/),
    'The emails that tell the team what happened in the last 15 minutes; who wrote and what, the list of proposals, the button and why each person gets it are added by the site. An author’s email with one update takes its subject from the update’s first sentence.',
  ),
  { title: 'Events', fields: [TIME_ZONE_FIELD] },
  { title: 'Visit counting', fields: [COUNT_VISITS_FIELD] },
  group(
    'Privacy notice',
    pick(/^privacy/),
    'The texts of the /privacy page, also editable in place there.',
  ),
  group(
    'Keeping personal data',
    RETENTION_KEYS,
    'How long personal data is kept before it is deleted automatically, every night. The privacy notice states these periods.',
  ),
  group(
    'Accessibility statement',
    pick(/^accessibility/),
    'The texts of the /accessibility page, also editable in place there.',
  ),
];
// Any key added to the schema later still gets a place, so no text needs a developer to edit.
const placed = new Set(SITE_GROUPS.flatMap((g) => g.fields.map((f) => f.name)));
const rest = SETTINGS_TEXT_KEYS.filter((k) => !placed.has(k));
if (rest.length) SITE_GROUPS.push(group('Other', rest));

/** Every text of the site, in groups by where it shows. */
export const siteSettingsPage: SettingsPageConfig = {
  title: 'Site settings',
  description:
    'Every text of the site. Each field starts with the built-in wording; "Reset to default" brings it back.',
  groups: SITE_GROUPS,
};
