import {
  lastExportSchema,
  type LastExport,
  type SubscriberRow,
} from '../../schemas/newsletter-subscription';
import type { Placed, RowPosition } from '../storage/log-index';
import { positionOfSubscription, subscriptionBatches } from './newsletter-index';
import { openStore, readJSON, STORES, writeJSON } from '../storage/store';

/*
 * The subscriptions CSV, for keeping a mailing tool in line: the confirmed subscribers with their
 * consent record, or the addresses that unsubscribed, each whole or only what is new since that
 * list's last export. Rows come from the subscriber index, a chunk at a time (no record is
 * read). The time of each list's last complete export is kept in `newsletter-export/<list>`.
 */
export type ExportList = 'subscribed' | 'unsubscribed';

export interface ExportRow {
  email: string;
  status: string;
  /** When the signup that was confirmed was made (the consent's wording and page are of that signup). */
  signedUpAt: string;
  confirmedAt: string;
  unsubscribedAt: string;
  /** The consent record: the page and form of the signup, and the version of the wording shown. */
  source: string;
  form: string;
  consentVersion: string;
  /** The research area slugs the reader chose, separated by ';'; empty means everything. */
  topics: string;
  /** When the topics were chosen (signup or preferences page); empty when never. */
  topicsChangedAt: string;
  id: string;
}

export const EXPORT_COLUMNS: (keyof ExportRow)[] = [
  'email',
  'status',
  'signedUpAt',
  'confirmedAt',
  'unsubscribedAt',
  'source',
  'form',
  'consentVersion',
  'topics',
  'topicsChangedAt',
  'id',
];

const system = () => openStore(STORES.system);
const markerKey = (list: ExportList) => `newsletter-export/${list}`;

/**
 * A confirmation or unsubscribe is stamped a moment before its row lands in the index, so "new
 * since the last export" starts this long before that export began: a row still landing while it
 * ran comes in the next one. A mailing tool importing a row twice changes nothing.
 */
const OVERLAP_MS = 10_000;

/** When a row joined its list: what "new since the last export" compares. */
const joinedAt = (list: ExportList, r: SubscriberRow) =>
  list === 'subscribed' ? (r.confirmedAt ?? r.createdAt) : (r.unsubscribedAt ?? r.createdAt);

const toExportRow = (r: SubscriberRow): ExportRow => ({
  email: r.email,
  status: r.status,
  signedUpAt: r.requestedAt ?? r.createdAt,
  confirmedAt: r.confirmedAt ?? '',
  unsubscribedAt: r.unsubscribedAt ?? '',
  source: r.source ?? '',
  form: r.form ?? '',
  consentVersion: r.consent ?? '',
  topics: (r.topics ?? []).join(';'),
  topicsChangedAt: r.topicsChangedAt ?? '',
  id: r.id,
});

export async function lastExport(list: ExportList): Promise<LastExport | null> {
  return (await readJSON(system(), markerKey(list), lastExportSchema))?.value ?? null;
}

/**
 * Where "new since the last export" starts for a list (rows that joined after this ISO time), or
 * undefined when it has never been exported. Fixed when an export starts, so a run that carries on
 * later writes the same rows.
 */
export async function newSince(list: ExportList): Promise<string | undefined> {
  const previous = await lastExport(list);
  return previous ? new Date(Date.parse(previous.at) - OVERLAP_MS).toISOString() : undefined;
}

/** Records a list's complete export: what the next "new since the last export" starts from. */
export async function recordExport(list: ExportList, at: string, count: number): Promise<void> {
  await writeJSON(system(), markerKey(list), lastExportSchema, { at, count });
}

/**
 * A list's rows, newest first, in batches (for the CSV export): those that joined after `since`
 * when given, and only those after `after` (where an earlier run stopped). Memory holds one chunk
 * of the index and one batch, whatever the list holds; no record is read.
 */
export async function* exportBatches(
  list: ExportList,
  since: string | undefined,
  after?: RowPosition,
): AsyncGenerator<Placed<ExportRow>[]> {
  const from = since ? Date.parse(since) : -Infinity;
  const status = list === 'subscribed' ? 'confirmed' : 'unsubscribed';
  for await (const rows of subscriptionBatches(after)) {
    yield rows
      .filter((r) => r.status === status && Date.parse(joinedAt(list, r)) > from)
      .map((r) => ({ row: toExportRow(r), position: positionOfSubscription(r) }));
  }
}
