/**
 * Built-in wording for the site settings, kept free of zod so islands and the editor can
 * import it cheaply; src/schemas/site-settings.ts builds the schema on top of it.
 */
import { SITE } from '../site.config';

/**
 * Built-in wording for every text of the site settings: an empty stored value
 * falls back to this. Fields with an empty default show nothing until set.
 */
export const SETTINGS_DEFAULTS = {
  // The institute itself: its name in every page's title, header, footer and structured data,
  // the short name on top of the header's wordmark, and its logo (empty: the built-in mark).
  instituteName: SITE.name,
  instituteShortName: SITE.shortName,
  instituteLogo: '',
  // What search engines and link previews show for the home page (and pages with none of their own).
  metaDescription: SITE.description,
  heroTrustBadge: 'Independent • Non-partisan • Evidence-led',
  heroTitle: SITE.name,
  heroSubtitle:
    'We research how artificial intelligence can be built, governed and used so that it reliably serves people, and we help leaders put that research to work.',
  heroAuthority1: 'Peer-reviewed research',
  heroAuthority2: 'Advising public institutions',
  heroAuthority3: 'Practitioner training',
  heroButton1Text: 'Explore our research',
  heroButton1Link: '#research',
  heroButton2Text: 'Work with us',
  heroButton2Link: '#contact',
  aboutTitle: 'About Us',
  aboutVision:
    'A world where artificial intelligence widens opportunity, strengthens institutions and earns public trust.',
  aboutDescription:
    'We produce rigorous, independent research on AI and turn it into practical guidance for governments, companies and civil society.',
  corePrinciple1Title: 'Evidence before opinion',
  corePrinciple1Description:
    'Every recommendation we make rests on data, transparent methods and open peer review.',
  corePrinciple2Title: 'People at the centre',
  corePrinciple2Description:
    'We judge technology by what it does for the people who live with its consequences.',
  credibilityBox1Title: 'Programmes that deliver',
  credibilityBox1Description: 'Our applied programmes reach the outcomes they set out to reach.',
  credibilityBox1Metric: '95% Success Rate',
  credibilityBox2Title: 'Skills at scale',
  credibilityBox2Description: 'Professionals trained in responsible, effective use of AI.',
  credibilityBox2Metric: '10,000+ Trained',
  credibilityBox3Title: 'Worldwide reach',
  credibilityBox3Description: 'Research partners and fellows across five continents.',
  credibilityBox3Metric: 'Global Network',
  researchTitle: 'Strategic Focus',
  researchDescription:
    'The research areas where we believe independent work can change the course of AI.',
  teamTitle: 'Our Team',
  teamDescription:
    'Researchers, engineers and policy experts who share one goal: AI that works for everyone.',
  publicationsTitle: 'Research & Publications',
  publicationsDescription: 'Reports, papers and briefs from our research programmes.',
  statsTitle: 'Our Impact',
  statsDescription: 'What our work has achieved so far.',
  contactTitle: 'Get in Touch',
  contactDescription: 'Questions, partnerships or press enquiries: we read every message.',
  newsletterTitle: 'Stay Informed',
  newsletterDescription: 'Research highlights, events and analysis, once a month. No spam.',
  eventsTitle: 'Events & Workshops',
  eventsDescription:
    'Experience our community in action—where breakthrough conversations happen and lasting connections are made.',
  videoHighlightsTitle: 'Event Highlights',
  videoHighlightsDescription:
    'See the energy and impact of our community events—real conversations, real breakthroughs, real connections.',
  founderSectionTitle: 'Founder',
  founderSectionDescription:
    'Leading the vision to transform AI research into solutions that benefit humanity.',
  founderName: '',
  founderPosition: 'Founder & Director',
  founderBio: '',
  founderImage: '',
  founderLinkedin: '',
  founderTwitter: '',
  founderEmail: '',
  advisoryTitle: 'Meet our Advisory Team',
  advisoryDescription:
    'Distinguished experts who guide our research agenda and keep our work rigorous and relevant.',
  featuredVideoUrl: '',
  featuredVideoTitle: 'Scaling AI That Works - Event Highlights',
  featuredVideoDescription:
    'Click to watch highlights from our recent event featuring industry leaders sharing real-world AI success stories',
  featuredVideoThumbnail: '',
  featuredVideoThumbnailAlt: '',
  socialShareImage: '',
  // The institute's own profiles, linked from the footer when set.
  socialLinkedin: '',
  socialTwitter: '',
  socialYoutube: '',
  socialBluesky: '',
  // The frame around every page: the footer's tagline and copyright line, and the newsletter's
  // entry in the navigation (the spec's "AI Quick Bytes", opening in a new tab).
  footerTagline: SITE.tagline,
  // The year is the build's: the line follows the calendar until an admin words it themselves.
  copyrightText: `© ${new Date().getFullYear()} ${SITE.name}. All rights reserved.`,
  newsletterLinkText: 'AI Quick Bytes',
  newsletterLinkUrl: SITE.newsletterUrl,
  // The licence under which report figures may be reused, named on each figure's page.
  figureLicence: 'CC BY 4.0',
  figureLicenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
  // The newsletter banner at the foot of the inner pages, leading to the home page's signup.
  newsletterBannerEyebrow: 'Newsletter',
  newsletterBannerTitle: 'Research highlights, once a month',
  newsletterBannerDescription: `Join the readers who follow ${SITE.shortName}'s latest findings, events and policy analysis. No spam; ask us to remove your address at any time.`,
  newsletterBannerButtonText: 'Subscribe to the newsletter',
  // The testimonials page's heading and the line under it.
  testimonialsPageTitle: 'What Our Community Says',
  testimonialsPageDescription:
    'Researchers, policymakers and practitioners on what working with us has meant for them.',
  // The labels of a report's page: its key points, how to read it and how to cite it.
  reportKeyFindingsTitle: 'Key findings',
  reportRecommendationsTitle: 'Recommendations',
  reportReadTitle: 'Read the publication',
  reportPdfText: 'Download PDF',
  reportLinkText: 'Read publication',
  reportCiteTitle: 'Cite this',
  reportRisText: 'Download citation (.ris)',
  reportDataTitle: 'Data',
  // The newsletter's own emails to a reader: each one's subject and its words around the facts
  // (the link, how long it works, the unsubscribe lines stay as the site writes them).
  newsletterConfirmMailSubject: `Confirm your subscription to the ${SITE.shortName} newsletter`,
  newsletterConfirmMailText: `Someone, probably you, asked to receive the ${SITE.name} newsletter at this address.`,
  newsletterWelcomeMailSubject: `Welcome to the ${SITE.shortName} newsletter`,
  newsletterWelcomeMailText:
    'We will write when we publish new research, events and news. Every newsletter email has an unsubscribe link like the one below.',
  newsletterUnsubscribeMailSubject: `Unsubscribe from the ${SITE.shortName} newsletter`,
  newsletterUnsubscribeMailText: `Someone, probably you, asked to stop the ${SITE.name} newsletter at this address.`,
  // The emails about a person's own account: each one's subject and words, with placeholders
  // (src/schemas/mail-words.ts) for the facts of one message. The button with the link, and the
  // line under it, stay as the site writes them.
  accountVerifyMailSubject: `Confirm your email address for ${SITE.shortName}`,
  accountVerifyMailBody: `The account {username} on the ${SITE.name} website asked to use this email address for password resets.

To confirm that it is yours, open the link below and press the button on that page. The link works for {hours}, once.`,
  accountInviteMailSubject: `You are invited to manage the ${SITE.shortName} website`,
  accountInviteMailBody: `{invitedBy} invited you to help manage the ${SITE.name} website, as {username}, with the role {role}: {roleScope}.

Open the link below to choose your password. The link works for {hours}, once. Using it also confirms this email address for your account.`,
  accountResetMailSubject: `Set a new password for ${SITE.shortName}`,
  accountResetMailBody: `Someone, probably you, asked to set a new password for the account {username} on the ${SITE.name} website.

Open the link below to choose a new password. The link works for {hours}, once. Setting a new password signs the account out everywhere; if it uses two-factor sign-in, you will still be asked for your code.`,
  accountAdminResetMailBody: `{admin} reset the password of your account {username} on the ${SITE.name} website: the old one no longer works.

Open the link below to choose a new password. The link works for {hours}, once. Setting a new password signs the account out everywhere; if it uses two-factor sign-in, you will still be asked for your code.`,
  accountRecoveryMailSubject: `The recovery code was used on ${SITE.shortName}`,
  accountRecoveryMailBody: `Someone used the recovery code at {setupPage} on {when}: {what}. The account {username} is an admin now.

If this was not someone on your team, sign in, check Users and History, and change RECOVERY_CODE in the site’s environment variables on Netlify (or remove it to turn recovery off).`,
  // The team's notification digests, one per kind and 15 minutes: subject and words, with the
  // count and the words that follow it as placeholders. What the site knows (who wrote and how
  // they began, why a build failed), the button and why the reader gets it are added by the site.
  notifyContactMailSubject: '{count} new contact {messages}',
  notifyContactMailBody: '{count} contact {messages} arrived {when}.',
  notifyTestimonialMailSubject: '{count} {testimonials} {await} review',
  notifyTestimonialMailBody:
    '{count} {testimonials} {was} sent {when} and {await} review. Nothing shows on the site before approval.',
  notifyBuildFailedMailSubject: 'A build of the site failed',
  notifyBuildFailedMailBody:
    'A build failed {when}. The site still shows the last good build, without the changes since.',
  notifyReleaseMailSubject: 'A scheduled release is at risk',
  notifyReleaseMailBody: '{warning}',
  // Review's emails: to reviewers, what waits for them; to an author, what became of their
  // proposals and releases.
  notifyReviewMailSubject: 'A change awaits your review: {title}',
  notifyReviewsMailSubject: '{count} changes await your review',
  notifyReviewMailBody: 'Nothing of these is on the site until someone approves it.',
  notifyOutcomesMailSubject: '{count} updates on your proposals',
  notifyApprovedMailBody:
    '{reviewer} approved your proposal for {proposal}. It goes live with the next build.',
  notifyRejectedMailBody:
    '{reviewer} rejected your proposal for {proposal}. Nothing changed on the site. {comment}',
  notifyChangesMailBody:
    '{reviewer} sent back your proposal for {proposal} for changes. {comment} Edit it and resubmit it.',
  notifyHeldMailBody:
    'Your release “{release}” waits: {reasons}. It was moved to {when} or later, and goes live once nothing of it awaits review.',
  // The page for an unknown address, and the newsletter popup.
  notFoundTitle: '404 Page Not Found',
  notFoundText: 'Did you forget to add the page to the router?',
  popupTitle: 'Stay ahead of AI',
  popupDescription:
    'Join 5,000+ innovators, researchers and policy makers who get our monthly briefing on AI research, events and analysis.',
  popupButtonText: 'Join the community',
  // The privacy notice (/privacy): what each form collects and what it is used for.
  privacyTitle: 'Privacy Notice',
  privacyDescription:
    'We collect as little personal data as we can, use it only for the purpose you gave it to us for, and never sell it. This notice explains what each form on this site collects and why.',
  // Who answers for the data, who handles it for us, on what basis, and where to complain: the
  // defaults say honestly what is not filled in yet, rather than claim what nobody checked.
  privacyControllerDescription: `${SITE.name} decides how the personal data sent through this site is used and answers for it. [To fill in under Site settings: the institute's full legal name, postal address and an email address for privacy questions, and your data protection officer's, if you have one.]`,
  privacyProcessorsDescription:
    'This site is hosted by Netlify, which stores what you send through it for us. If we send email through a mail service, it handles your address and the message only to deliver it. [To fill in under Site settings: the mail service you use, if any, and any other company that handles this data for you, with the country it is kept in.]',
  privacyLegalBasisDescription:
    'We reply to your messages and publish testimonials because you asked us to (consent, which you can withdraw at any time), and send the newsletter only to addresses whose owners confirmed they want it (consent). We keep the records that show what you agreed to, and when, because we must be able to prove it. [To check under Site settings: that these are the grounds you rely on.]',
  privacyComplaintsDescription:
    "If you think we have handled your data wrongly, please tell us first so that we can put it right. You also have the right to complain to a data protection authority: in the United Kingdom, the Information Commissioner's Office (ico.org.uk); in the European Union, the authority of the country you live in. [To check under Site settings: the authority where the institute is established.]",
  privacyContactDescription:
    'When you send a message through the contact form we keep your name, email address, the subject and your message so that we can reply. Only our staff read them, and we delete them once the conversation is over, at the latest after the period below.',
  privacyNewsletterDescription:
    'When you sign up for our newsletter we keep your email address, when you signed up and confirmed, the page and form you used and the wording shown beside it, and use them only to send you the newsletter. You are subscribed only once you confirm through the link we email you; a signup that is not confirmed is deleted after 7 days. Every newsletter email has a link that unsubscribes you with one click, and you can also unsubscribe on our unsubscribe page with just your address. When you unsubscribe we stop at once, and we never add your address back unless you sign up and confirm again: we keep it marked as unsubscribed, and a one-way fingerprint of it even once it is deleted. You can ask us to remove your address at any time through the contact form.',
  privacyTestimonialsDescription:
    'When you share a testimonial we keep your name, position, company, rating, words and, if you add them, your photo and LinkedIn address. Nothing is published until we have reviewed it; once approved, your name, role, photo and words appear on this site.',
  privacyAnalyticsDescription:
    "This site sets no cookies for visitors and keeps nothing in your browser to recognise you. We count visits ourselves, on our own site, with no third party. For each page view we store only the address of the page, the name of the website whose link brought you (not the link itself), and, when you followed a link in one of our newsletter emails, which issue it was. We also count, the same way, downloads of reports, citation files, calendar files and feeds as our site serves them, preview links opened, and newsletter signups by the page they came from. We never store your IP address, your browser's user agent, cookies or any identifier that could tell one visitor from another, so the counts cannot show who read what. When your browser sends Global Privacy Control or Do Not Track, nothing is counted; neither are known robots. To stop floods, your address is kept for ten minutes only as a fingerprint made with a secret key, never with the counts. Fonts and images are served from our own site.",
  privacyRightsDescription:
    'You can ask us at any time what we hold about you, and have it corrected or deleted. Write to us at the address in the contact section and we will answer within one month.',
  contactLocation: '',
  contactEmail: '',
  contactPhone: '',
  // The accessibility statement (/accessibility): what the site meets, how that is checked, what
  // is known not to work yet and whom to tell. Each claim below is checked by the test suite.
  accessibilityTitle: 'Accessibility',
  accessibilityDescription:
    'We want everyone to be able to read our research and take part in our work, whatever device, browser or assistive technology they use.',
  accessibilityStandard:
    'This site aims to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA. It can be used with a keyboard alone, starts every page with a link that skips to the content, labels every form field, and its pages can be read without JavaScript.',
  accessibilityTesting:
    'Before any change to the site is released, automated tests scan every kind of public page and every admin screen with the axe accessibility engine for WCAG 2.1 A and AA problems, and check keyboard use and dialogs in a real browser.',
  accessibilityLimitations:
    'Reports we publish as PDF files are only as accessible as the files themselves, and embedded videos rely on YouTube for captions. If you need any document or video in another format, ask us and we will provide it.',
  accessibilityFeedback:
    'If something on this site is hard to use, please tell us through the contact form, saying which page and what happened, and we will look into it and reply.',
} as const;

/** The site's time zone until an admin chooses one: event times that name no zone are read in it. */
export const DEFAULT_SITE_TIME_ZONE = 'Europe/London';

/** Every text field of the site settings. */
export type SettingsTextKey = keyof typeof SETTINGS_DEFAULTS;

/** The text to display: the stored value, or the built-in wording when it is empty. */
export function settingText(
  settings: Partial<Record<SettingsTextKey, unknown>> | null | undefined,
  key: SettingsTextKey,
): string {
  const v = settings?.[key];
  return typeof v === 'string' && v.trim() !== '' ? v : SETTINGS_DEFAULTS[key];
}
