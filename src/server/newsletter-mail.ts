import { SITE } from '../site.config';
import { siteUrl } from './invocation';
import { sendMail } from './mail-queue';

/** The confirmation email of a signup: one link, which opens a page that asks for one click. */
export async function sendConfirmation(email: string, token: string): Promise<void> {
  await sendMail({
    kind: 'newsletter-confirm',
    to: email,
    subject: `Confirm your subscription to the ${SITE.shortName} newsletter`,
    paragraphs: [
      `Someone, probably you, asked to receive the ${SITE.name} newsletter at this address.`,
      'To confirm, open the link below and press the button on that page. The link works for 7 days.',
    ],
    action: { label: 'Confirm my subscription', url: siteUrl(`/newsletter/confirm?token=${encodeURIComponent(token)}`) },
    footer: [{ text: 'If you did not ask for this, ignore this email: you will not be subscribed and will hear nothing more from us.' }],
  });
}
