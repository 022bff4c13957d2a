import { contactFormSchema } from '../../../schemas/contact-message';
import { logIndex } from '../../storage/log-index';
import { listKeys, readRecords } from '../../storage/records';
import { openStore, STORES } from '../../storage/store';
import {
  idOfKey,
  rowOfMessage,
  rowSchema,
  store,
  TAIL,
  timeOfId,
  windowOf,
  type Row,
} from './layout';

export const index = logIndex<Row>({
  what: 'inbox',
  snapshotStore: () => openStore(STORES.system),
  snapshotKey: 'contact-snapshot',
  row: rowSchema,
  idOf: (r) => r.id,
  timeOf: (r) => r.at,
  order: (a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id),
  tally: (r) => (r.read ? undefined : 'unread'),
  tailStore: store,
  tailPrefix: TAIL,
  idOfTailKey: idOfKey,
  // New messages are read once here, so that pages and exports never read them again.
  rowsOfTailKeys: async (keys) =>
    (await readRecords(store(), keys, contactFormSchema, 32)).map((m) => rowOfMessage(m)),
  // First sight of a store: every message in either layout.
  scan: async () => {
    const keys = await listKeys(store());
    const current = await readRecords(
      store(),
      keys.filter((k) => k.startsWith(TAIL) && timeOfId(idOfKey(k))),
      contactFormSchema,
      32,
    );
    const legacy = await readRecords(
      store(),
      keys.filter((k) => !k.startsWith(TAIL)),
      contactFormSchema,
    );
    return [
      ...current.map((m) => rowOfMessage({ ...m, read: false })),
      ...legacy.map((m) => rowOfMessage(m, true)),
    ];
  },
});

/** The index row of a message, or undefined: only the chunk its time is in, when its id tells it. */
export const rowOf = async (id: string) => {
  const at = timeOfId(id);
  return (await index.find((r) => r.id === id, 0, 1, at ? windowOf(at) : undefined)).rows[0];
};
