import {
  RETENTION_KEYS,
  RETENTION_SETTINGS,
  SETTINGS_DEFAULTS,
  SETTINGS_TEXT_KEYS,
  VISIBILITY_FLAGS,
  type NavListKey,
  type RetentionKey,
  type SettingsTextKey,
  type VisibilityFlag,
} from '../../../schemas/site-settings';
import { humanize } from '../../../schemas/field-label';
import { isMailWordsKey, placeholderHelp } from '../../../schemas/mail-words';
import type { FieldConfig, FieldType } from '../form/field-config';
import type { FieldGroup } from '../form/RecordForm';
import { timeZoneOptions } from '../form/time-zones';

/** How a settings key is edited, judged from its name (the schema's own naming convention). */
function typeOf(key: SettingsTextKey): FieldType {
  if (/Image$|Thumbnail$|Logo$/.test(key)) return 'image';
  if (/Linkedin$|Twitter$|Youtube$|Bluesky$|VideoUrl$/.test(key)) return 'url';
  if (/Email$/.test(key)) return 'email';
  if (/Description$|Subtitle$|Bio$|Vision$|MailText$|MailBody$/.test(key)) return 'textarea';
  return 'text';
}

const LABELS: Partial<Record<string, string>> = {
  founderLinkedin: 'Founder LinkedIn',
  founderTwitter: 'Founder Twitter / X',
  featuredVideoUrl: 'YouTube address',
  featuredVideoThumbnailAlt: 'Thumbnail alt text',
  showTeam: 'Show the team section',
  socialShareImage: 'Social share image (1200×630)',
  // Privacy texts get labels of their own, distinct from the section texts they mention.
  privacyTitle: 'Privacy page title',
  privacyDescription: 'Privacy page introduction',
  privacyContactDescription: 'Privacy: contact messages',
  privacyNewsletterDescription: 'Privacy: newsletter',
  privacyTestimonialsDescription: 'Privacy: testimonials',
  privacyAnalyticsDescription: 'Privacy: analytics and cookies',
  privacyRightsDescription: 'Privacy: your rights',
  privacyControllerDescription: 'Privacy: who is responsible (controller)',
  privacyProcessorsDescription: 'Privacy: who handles it for us (processors)',
  privacyLegalBasisDescription: 'Privacy: legal basis',
  privacyComplaintsDescription: 'Privacy: complaints (right to complain)',
  accessibilityTitle: 'Accessibility page title',
  accessibilityDescription: 'Accessibility page introduction',
  accessibilityStandard: 'Accessibility: what the site meets',
  accessibilityTesting: 'Accessibility: how it is tested',
  accessibilityLimitations: 'Accessibility: known limitations',
  accessibilityFeedback: 'Accessibility: feedback',
  socialLinkedin: 'LinkedIn page',
  socialTwitter: 'X (Twitter) profile',
  socialYoutube: 'YouTube channel',
  socialBluesky: 'Bluesky profile',
  newsletterLinkText: 'Newsletter link label',
  newsletterLinkUrl: 'Newsletter link address',
  notFoundTitle: 'Not-found page title',
  notFoundText: 'Not-found page text',
  showPopup: 'Show the newsletter popup',
  instituteName: 'Institute name',
  instituteShortName: 'Short name (on top of the wordmark)',
  instituteLogo: 'Logo (square; empty shows the built-in mark)',
  metaDescription: 'Home page description (search engines and link previews)',
  newsletterBannerEyebrow: 'Banner label',
  newsletterBannerTitle: 'Banner title',
  newsletterBannerDescription: 'Banner text',
  newsletterBannerButtonText: 'Banner button',
  testimonialsPageTitle: 'Testimonials page title',
  testimonialsPageDescription: 'Testimonials page introduction',
  reportKeyFindingsTitle: 'Key findings heading',
  reportRecommendationsTitle: 'Recommendations heading',
  reportReadTitle: '“Read” box heading',
  reportPdfText: 'PDF download button',
  reportLinkText: 'Outside link button',
  reportCiteTitle: '“Cite” box heading',
  reportRisText: 'Citation download link',
  reportDataTitle: 'Data files heading',
  newsletterConfirmMailSubject: 'Confirmation email: subject',
  newsletterConfirmMailText: 'Confirmation email: opening words',
  newsletterWelcomeMailSubject: 'Welcome email: subject',
  newsletterWelcomeMailText: 'Welcome email: words after the thanks',
  newsletterUnsubscribeMailSubject: 'Unsubscribe-link email: subject',
  newsletterUnsubscribeMailText: 'Unsubscribe-link email: opening words',
  accountVerifyMailSubject: 'Address check: subject',
  accountVerifyMailBody: 'Address check: words',
  accountInviteMailSubject: 'Invitation: subject',
  accountInviteMailBody: 'Invitation: words',
  accountResetMailSubject: 'Password link: subject',
  accountResetMailBody: 'Password link asked for: words',
  accountAdminResetMailBody: 'Password reset by an admin: words',
  accountRecoveryMailSubject: 'Recovery code used: subject',
  accountRecoveryMailBody: 'Recovery code used: words',
  notifyContactMailSubject: 'New contact messages: subject',
  notifyContactMailBody: 'New contact messages: words',
  notifyTestimonialMailSubject: 'Testimonials to review: subject',
  notifyTestimonialMailBody: 'Testimonials to review: words',
  notifyBuildFailedMailSubject: 'Failed build: subject',
  notifyBuildFailedMailBody: 'Failed build: words',
  notifyReleaseMailSubject: 'Release at risk: subject',
  notifyReleaseMailBody: 'Release at risk: words',
  notifyReviewMailSubject: 'Review, one change: subject',
  notifyReviewsMailSubject: 'Review, several changes: subject',
  notifyReviewMailBody: 'Review: words after the list',
  notifyOutcomesMailSubject: 'Author, several updates: subject',
  notifyApprovedMailBody: 'Author: proposal approved',
  notifyRejectedMailBody: 'Author: proposal rejected',
  notifyChangesMailBody: 'Author: proposal sent back',
  notifyHeldMailBody: 'Author: release held',
  navLinks: 'Navigation links (header and footer)',
  footerLinks: 'Footer links (after the navigation)',
};

const FLAG_HELP: Record<VisibilityFlag, string> = {
  showResearch: 'Strategic focus (research areas) on the home page',
  showTeam: 'Team section on the home page',
  showPublications: 'Research & publications on the home page',
  showStats: 'Impact stats on the home page',
  showEvents: 'Events & workshops on the home page',
  showContact: 'Contact form on the home page',
  showNewsletter: 'Newsletter signup on the home page',
  showTestimonials: 'The /testimonials page (hidden: it redirects to the home page)',
  showPopup: 'The newsletter popup on the home page, 30 seconds after a visit starts',
};

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
const group = (title: string, keys: readonly SettingKey[], description?: string): FieldGroup => ({
  title,
  description,
  fields: keys.map((k) =>
    k === 'navLinks' || k === 'footerLinks' ? linksField(k) : settingField(k),
  ),
});

const pick = (re: RegExp) => SETTINGS_TEXT_KEYS.filter((k) => re.test(k));
const SECTION_KEYS = pick(
  /^(research|team|publications|stats|contact|newsletter|events|videoHighlights|advisory)(Title|Description)$/,
);
const FOUNDER_KEYS = pick(/^founder/);
const VIDEO_KEYS = pick(/^featuredVideo/);
const CONTACT_KEYS = ['contactLocation', 'contactEmail', 'contactPhone'] as const;

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

/** One settings page: its title, blurb and field groups. */
export interface SettingsPageConfig {
  title: string;
  description: string;
  groups: readonly FieldGroup[];
  video?: boolean;
}

/** The settings-backed admin pages, by route name. */
export const SETTINGS_PAGES: Record<string, SettingsPageConfig> = {
  'site-settings': {
    title: 'Site settings',
    description:
      'Every text of the site. Each field starts with the built-in wording; "Reset to default" brings it back.',
    groups: SITE_GROUPS,
  },
  'section-visibility': {
    title: 'Section visibility',
    description: 'Show or hide whole sections of the site.',
    groups: [group('Sections', VISIBILITY_FLAGS)],
  },
  'team-toggle': {
    title: 'Team & founder',
    description: 'Show or hide the team section and edit the founder profile on the team page.',
    groups: [
      group('Team section', ['showTeam']),
      group('Founder', FOUNDER_KEYS, 'The founder section shows only when a name is set.'),
    ],
  },
  'contact-info': {
    title: 'Contact info',
    description: 'Where and how visitors can reach you.',
    groups: [group('Contact details', CONTACT_KEYS)],
  },
  'video-settings': {
    title: 'Video settings',
    description: 'The featured video and the text beside it in the video highlights block.',
    groups: [
      group('Featured video', VIDEO_KEYS),
      group('Highlights text', ['videoHighlightsTitle', 'videoHighlightsDescription']),
    ],
    video: true,
  },
};
