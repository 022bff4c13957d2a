import type { MailWordsKey } from '../../schemas/mail-words';
import { settingText, type SettingsTextKey } from '../../schemas/site-settings';
import { getSiteSettings } from '../content/site-settings';
import type { AccountMailWords } from '../outbound/account-mail';

/**
 * An account email's subject and words as the site settings word them (the built-in wording
 * until an admin changes it). Read here, on the floor above the settings, and passed down to
 * outbound/account-mail.ts, which sends without reading the settings itself.
 */
export async function accountMailWords(
  subject: SettingsTextKey,
  body: MailWordsKey,
): Promise<AccountMailWords> {
  const settings = await getSiteSettings();
  return { subject: settingText(settings, subject), body: settingText(settings, body) };
}
