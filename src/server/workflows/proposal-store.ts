import { z } from 'zod';
import {
  OPEN_STATUSES,
  proposalSchema,
  type Proposal,
  type ProposalStatus,
} from '../../schemas/proposal';
import { HttpError } from '../http/errors';
import { newestFirstKey } from '../storage/keys';
import { readRecords } from '../storage/records';
import {
  blobCall,
  createJSON,
  deleteKey,
  openStore,
  readJSON,
  STORES,
  updateJSON,
  writeJSON,
} from '../storage/store';

/*
 * Proposals, one key per proposal (`proposals/<id>`, the id a newest-first key), and beside each
 * the empty marker keys that index it: by status, by author (and both), and while it is open, by
 * the record it changes. A list lists one marker prefix (newest first, as far as the page needs)
 * and reads only the proposals it shows; whether an item of a release has an open proposal is one
 * listing of its prefix. A marker is a hint: every reader checks the proposal itself, so a marker
 * left behind by a crash between the proposal's write and the markers' is skipped, and the next
 * change of that proposal writes its markers again.
 */

const store = () => openStore(STORES.proposals);
const recordKey = (id: string) => `proposals/${id}`;
const user = (name: string) => encodeURIComponent(name.toLowerCase());
const ID_PATTERN = /^\d{13}-[0-9a-f]{8}$/;
const markerSchema = z.object({});

/** The record a proposal changes, as its open-marker prefix names it (a new record has none yet). */
export const openPrefix = (subject: string, recordId?: string) =>
  `open/${subject}/${recordId ?? '_new'}/`;

/** The prefix a list reads: every proposal, or those of one status, of one author, or both. */
export function listPrefix(filter: { status?: ProposalStatus; author?: string }): string {
  const by = filter.author === undefined ? '' : `author/${user(filter.author)}/`;
  return `index/${by}${filter.status ?? 'all'}/`;
}

const isOpen = (p: Pick<Proposal, 'status'>) => OPEN_STATUSES.includes(p.status);

function markersOf(p: Proposal): string[] {
  const keys = [
    listPrefix({}),
    listPrefix({ status: p.status }),
    listPrefix({ author: p.author }),
    listPrefix({ author: p.author, status: p.status }),
  ].map((prefix) => `${prefix}${p.id}`);
  if (isOpen(p)) keys.push(`${openPrefix(p.subject, p.recordId)}${p.id}`);
  return keys;
}

async function writeMarkers(next: Proposal, previous?: Proposal): Promise<void> {
  const wanted = markersOf(next);
  await Promise.all(wanted.map((k) => writeJSON(store(), k, markerSchema, {})));
  const stale = previous ? markersOf(previous).filter((k) => !wanted.includes(k)) : [];
  await Promise.all(stale.map((k) => deleteKey(store(), k)));
}

/** A new proposal's id: its listing sorts newest first. */
export const newProposalId = () => newestFirstKey(Date.now(), crypto.randomUUID().slice(0, 8));

/** Stores a new proposal and its markers (the markers first, so no list misses it). */
export async function createProposal(p: Proposal): Promise<Proposal> {
  const parsed = proposalSchema.parse(p);
  await writeMarkers(parsed);
  if (!(await createJSON(store(), recordKey(parsed.id), proposalSchema, parsed)))
    throw new HttpError(409, 'A proposal with this id exists already. Please try again.');
  return parsed;
}

/** One proposal, or null (also for ids that cannot be ours). */
export async function readProposal(id: string): Promise<Proposal | null> {
  if (!ID_PATTERN.test(id)) return null;
  return (await readJSON(store(), recordKey(id), proposalSchema))?.value ?? null;
}

/**
 * Changes a proposal in the etag-guarded loop (`mutate` throws to refuse a transition on the
 * fresh record), then moves its markers to its new state.
 */
export async function changeProposal(
  id: string,
  mutate: (current: Proposal) => Proposal,
): Promise<Proposal> {
  if (!(await readProposal(id))) throw new HttpError(404, 'Proposal not found');
  let previous: Proposal | undefined;
  const next = await updateJSON(
    store(),
    recordKey(id),
    proposalSchema,
    () => {
      throw new HttpError(404, 'Proposal not found');
    },
    (current) => {
      previous = current;
      return { ...mutate(current), updatedAt: new Date().toISOString() };
    },
  );
  await writeMarkers(next, previous);
  return next;
}

/**
 * Page `page` of the proposals under a marker prefix, newest first, and whether more follow.
 * Lists only as far as the page, reads only the page's proposals, and drops those whose marker
 * no longer matches them (`matches`).
 */
export async function listProposals(
  prefix: string,
  page: number,
  pageSize: number,
  matches: (p: Proposal) => boolean,
): Promise<{ items: Proposal[]; page: number; pageSize: number; hasMore: boolean }> {
  const ids = await idsUnder(prefix, page * pageSize + 1);
  const wanted = ids.slice((page - 1) * pageSize, page * pageSize);
  const items = await readRecords(store(), wanted.map(recordKey), proposalSchema);
  return { items: items.filter(matches), page, pageSize, hasMore: ids.length > page * pageSize };
}

/** The ids of the open proposals on one record (or on the site texts): one listing. */
export async function openProposalIds(subject: string, recordId?: string): Promise<string[]> {
  return idsUnder(openPrefix(subject, recordId), Infinity);
}

/** The open proposals on one record, read and checked. */
export async function openProposalsOn(subject: string, recordId?: string): Promise<Proposal[]> {
  const ids = await openProposalIds(subject, recordId);
  const found = await readRecords(store(), ids.map(recordKey), proposalSchema);
  return found.filter(isOpen);
}

async function idsUnder(prefix: string, enough: number): Promise<string[]> {
  const ids: string[] = [];
  await blobCall('list proposals', async () => {
    for await (const { blobs } of store().list({ prefix, paginate: true })) {
      for (const { key } of blobs) {
        const id = key.slice(prefix.length);
        if (ID_PATTERN.test(id)) ids.push(id);
      }
      if (ids.length >= enough) break;
    }
  });
  return ids.sort();
}
