import {
  lastExportSchema,
  type LastExport,
  type SubscriberRow,
} from '../../schemas/newsletter-subscription';
import { subscriptionBatches } from './newsletter-index';
import { openStore, readJSON, STORES, writeJSON } from '../storage/store';

/*
 * The subscriptions CSV, for keeping a mailing tool in line: the confirmed subscribers with their
 * consent record, or the addresses that unsubscribed, each whole or only what is new since that
 * list's last export. Rows come from the subscriber index, a chunk at a time (no record is
 * read). The time of each
 * list's last complete export is kept in `newsletter-export/<list>`.
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
 * A list's rows, newest first, in batches (for the streamed CSV). The export's time is recorded
 * only after the last batch was handed over, so a download that fails part-way leaves "new since
 * the last export" where it was; a failure to record it fails the download.
 */
export async function* exportBatches(
  list: ExportList,
  onlyNew: boolean,
  batchSize = 1000,
): AsyncGenerator<ExportRow[]> {
  const startedAt = Date.now();
  const previous = onlyNew ? await lastExport(list) : null;
  const from = previous ? Date.parse(previous.at) - OVERLAP_MS : -Infinity;
  const status = list === 'subscribed' ? 'confirmed' : 'unsubscribed';
  let count = 0;
  let batch: ExportRow[] = [];
  // A chunk of the index at a time: memory holds one chunk and a batch, whatever the list holds.
  for await (const rows of subscriptionBatches()) {
    for (const r of rows) {
      if (r.status !== status || Date.parse(joinedAt(list, r)) <= from) continue;
      batch.push(toExportRow(r));
      count++;
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length) yield batch;
  await writeJSON(system(), markerKey(list), lastExportSchema, {
    at: new Date(startedAt).toISOString(),
    count,
  });
}
