import type { NewsletterSettings } from '../../../schemas/notifications';
import type { User } from '../../../schemas/user';
import { HttpError } from '../../http/errors';
import { commitChange } from '../../publishing/history';
import {
  getNotificationSettings,
  updateNotificationSettings,
} from '../../outbound/notify-settings';

/*
 * How issues go out: who may send, how fast, and whether digests send themselves. Kept in the
 * team's notification settings document, beside the other mail choices admins make.
 */

/** The newsletter's sending settings (defaults until an admin changes them). */
export async function getNewsletterSettings(): Promise<NewsletterSettings> {
  const s = await getNotificationSettings();
  return {
    editorsMaySendNewsletter: s.editorsMaySendNewsletter,
    newsletterRatePerSecond: s.newsletterRatePerSecond,
    digestAutoSend: s.digestAutoSend,
    digestDelayMinutes: s.digestDelayMinutes,
  };
}

/** Changes some of the sending settings (admins only: the caller checks). */
export async function setNewsletterSettings(
  user: User,
  patch: Partial<NewsletterSettings>,
): Promise<NewsletterSettings> {
  await updateNotificationSettings((s) => ({ ...s, ...patch }));
  await commitChange(
    user,
    {
      action: 'update',
      target: 'notification-settings',
      summary: `Changed how newsletter issues are sent (${Object.keys(patch).join(', ')})`,
    },
    { rebuild: false },
  );
  return getNewsletterSettings();
}

/**
 * 403 unless this user may send an issue to subscribers: admins always, editors only when an
 * admin allowed it. Drafting, previewing and test copies to oneself need only the content permission.
 */
export async function assertMaySend(user: User): Promise<void> {
  if (user.role === 'admin') return;
  if ((await getNewsletterSettings()).editorsMaySendNewsletter) return;
  throw new HttpError(
    403,
    'Only admins may send newsletter issues: an admin can allow editors to send under Newsletter settings',
  );
}
