/**
 * The History and Publish pages' side of the change pipeline (history.ts): the log as each role
 * may see it, and the publish state (the Publish button is `publish` in history.ts). Restoring an
 * entry spans domains, so it is in workflows/restore.ts.
 */
import type { HistoryEntry, HistoryPage } from '../../schemas/history';
import type { PublishState } from '../../schemas/publish-state';
import { can, isPersonalTarget } from '../../schemas/roles';
import type { User } from '../../schemas/user';
import { listHistory, listHistoryPage } from './history';
import { getPublishState } from './publish';

type Reader = Pick<User, 'username' | 'role'>;

/** Editors do not see (or restore) changes to personal data: messages, subscribers, users. */
export const maySee = (user: Reader) => (target: string) =>
  can(user.role, 'personal-data') || !isPersonalTarget(target);

/** The newest `limit` entries the user may see, newest first. */
export async function historyFor(user: Reader, limit: number): Promise<HistoryEntry[]> {
  return (await listHistory(limit)).filter((e) => maySee(user)(e.target));
}

/** Page `page` of the log as the user may see it; an editor's pages may hold fewer than pageSize entries. */
export async function historyPageFor(
  user: Reader,
  page: number,
  pageSize: number,
): Promise<HistoryPage> {
  const found = await listHistoryPage(page, pageSize);
  return { ...found, items: found.items.filter((e) => maySee(user)(e.target)) };
}

/** Where the site's publishing stands: queued, building, live or failed, and the last build. */
export async function publishState(): Promise<PublishState> {
  return getPublishState();
}
