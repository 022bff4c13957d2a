import type { IssuePreview, NewsletterIssue } from '../../../schemas/newsletter-issue';
import type { QueuedMail } from '../../../schemas/mail';
import type { User } from '../../../schemas/user';
import { HttpError } from '../../http/errors';
import { afterResponse, siteUrl } from '../../http/invocation';
import { mailSetup } from '../../outbound/mail-setup';
import { commitChange } from '../../publishing/history';
import { newLinkSecret } from '../../visitors/newsletter-token';
import { audienceCount } from './audience';
import { changeIssue, getIssue, issueRows } from './issues';
import { isLeased } from './send-lease';
import { assertMaySend } from './sending-settings';

/** Where the background sender listens (netlify/functions/newsletter-send-background.ts). */
export const SENDER_PATH = '/api/newsletter/send-run';

/**
 * Starts the background sender. Netlify answers a background function at once (202) and runs it
 * for up to 15 minutes; if this call is lost, the scheduled check starts it within a minute.
 */
export async function startSender(): Promise<void> {
  try {
    await fetch(siteUrl(SENDER_PATH), { method: 'POST' });
  } catch (error) {
    console.error('Could not start the newsletter sender:', (error as Error).message);
  }
}

/**
 * The renderer (Markdown, sanitiser, cards), loaded on use: the issue routes and the scheduled
 * check that share this module answer without loading it.
 */
const renderer = () => import('./issue-message');

/** A reader for previews and test copies: its links have the shape of a real one's, and open nothing. */
const sampleReader = (email: string) => ({ id: '0'.repeat(64), email, secret: newLinkSecret() });

/** GET /api/admin/newsletter-issues/:id/preview: the message as it arrives, and the audience now. */
export async function previewIssue(id: string): Promise<IssuePreview> {
  const issue = await getIssue(id);
  const { issueMessage, prepareIssue } = await renderer();
  const message = issueMessage(await prepareIssue(issue), sampleReader('reader@example.org'));
  return {
    subject: message.subject,
    html: message.html,
    text: message.text,
    recipients: await audienceCount(issue.topics),
  };
}

function assertMailOn(): Exclude<ReturnType<typeof mailSetup>, { mode: 'off' }> {
  const setup = mailSetup();
  if (setup.mode === 'off') throw new HttpError(409, setup.detail);
  return setup;
}

/** POST …/:id/test: one copy to the signed-in user's own verified address, after the answer. */
export async function sendTestCopy(user: User, id: string): Promise<{ to: string }> {
  const to = user.email && user.emailVerifiedAt ? user.email : null;
  if (!to)
    throw new HttpError(
      400,
      'Your account has no verified email address: add one under My account to receive a test copy',
    );
  const setup = assertMailOn();
  const issue = await getIssue(id);
  const { issueMessage, prepareIssue } = await renderer();
  const message = issueMessage(await prepareIssue(issue), sampleReader(to));
  const now = new Date().toISOString();
  const mail: QueuedMail = {
    id: `${String(Date.now()).padStart(13, '0')}-test-${issue.id}`,
    kind: 'newsletter-issue',
    to,
    ...message,
    subject: `[Test] ${message.subject}`,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: now,
  };
  afterResponse('Sending a test copy of a newsletter issue', async () => {
    const { transmit } = await import('../../outbound/mail-transport');
    await transmit(setup, mail);
  });
  return { to };
}

function assertSendable(issue: NewsletterIssue): void {
  if (issue.status === 'sent' || issue.status === 'sending')
    throw new HttpError(
      409,
      issue.status === 'sent'
        ? 'This issue has already been sent: it cannot be sent again'
        : 'This issue is being sent already',
    );
  if (!issue.intro.trim() && issue.items.length === 0)
    throw new HttpError(400, 'Add an intro or at least one item before sending this issue');
}

/**
 * POST …/:id/send: now (the sender starts at once) or at `at` (the scheduled check starts it).
 * The status changes in the issue's etag-guarded write, so two presses send once: the second is a 409.
 */
export async function sendIssue(user: User, id: string, at?: string): Promise<NewsletterIssue> {
  await assertMaySend(user);
  assertMailOn();
  assertSendable(await getIssue(id));
  const now = Date.now();
  const later = at && Date.parse(at) > now ? new Date(Date.parse(at)).toISOString() : null;
  const issue = await changeIssue(id, (current) => {
    assertSendable(current);
    return later
      ? { ...current, status: 'scheduled', scheduledAt: later }
      : { ...current, status: 'sending', startedAt: new Date(now).toISOString() };
  });
  await commitChange(
    user,
    {
      action: 'update',
      target: `newsletter-issues/${id}`,
      summary: later
        ? `Scheduled the newsletter “${issue.subject}” for ${later}`
        : `Started sending the newsletter “${issue.subject}”`,
    },
    { rebuild: false },
  );
  if (issue.status === 'sending') await startSender();
  return issue;
}

/** POST …/:id/cancel: a scheduled issue (or a digest waiting to send itself) goes back to draft. */
export async function cancelIssue(user: User, id: string): Promise<NewsletterIssue> {
  const cancelled = await changeIssue(id, (issue) => {
    if (issue.status !== 'scheduled')
      throw new HttpError(
        409,
        issue.status === 'draft'
          ? 'This issue is not scheduled: there is nothing to cancel'
          : 'This issue is already being sent or was sent: it can no longer be cancelled',
      );
    const { scheduledAt: _s, ...rest } = issue;
    return { ...rest, status: 'draft' };
  });
  await commitChange(
    user,
    {
      action: 'update',
      target: `newsletter-issues/${id}`,
      summary: `Cancelled the scheduled send of “${cancelled.subject}”`,
    },
    { rebuild: false },
  );
  return cancelled;
}

/**
 * The scheduled check (every minute): scheduled issues whose time has come start sending, and the
 * sender is started when an issue is sending with nobody holding its lease (a run that ended at
 * its time limit, or died).
 */
export async function checkSends(now = Date.now()): Promise<{ started: number; resumed: boolean }> {
  const rows = await issueRows();
  let started = 0;
  for (const row of rows) {
    if (row.status !== 'scheduled' || !row.scheduledAt || Date.parse(row.scheduledAt) > now)
      continue;
    const issue = await changeIssue(row.id, (i) =>
      i.status === 'scheduled' && i.scheduledAt && Date.parse(i.scheduledAt) <= now
        ? { ...i, status: 'sending', startedAt: new Date(now).toISOString() }
        : i,
    );
    if (issue.status === 'sending') started++;
  }
  const sending = (await issueRows()).filter((r) => r.status === 'sending');
  const idle = (await Promise.all(sending.map((r) => isLeased(r.id)))).some((held) => !held);
  if (idle) await startSender();
  return { started, resumed: idle };
}
