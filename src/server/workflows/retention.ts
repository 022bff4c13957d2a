import { subMonths } from 'date-fns/subMonths';
import { recordAudit } from '../visitors/audit-log';
import { deleteContactForm, messageIdsBefore } from '../visitors/contact-forms';
import { HttpError } from '../http/errors';
import { eraseHistoryEntry } from '../publishing/history';
import {
  forgetRecord,
  historyEntriesOf,
  type PersonKind,
  type Person,
} from '../storage/person-index';
import { getSiteSettings } from '../content/site-settings';
import { deleteTestimonial, pendingTestimonialIdsBefore } from '../visitors/testimonials';

/*
 * The retention periods the privacy notice states, applied: contact messages older than
 * `retainMessagesMonths` and testimonials never approved older than `retainPendingTestimonialsMonths`
 * are deleted with their photos, and the History entries that copied them are erased. Which records
 * are due comes from the inbox index and the testimonial keys (no record is read to find them). A
 * run stops at its time budget; the next run (hourly) carries on where it stopped.
 */

export interface RetentionResult {
  messages: number;
  testimonials: number;
  /** True when the budget ran out with records still due. */
  more: boolean;
}

/** Not deleted, and rightly: gone meanwhile (404), or no longer due, approved since it was listed (409). */
const gone = (error: unknown) =>
  error instanceof HttpError && (error.status === 404 || error.status === 409);

/** Deletes one due record, then erases the History entries about it and forgets its markers. */
async function expire(
  kind: PersonKind,
  id: string,
  target: string,
  remove: () => Promise<Person>,
): Promise<boolean> {
  let who: Person;
  try {
    who = await remove();
  } catch (error) {
    if (gone(error)) return false;
    throw error;
  }
  for (const entry of await historyEntriesOf(target)) await eraseHistoryEntry(entry);
  await forgetRecord(kind, id, who, target);
  return true;
}

export async function applyRetention(
  now = Date.now(),
  budgetMs = 20_000,
): Promise<RetentionResult> {
  const started = Date.now();
  const settings = await getSiteSettings();
  const cutoff = (months: number) => subMonths(new Date(now), months).toISOString();
  const [messages, testimonials] = await Promise.all([
    messageIdsBefore(cutoff(settings.retainMessagesMonths)),
    pendingTestimonialIdsBefore(cutoff(settings.retainPendingTestimonialsMonths)),
  ]);
  const result: RetentionResult = { messages: 0, testimonials: 0, more: false };
  const due = [
    ...messages.map((id) => ({
      kind: 'contact' as const,
      id,
      target: `contact-forms/${id}`,
      remove: () => deleteContactForm(id),
    })),
    ...testimonials.map((id) => ({
      kind: 'testimonial' as const,
      id,
      target: `testimonials/${id}`,
      remove: () => deleteTestimonial(id, (t) => t.approved),
    })),
  ];
  for (const [i, item] of due.entries()) {
    if (Date.now() - started > budgetMs) {
      result.more = i < due.length;
      break;
    }
    if (await expire(item.kind, item.id, item.target, item.remove))
      result[item.kind === 'contact' ? 'messages' : 'testimonials']++;
  }
  if (result.messages > 0)
    await recordAudit('system', {
      action: 'retention',
      what: 'contact-forms',
      count: result.messages,
    });
  if (result.testimonials > 0)
    await recordAudit('system', {
      action: 'retention',
      what: 'testimonials',
      count: result.testimonials,
    });
  return result;
}
