import { SITE } from '../../site.config';
import { settingText, type SettingsTextKey } from '../../schemas/site-settings';
import { getSiteSettings } from '../content/site-settings';
import { siteUrl } from '../http/invocation';
import type { FooterLine } from '../outbound/mail-letter';
import { sendMail } from '../outbound/mail-queue';
import { STORES } from '../storage/store';
import { linkToken } from './newsletter-token';

/** An email's subject and opening words as the site settings word them (the built-in wording by default). */
async function wording(
  subject: SettingsTextKey,
  text: SettingsTextKey,
): Promise<{ subject: string; text: string }> {
  const settings = await getSiteSettings();
  return { subject: settingText(settings, subject), text: settingText(settings, text) };
}

/**
 * The confirmation email of a signup: one link, which opens a page that asks for one click. It is
 * delivered only while the link is the subscription's current one (`link.hash` is stored): a
 * signup of a confirmed address, or a repeat within minutes, queues it all the same and it is
 * dropped unsent, so the request does the same work either way.
 */
export async function sendConfirmation(
  email: string,
  token: string,
  link: { id: string; hash: string },
): Promise<void> {
  const words = await wording('newsletterConfirmMailSubject', 'newsletterConfirmMailText');
  await sendMail({
    onlyWhile: {
      store: STORES.newsletter,
      key: link.id,
      field: 'confirmTokenHash',
      equals: link.hash,
    },
    kind: 'newsletter-confirm',
    to: email,
    subject: words.subject,
    paragraphs: [
      words.text,
      'To confirm, open the link below and press the button on that page. The link works for 7 days.',
    ],
    action: {
      label: 'Confirm my subscription',
      url: siteUrl(`/newsletter/confirm?token=${encodeURIComponent(token)}`),
    },
    footer: [
      {
        text: 'If you did not ask for this, ignore this email: you will not be subscribed and will hear nothing more from us.',
      },
    ],
  });
}

/** The public unsubscribe page: with a token it asks for one click, without one it takes an address. */
export const unsubscribePage = (token?: string) =>
  siteUrl(
    token
      ? `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`
      : '/newsletter/unsubscribe',
  );

/**
 * A subscription's preferences page (choose topics, or unsubscribe), for every newsletter email:
 * opened with the unsubscribe link's token, so it works exactly as long as that link does.
 */
export const preferencesUrl = (id: string, unsubscribeSecret: string) =>
  siteUrl(`/newsletter/preferences?token=${encodeURIComponent(linkToken(id, unsubscribeSecret))}`);

/**
 * What every newsletter email carries so leaving takes one click: the RFC 8058 headers, which mail
 * apps show as their own "Unsubscribe" button and answer with a POST to the URL, and a footer
 * link to the unsubscribe page, which also works from an address.
 */
export function unsubscribeParts(
  id: string,
  secret: string,
): { headers: Record<string, string>; footer: FooterLine[] } {
  const token = linkToken(id, secret);
  return {
    headers: {
      'List-Unsubscribe': `<${siteUrl(`/api/newsletter/unsubscribe?token=${encodeURIComponent(token)}`)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    footer: [
      {
        text: `You receive this because you subscribed to the ${SITE.name} newsletter. To stop, one click is enough:`,
        link: { label: 'Unsubscribe', url: unsubscribePage(token) },
      },
      {
        text: 'You can also unsubscribe any address of yours at',
        link: { label: unsubscribePage(), url: unsubscribePage() },
      },
    ],
  };
}

/** The first newsletter email: sent once a signup is confirmed, with its unsubscribe link. */
export async function sendWelcome(email: string, id: string, secret: string): Promise<void> {
  const words = await wording('newsletterWelcomeMailSubject', 'newsletterWelcomeMailText');
  await sendMail({
    kind: 'newsletter-welcome',
    to: email,
    subject: words.subject,
    paragraphs: [
      `Thank you for confirming: you are now subscribed to the ${SITE.name} newsletter at this address.`,
      words.text,
    ],
    ...unsubscribeParts(id, secret),
  });
}

/** The link an unsubscribe request by address sends: it opens the page, which asks for one click. */
export async function sendUnsubscribeLink(
  email: string,
  id: string,
  secret: string,
): Promise<void> {
  const words = await wording('newsletterUnsubscribeMailSubject', 'newsletterUnsubscribeMailText');
  await sendMail({
    kind: 'newsletter-unsubscribe-link',
    to: email,
    subject: words.subject,
    paragraphs: [
      words.text,
      'To unsubscribe, open the link below and press the button on that page.',
    ],
    action: { label: 'Unsubscribe', url: unsubscribePage(linkToken(id, secret)) },
    footer: [
      { text: 'If you did not ask for this, ignore this email: your subscription stays as it is.' },
    ],
  });
}
