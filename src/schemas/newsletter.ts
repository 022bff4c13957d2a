import * as z from 'zod/mini';
import { emailAddress } from './clean-text';
import { CONSENT_WORDINGS } from './newsletter-consent';

// Written with zod/mini: the newsletter form and popup validate with this same schema.

/**
 * The research areas (by slug) a reader wants news of; none means everything. Which slugs exist is
 * checked on the server, against the research areas of the moment.
 */
export const topicsField = z
  .array(z.string('topics must be research area slugs').check(z.maxLength(100, 'Unknown topic')))
  .check(z.maxLength(50, 'Choose at most 50 topics'));

/**
 * Newsletter signup (inline and popup): a valid email, and what the consent record keeps: the
 * page and form it came from and the version of the wording shown beside the form.
 */
export const newsletterInputSchema = z.object({
  email: emailAddress('Please enter a valid email address'),
  page: z.optional(
    z
      .string()
      .check(
        z.maxLength(300, 'page is too long'),
        z.regex(/^\/[^\s\\]*$/, 'page must be a path on this site'),
      ),
  ),
  form: z.optional(z.enum(['inline', 'popup'], 'form must be inline or popup')),
  consent: z.optional(
    z.enum(
      Object.keys(CONSENT_WORDINGS) as [keyof typeof CONSENT_WORDINGS],
      'consent must name a wording this site has shown',
    ),
  ),
  topics: z.optional(topicsField),
});

/** POST /api/newsletter/confirm: the token from the confirmation link. */
export const confirmInputSchema = z.object({
  token: z
    .string('Send the token from the confirmation link')
    .check(z.maxLength(200, 'This confirmation link is not valid')),
});

/** Lower-cased, trimmed address: the uniqueness key. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** POST /api/newsletter/unsubscribe from the unsubscribe page: the token from the link. */
export const unsubscribeInputSchema = z.object({
  token: z
    .string('Send the token from the unsubscribe link')
    .check(z.maxLength(200, 'This unsubscribe link is not valid')),
});

/** POST /api/newsletter/unsubscribe-link: the address to send an unsubscribe link to. */
export const unsubscribeLinkInputSchema = z.object({
  email: emailAddress('Please enter a valid email address'),
});

/** GET /api/newsletter/preferences: the token from a newsletter email's preferences link. */
export const preferencesTokenSchema = z.object({
  token: z
    .string('Send the token from the link in a newsletter email')
    .check(z.maxLength(200, 'This preferences link is not valid')),
});

/** POST /api/newsletter/preferences: the link's token and the topics to keep ([] = everything). */
export const preferencesInputSchema = z.extend(preferencesTokenSchema, { topics: topicsField });

/** A research area as a reader chooses it (signup forms, preferences page). */
export interface TopicArea {
  slug: string;
  title: string;
}

/** GET /api/newsletter/preferences: whose subscription (masked), its topics ([] = everything), every choice. */
export interface Preferences {
  email: string;
  topics: string[];
  areas: TopicArea[];
}
