import { createHash } from 'node:crypto';
import { z } from 'zod';
import { normaliseEmail } from '../../schemas/newsletter';
import { blobCall, deleteKey, openStore, readJSON, STORES, updateJSON, writeJSON } from './store';

/*
 * Where one person's data is, without reading every record: the privacy store keeps an empty
 * marker per record that names them, and one per History entry about such a record.
 *
 * - `p/<person hash>/<kind>/<record key>`: a contact message or testimonial naming this address or
 *   name. The hash is a SHA-256 of the normalised address (`e:`) or name (`n:`), so the markers hold
 *   no personal data themselves. A name is matched whole (case and spacing aside).
 * - `h/<target>/<entry id>`: a History entry about a record that holds personal data.
 * - `erasures/<person hash>`: when the newest erasure of this person started, and ended.
 *
 * Records and entries written before these markers existed are marked once, by `markEarlierRecords`
 * (a full scan, the only one), the first time anyone looks a person up.
 */
const store = () => openStore(STORES.privacy);
const flagSchema = z.object({ at: z.string() });
const markerSchema = z.object({});

export type PersonKind = 'contact' | 'testimonial';
export interface Person {
  email?: string;
  name?: string;
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex');
const normaliseName = (name: string) =>
  name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** The marker folders of a person: one for the address, one for the name (whichever are given). */
export function personHashes(who: Person): string[] {
  const out: string[] = [];
  if (who.email?.trim()) out.push(`e${hash(normaliseEmail(who.email))}`);
  if (who.name && normaliseName(who.name)) out.push(`n${hash(normaliseName(who.name))}`);
  return out;
}

const personMarker = (h: string, kind: PersonKind, key: string) =>
  `p/${h}/${kind}/${encodeURIComponent(key)}`;
const historyPrefix = (target: string) => `h/${encodeURIComponent(target)}/`;

/** Marks a stored record as naming this person (written before the record, so none is unmarked). */
export async function markPerson(kind: PersonKind, key: string, who: Person): Promise<void> {
  await Promise.all(
    personHashes(who).map((h) => writeJSON(store(), personMarker(h, kind, key), markerSchema, {})),
  );
}

/**
 * History targets whose entries copy a visitor's data: wider than the roles' personal targets
 * (testimonials are editors' work, yet hold a name and a photo), narrower than all (users are staff).
 */
const holdsVisitorData = (target: string) =>
  /^(contact-forms|testimonials|subscriptions)\//.test(target);

/** Marks a History entry as being about `target`. */
export async function markHistoryEntry(target: string, entryId: string): Promise<void> {
  if (holdsVisitorData(target))
    await writeJSON(store(), `${historyPrefix(target)}${entryId}`, markerSchema, {});
}

async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  await blobCall('list privacy markers', async () => {
    for await (const { blobs } of store().list({ prefix, paginate: true }))
      keys.push(...blobs.map((b) => b.key));
  });
  return keys;
}

/** The records marked as naming this person, by kind, each key once. */
export async function markedRecords(who: Person): Promise<Record<PersonKind, string[]>> {
  const found: Record<PersonKind, Set<string>> = { contact: new Set(), testimonial: new Set() };
  for (const h of personHashes(who)) {
    for (const key of await keysUnder(`p/${h}/`)) {
      const [, , kind, record] = key.split('/');
      if ((kind === 'contact' || kind === 'testimonial') && record)
        found[kind].add(decodeURIComponent(record));
    }
  }
  return { contact: [...found.contact], testimonial: [...found.testimonial] };
}

/** The History entry ids about `target`. */
export async function historyEntriesOf(target: string): Promise<string[]> {
  return (await keysUnder(historyPrefix(target))).map((k) => k.slice(k.lastIndexOf('/') + 1));
}

/** Forgets the markers of an erased person and of the History entries about their records. */
export async function forgetPerson(who: Person, targets: readonly string[]): Promise<void> {
  const keys = [
    ...(await Promise.all(personHashes(who).map((h) => keysUnder(`p/${h}/`)))).flat(),
    ...(await Promise.all(targets.map((t) => keysUnder(historyPrefix(t))))).flat(),
  ];
  for (const key of keys) await deleteKey(store(), key);
}

/** Forgets the markers of one deleted record and of the History entries about it (retention). */
export async function forgetRecord(
  kind: PersonKind,
  key: string,
  who: Person,
  target: string,
): Promise<void> {
  const keys = [
    ...personHashes(who).map((h) => personMarker(h, kind, key)),
    ...(await keysUnder(historyPrefix(target))),
  ];
  for (const k of keys) await deleteKey(store(), k);
}

/*
 * An erasure finds a person's records by their markers at one moment. A History restore that
 * brings one of their records back (a deleted testimonial or subscription) can land after that
 * moment, with an entry the erasure never saw: the erasure notes when it started and ended, and a
 * restore that overlapped one takes its record and entry back (erasureOverlaps).
 */
const erasureSchema = z.object({ started: z.number(), ended: z.number().optional() });
const erasureKey = (h: string) => `erasures/${h}`;
/** How long an erasure that never noted its end counts as running (far longer than one takes). */
const ERASURE_MS = 15 * 60_000;
/** Allowance for clocks of different function instances. */
const CLOCK_SKEW_MS = 10_000;

/** Notes that an erasure of this person starts now (before it looks for anything); answers the time. */
export async function beginErasure(who: Person): Promise<number> {
  const started = Date.now();
  for (const h of personHashes(who))
    await writeJSON(store(), erasureKey(h), erasureSchema, { started });
  return started;
}

/** Notes that the erasure begun at `started` has ended (unless a newer one began meanwhile). */
export async function endErasure(who: Person, started: number): Promise<void> {
  for (const h of personHashes(who))
    await updateJSON(
      store(),
      erasureKey(h),
      erasureSchema,
      () => ({ started }),
      (e) => (e.started === started ? { ...e, ended: Date.now() } : e),
    );
}

/** Whether an erasure of this person ran at any time since `since` (or may still be running). */
export async function erasureOverlaps(who: Person, since: number): Promise<boolean> {
  for (const h of personHashes(who)) {
    const e = (await readJSON(store(), erasureKey(h), erasureSchema))?.value;
    if (e && (e.ended ?? e.started + ERASURE_MS) >= since - CLOCK_SKEW_MS) return true;
  }
  return false;
}

const FLAG = 'marked-earlier-records';

/**
 * Marks what was stored before the markers existed, once per store: `scan` yields every earlier
 * record's person and every History entry's target. Repeating it is harmless (markers are
 * idempotent), so a run cut short is simply run again.
 */
export async function markEarlierRecords(
  scan: () => Promise<{
    people: { kind: PersonKind; key: string; who: Person }[];
    history: { target: string; id: string }[];
  }>,
): Promise<void> {
  if (await readJSON(store(), FLAG, flagSchema)) return;
  const { people, history } = await scan();
  for (const p of people) await markPerson(p.kind, p.key, p.who);
  for (const h of history) await markHistoryEntry(h.target, h.id);
  await writeJSON(store(), FLAG, flagSchema, { at: new Date().toISOString() });
}
