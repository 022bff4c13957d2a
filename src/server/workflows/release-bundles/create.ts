import {
  MAX_SCHEDULED_RELEASES,
  withLog,
  type ReleaseBundle,
  type ReleaseCreate,
} from '../../../schemas/release-bundle';
import { SETTINGS_IMAGE_KEYS } from '../../../schemas/site-settings';
import type { User } from '../../../schemas/user';
import { importImages } from '../../content/image-import';
import { HttpError } from '../../http/errors';
import { commitChange } from '../../publishing/history';
import { zoneOrSite } from '../site-zone';
import { admissible, assertNotElsewhere, futureInstant } from './checks';
import { describeItems, describeTexts } from './describe';
import { scheduleItems, settleItems } from './item-schedules';
import { pruned, releases } from './release-doc';

/** Makes a release and schedules its items for its time. */
export async function createRelease(
  user: Pick<User, 'username'>,
  input: ReleaseCreate,
): Promise<ReleaseBundle> {
  const timeZone = await zoneOrSite(input.timeZone);
  const at = futureInstant(input.publishAt, timeZone);
  await admissible(input.items);
  const now = new Date().toISOString();
  const made = withLog(
    {
      id: crypto.randomUUID(),
      name: input.name,
      publishAt: input.publishAt,
      timeZone,
      at: new Date(at).toISOString(),
      items: input.items,
      texts: await importImages(input.texts, SETTINGS_IMAGE_KEYS),
      status: 'scheduled',
      createdAt: now,
      createdBy: user.username,
      updatedAt: now,
      releasedAt: null,
      going: null,
      log: [],
    },
    user.username,
    'create',
    `Created for ${input.publishAt.replace('T', ' ')} (${timeZone}) with ${input.items.length ? await describeItems(input.items) : 'no items'}; text changes: ${describeTexts(input.texts)}`,
  );
  await releases.update((doc) => {
    if (doc.bundles.filter((b) => b.status === 'scheduled').length >= MAX_SCHEDULED_RELEASES) {
      throw new HttpError(
        409,
        `At most ${MAX_SCHEDULED_RELEASES} releases can be scheduled at once: cancel or finish one first`,
      );
    }
    assertNotElsewhere(doc, input.items, null);
    return { bundles: pruned([...doc.bundles, made]) };
  });
  const scheduled = await scheduleItems(user, made, input.items);
  const settled = await settleItems(user, made, input.items);
  await commitChange(
    user,
    { action: 'create', target: `releases/${made.id}`, summary: made.name, after: made },
    { rebuild: scheduled || settled },
  );
  return made;
}
