import { z } from 'zod';
import type { NotificationKind } from '../../schemas/notifications';
import { NOTIFICATION_LABELS } from '../../schemas/notifications';
import type { Proposal } from '../../schemas/proposal';
import type { ReleaseBundle } from '../../schemas/release-bundle';
import { fillMailWords, fillPlaceholders } from '../../schemas/mail-words';
import { settingText, type SettingsTextKey } from '../../schemas/site-settings';
import { formatDateTime } from '../../lib/date-style';
import { releaseTime } from '../../schemas/release';
import { getSiteSettings } from '../content/site-settings';
import { siteUrl } from '../http/invocation';
import { sendMailOnce, windowOnce } from '../outbound/mail-once';
import { noteEvent, WINDOW_MS } from '../outbound/notify';
import { addressOfUser, recipientsOf } from '../outbound/notify-settings';
import { newestFirstKey, timeOfInverted } from '../storage/keys';
import { readRecords } from '../storage/records';
import { blobCall, deleteKey, openStore, STORES, writeJSON } from '../storage/store';
import { listPrefix, listProposals } from './proposal-store';

/*
 * The emails of review, batched as every team notification is (notify.ts: one marker per kind and
 * 15-minute window; notify-digest.ts sends once the window is over).
 * - Reviewers ('proposal'): the proposals made or resubmitted in the window that still wait.
 * - Authors ('proposal-outcome'): each author's own news. A decision or a held release writes a
 *   small notice under `notices/<author>/`; the digest sends each author one email of their
 *   notices and deletes those it sent. A run that dies between the two sends them again.
 */

const store = () => openStore(STORES.proposals);

/** The site settings' wording of these emails (the built-in wording until an admin changes it). */
async function wording(): Promise<(key: SettingsTextKey) => string> {
  const settings = await getSiteSettings();
  return (key) => settingText(settings, key);
}
const noticesOf = (author: string) => `notices/${encodeURIComponent(author.toLowerCase())}/`;
const noticeSchema = z.object({
  author: z.string(),
  at: z.string(),
  /** One paragraph of the email. */
  text: z.string(),
  /** Where to act on it. */
  url: z.string(),
});

/** How many proposals a reviewers' email names; the rest are counted. */
const NAMED = 10;

const proposalUrl = (id: string) => siteUrl(`/admin/proposals?id=${encodeURIComponent(id)}`);
const what = (p: Proposal) =>
  p.action === 'create'
    ? `a new ${p.subject.replace(/s$/, '').replace('-', ' ')} “${p.label}”`
    : p.action === 'delete'
      ? `deleting “${p.label}”`
      : `“${p.label}” (${Object.keys(p.changes).join(', ')})`;

async function addNotice(author: string, text: string, url: string): Promise<void> {
  const now = Date.now();
  await writeJSON(store(), `${noticesOf(author)}${newestFirstKey(now)}`, noticeSchema, {
    author,
    at: new Date(now).toISOString(),
    text,
    url,
  });
  noteEvent('proposal-outcome', now);
}

/** A proposal was made, resubmitted or decided: reviewers or its author will hear of it. */
export async function noteProposalStep(
  p: Proposal,
  step: 'proposed' | 'approved' | 'rejected' | 'changes-requested' | 'commented',
): Promise<void> {
  if (step === 'proposed') return noteEvent('proposal', p.updatedAt);
  const last = p.comments.at(-1);
  if (step === 'commented') {
    // An outside reviewer's comment through the preview link: not one of the editable notices.
    const said = last?.text ? ` They wrote: “${last.text}”` : '';
    const by = last?.by ?? 'An outside reviewer';
    const text = `${by} commented on your proposal for ${what(p)} through its preview link.${said}`;
    return addNotice(p.author, text, proposalUrl(p.id));
  }
  const words = await wording();
  const key =
    step === 'approved'
      ? 'notifyApprovedMailBody'
      : step === 'rejected'
        ? 'notifyRejectedMailBody'
        : 'notifyChangesMailBody';
  const text = fillPlaceholders<'notifyRejectedMailBody'>(words(key), {
    reviewer: (step === 'changes-requested' ? last?.by : p.decidedBy) ?? 'A reviewer',
    proposal: what(p),
    comment: last?.text ? `They wrote: “${last.text}”` : '',
  }).trim();
  await addNotice(p.author, text, proposalUrl(p.id));
}

/** A release was held for review: its author hears why. */
export async function noteReleaseHeld(bundle: ReleaseBundle, reasons: string[]): Promise<void> {
  const words = await wording();
  await addNotice(
    bundle.createdBy,
    fillPlaceholders<'notifyHeldMailBody'>(words('notifyHeldMailBody'), {
      release: bundle.name,
      reasons: reasons.join('; '),
      when: `${formatDateTime(releaseTime({ publishAt: bundle.publishAt, timeZone: bundle.timeZone }), bundle.timeZone)} (${bundle.timeZone})`,
    }),
    siteUrl('/admin/releases'),
  );
}

const FOOTER = (kind: NotificationKind) => ({
  text: `You get this because “${NOTIFICATION_LABELS[kind]}” is on in your account.`,
  link: { label: 'Change it on My account', url: siteUrl('/admin/account') },
});

/** The reviewers' email of one window: what was proposed in it and still waits; the number queued. */
async function sendReviewDigest(start: number): Promise<number> {
  // The newest pending proposals: a window's are among them unless more than a page came after.
  const page = await listProposals(listPrefix({ status: 'pending' }), 1, 100, (p) => {
    const at = Date.parse(p.updatedAt);
    return p.status === 'pending' && at >= start && at < start + WINDOW_MS;
  });
  if (!page.items.length) return 0;
  // Nobody is asked to review their own (an editor's proposal under the two-person rule).
  const authors = new Map<string, string>();
  for (const author of new Set(page.items.map((p) => p.author.toLowerCase()))) {
    const address = await addressOfUser(author, 'proposal');
    if (address) authors.set(address, author);
  }
  const recipients = await recipientsOf('proposal');
  const words = await wording();
  let sent = 0;
  for (const r of recipients) {
    const own = authors.get(r.address);
    const waiting = page.items.filter((p) => p.author.toLowerCase() !== own);
    if (!waiting.length) continue;
    const lines = waiting.slice(0, NAMED).map((p) => `${p.author} proposes ${what(p)}.`);
    if (waiting.length > NAMED) lines.push(`…and ${waiting.length - NAMED} more.`);
    // Once per window and person: a run cut off after queueing some is run again (mail-once.ts).
    const queued = await sendMailOnce(
      {
        kind: 'notification',
        to: r.address,
        subject:
          waiting.length === 1
            ? fillPlaceholders<'notifyReviewMailSubject'>(words('notifyReviewMailSubject'), {
                title: waiting[0]!.label,
              })
            : fillPlaceholders<'notifyReviewsMailSubject'>(words('notifyReviewsMailSubject'), {
                count: String(waiting.length),
              }),
        paragraphs: [
          ...lines,
          ...fillMailWords<'notifyReviewMailBody'>(words('notifyReviewMailBody'), {}),
        ],
        action: {
          label: waiting.length === 1 ? 'Review it' : 'Review them',
          url: waiting.length === 1 ? proposalUrl(waiting[0]!.id) : siteUrl('/admin/proposals'),
        },
        footer: [FOOTER('proposal')],
      },
      windowOnce('proposal', start),
    );
    if (queued) sent++;
  }
  return sent;
}

/** Each author's email of their notices up to the window's end; the number queued. */
async function sendAuthorDigests(start: number): Promise<number> {
  const end = start + WINDOW_MS;
  const keys: string[] = [];
  await blobCall('list notices', async () => {
    for await (const { blobs } of store().list({ prefix: 'notices/', paginate: true }))
      keys.push(...blobs.map((b) => b.key));
  });
  const due = keys.filter(
    (k) => timeOfInverted(k.slice(k.lastIndexOf('/') + 1).slice(0, 13)) < end,
  );
  const byAuthor = new Map<string, string[]>();
  for (const key of due) {
    const author = key.split('/')[1]!;
    byAuthor.set(author, [...(byAuthor.get(author) ?? []), key]);
  }
  let sent = 0;
  const words = await wording();
  for (const authorKeys of byAuthor.values()) {
    // Keys sort newest first: the email tells them oldest first.
    const notices = await readRecords(store(), authorKeys.sort().reverse(), noticeSchema);
    if (!notices.length) continue;
    const address = await addressOfUser(notices[0]!.author, 'proposal-outcome');
    if (address) {
      // Once per window and author: a run cut off before it deleted the notices it sent is run
      // again, finds them, and must not send them twice (mail-once.ts).
      const queued = await sendMailOnce(
        {
          kind: 'notification',
          to: address,
          subject:
            notices.length === 1
              ? notices[0]!.text.split('.')[0]!
              : fillPlaceholders<'notifyOutcomesMailSubject'>(words('notifyOutcomesMailSubject'), {
                  count: String(notices.length),
                }),
          paragraphs: notices.map((n) => `${n.text} ${n.url}`),
          action: { label: 'Open it', url: notices.at(-1)!.url },
          footer: [FOOTER('proposal-outcome')],
        },
        windowOnce('proposal-outcome', start),
      );
      if (queued) sent++;
    }
    await Promise.all(authorKeys.map((k) => deleteKey(store(), k)));
  }
  return sent;
}

/** notify-digest.ts's step for the review kinds: the number of messages queued. */
export async function sendProposalDigest(
  kind: 'proposal' | 'proposal-outcome',
  start: number,
): Promise<number> {
  return kind === 'proposal' ? sendReviewDigest(start) : sendAuthorDigests(start);
}
