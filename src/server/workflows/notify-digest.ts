import type { NotificationKind } from '../../schemas/notifications';
import { NOTIFICATION_LABELS } from '../../schemas/notifications';
import { fillMailWords, fillPlaceholders } from '../../schemas/mail-words';
import { settingText, type SettingsTextKey, type SiteSettings } from '../../schemas/site-settings';
import { getSiteSettings } from '../content/site-settings';
import { getContactForm, messageIdsBetween } from '../visitors/contact-forms';
import { HttpError } from '../http/errors';
import { siteUrl } from '../http/invocation';
import type { Letter } from '../outbound/mail-letter';
import { forgetOldOnceMarks, sendMailOnce, windowOnce } from '../outbound/mail-once';
import { formatDay } from '../../lib/date-style';
import { getPublishState } from '../publishing/publish';
import { upcomingReleases } from './releases';
import { sendProposalDigest } from './proposal-mail';
import { blobCall, deleteKey, openStore, STORES, takeLease } from '../storage/store';
import { getTestimonial, pendingIdsBetween } from '../visitors/testimonials';
import { quoted } from '../outbound/excerpt';
import { MARKERS, markerSchema, WINDOW_MS } from '../outbound/notify';
import { recipientsOf } from '../outbound/notify-settings';

/*
 * The scheduled half of notifications (see notify.ts): once a window is over, one email per kind
 * to each recipient, saying how many and linking to the admin. The count comes from the records'
 * own indexes, so a window of 3,000 contact messages costs one index read, not 3,000; the first
 * few are read to say who wrote and how their text begins.
 */

/** How many messages or testimonials a digest quotes; the rest are counted. */
const QUOTED = 5;

/** The first few of `ids` read with `get` (skipping any deleted meanwhile) and quoted. */
async function quotes<T>(
  ids: readonly string[],
  get: (id: string) => Promise<T | null>,
  quote: (item: T) => string,
): Promise<string[]> {
  const found = await Promise.all(
    ids
      .slice(0, QUOTED)
      .map((id) =>
        get(id).catch((e: unknown) => (e instanceof HttpError ? null : Promise.reject(e))),
      ),
  );
  const shown = found.flatMap((item) => (item ? [quote(item)] : []));
  const more = ids.length - Math.min(ids.length, QUOTED);
  return more > 0 ? [...shown, `…and ${count(more, 'more', 'more')}.`] : shown;
}

/**
 * A window is digested this long after it ends: an event at its last instant notes its marker
 * after its response, and the digest must not run before that marker lands.
 */
const GRACE_MS = 60_000;
/** Longer than one digest run takes: a run cut short leaves its claim to lapse, and the next run sends. */
const CLAIM_MS = 5 * 60_000;

type Digest = Pick<Letter, 'subject' | 'paragraphs' | 'action' | 'replyTo'>;

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16);
const day = (ms: number) => formatDay(ms, 'UTC');
const span = (start: number) =>
  `between ${clock(start)} and ${clock(start + WINDOW_MS)} UTC on ${day(start)}`;

/** A number as a digest writes it ("1,000"). */
const number = (n: number) => n.toLocaleString('en-US');

/**
 * The message for one kind and window, or null when nothing is left to tell (deleted, approved,
 * fixed). Its subject and opening words are the site settings' (`settings`), the rest the site's.
 */
async function compose(
  kind: NotificationKind,
  start: number,
  settings: SiteSettings,
): Promise<Digest | null> {
  const words = (key: SettingsTextKey) => settingText(settings, key);
  const when = span(start);
  const from = new Date(start).toISOString();
  const to = new Date(start + WINDOW_MS).toISOString();
  if (kind === 'contact') {
    const ids = await messageIdsBetween(from, to);
    if (ids.length === 0) return null;
    // One message: replying to this email reaches its sender. Several: no Reply-To, since a reply
    // could reach only one of them; each message is answered from the inbox.
    const only =
      ids.length === 1
        ? await getContactForm(ids[0]!).catch((e: unknown) =>
            e instanceof HttpError ? null : Promise.reject(e),
          )
        : null;
    // Who wrote and how they began; the sender's address is in Reply-To alone.
    const said = await quotes(ids, getContactForm, (m) => quoted(m.name, m.message));
    const values = {
      count: number(ids.length),
      messages: ids.length === 1 ? 'message' : 'messages',
      when,
    };
    return {
      subject: fillPlaceholders<'notifyContactMailSubject'>(
        words('notifyContactMailSubject'),
        values,
      ),
      paragraphs: [
        ...fillMailWords<'notifyContactMailBody'>(words('notifyContactMailBody'), values),
        ...said,
        only
          ? 'Replying to this email writes to its sender.'
          : 'Read and answer them in the inbox.',
      ],
      action: { label: 'Open the inbox', url: siteUrl('/admin/contact-forms') },
      ...(only?.email ? { replyTo: only.email } : {}),
    };
  }
  if (kind === 'testimonial') {
    const ids = await pendingIdsBetween(from, to);
    const n = ids.length;
    if (n === 0) return null;
    const said = await quotes(ids, getTestimonial, (t) =>
      quoted([t.name, t.position, t.company].filter(Boolean).join(', '), t.content),
    );
    const values = {
      count: number(n),
      testimonials: n === 1 ? 'testimonial' : 'testimonials',
      was: n === 1 ? 'was' : 'were',
      await: n === 1 ? 'awaits' : 'await',
      when,
    };
    return {
      subject: fillPlaceholders<'notifyTestimonialMailSubject'>(
        words('notifyTestimonialMailSubject'),
        values,
      ),
      paragraphs: [
        ...fillMailWords<'notifyTestimonialMailBody'>(words('notifyTestimonialMailBody'), values),
        ...said,
      ],
      action: { label: 'Review testimonials', url: siteUrl('/admin/testimonials') },
    };
  }
  if (kind === 'build-failed') {
    const state = await getPublishState();
    // A later build succeeded meanwhile: the site is live and up to date, nobody needs to act.
    if (state.state !== 'failed') return null;
    return {
      subject: words('notifyBuildFailedMailSubject'),
      paragraphs: [
        ...fillMailWords<'notifyBuildFailedMailBody'>(words('notifyBuildFailedMailBody'), {
          when,
        }),
        state.lastError ?? 'No reason was given.',
      ],
      action: { label: 'Open the dashboard', url: siteUrl('/admin') },
    };
  }
  const { warning } = await upcomingReleases();
  if (!warning) return null;
  return {
    subject: words('notifyReleaseMailSubject'),
    paragraphs: fillMailWords<'notifyReleaseMailBody'>(words('notifyReleaseMailBody'), { warning }),
    action: { label: 'Open the dashboard', url: siteUrl('/admin') },
  };
}

const FOOTER = {
  choice: (kind: NotificationKind) => ({
    text: `You get this because “${NOTIFICATION_LABELS[kind]}” is on in your account.`,
    link: { label: 'Change it on My account', url: siteUrl('/admin/account') },
  }),
  'shared-inbox': () => ({
    text: 'This address is the shared inbox for contact messages, set by an admin under Email in the admin.',
  }),
};

/** Sends the digest of one window to everyone who receives its kind; the number of messages queued. */
async function sendDigest(kind: NotificationKind, start: number): Promise<number> {
  // Review's emails go to each author apart, and name proposals: proposal-mail.ts composes them.
  if (kind === 'proposal' || kind === 'proposal-outcome') return sendProposalDigest(kind, start);
  const digest = await compose(kind, start, await getSiteSettings());
  if (!digest) return 0;
  const recipients = await recipientsOf(kind);
  let queued = 0;
  for (const r of recipients) {
    // Once per window and person: a run cut off after queueing some is run again (mail-once.ts).
    const letter = { kind: 'notification' as const, to: r.address, ...digest };
    if (await sendMailOnce({ ...letter, footer: [FOOTER[r.why](kind)] }, windowOnce(kind, start)))
      queued++;
  }
  return queued;
}

/** Takes one marker for this run (a lease, its `claimedUntil`), so two overlapping runs never both send it. */
async function claim(
  key: string,
  now: number,
): Promise<{ kind: NotificationKind; windowStart: number } | null> {
  const taken = await takeLease(
    openStore(STORES.mail),
    key,
    markerSchema,
    {
      until: (marker) => marker.claimedUntil ?? 0,
      hold: (marker, until) => ({ ...marker, claimedUntil: until }),
    },
    { ms: CLAIM_MS, now },
  );
  return taken?.value ?? null;
}

/**
 * Sends the digest of every window that is over; the run's counts. A window that fails (storage
 * down) keeps its marker, so a later run tries it again once its claim lapses, and does not hold
 * up the other kinds.
 */
export async function sendDueDigests(
  now = Date.now(),
): Promise<{ windows: number; sent: number; failed: number }> {
  const store = openStore(STORES.mail);
  const { blobs } = await blobCall('list notification windows', () =>
    store.list({ prefix: MARKERS }),
  );
  const counts = { windows: 0, sent: 0, failed: 0 };
  await forgetOldOnceMarks(now).catch((error: unknown) =>
    console.error(
      'Old notification marks were not removed; a later run tries again:',
      error instanceof Error ? error.message : error,
    ),
  );
  for (const { key } of blobs) {
    const start = Number(key.slice(key.lastIndexOf('/') + 1));
    if (!(start + WINDOW_MS + GRACE_MS <= now)) continue;
    try {
      const marker = await claim(key, now);
      if (!marker) continue;
      counts.sent += await sendDigest(marker.kind, marker.windowStart);
      await deleteKey(store, key);
      counts.windows++;
    } catch (error) {
      console.error(
        `The notification digest ${key} failed; a later run tries again:`,
        error instanceof Error ? error.message : error,
      );
      counts.failed++;
    }
  }
  return counts;
}
