import {
  releaseDocSchema,
  KEPT_FINISHED_RELEASES,
  type ReleaseBundle,
  type ReleaseDoc,
} from '../../../schemas/release-bundle';
import type { SiteTextsPatch } from '../../../schemas/site-settings';
import { HttpError } from '../../http/errors';
import { openStore, singleDocument, STORES } from '../../storage/store';

export const releases = singleDocument(
  () => openStore(STORES.content),
  'release-bundles',
  releaseDocSchema,
  () => ({ bundles: [] }),
);

/** Every stored release (scheduled ones and the most recent finished ones). */
export const readReleaseDoc = (): Promise<ReleaseDoc> => releases.read();

/** Scheduled releases whose time has come by `now`, oldest first. */
export const dueReleases = (doc: ReleaseDoc, now: number) =>
  doc.bundles
    .filter((b) => b.status === 'scheduled' && Date.parse(b.at) <= now)
    .sort((a, b) => a.at.localeCompare(b.at));

/**
 * The text changes a build at `now` lays over the stored settings: those of releases whose time
 * has come but which the scheduled check has not yet written into the settings. So the one build
 * at the release time shows them, and none before it does.
 */
export const dueTexts = (doc: ReleaseDoc, now: number): SiteTextsPatch =>
  Object.assign({}, ...dueReleases(doc, now).map((b) => b.texts)) as SiteTextsPatch;

/** One release by id; 404 when there is none. */
export async function getRelease(id: string): Promise<ReleaseBundle> {
  const found = (await readReleaseDoc()).bundles.find((b) => b.id === id);
  if (!found) throw new HttpError(404, 'No release with that id');
  return found;
}

/** Finished releases beyond the kept number are dropped, oldest first. */
export function pruned(bundles: ReleaseBundle[]): ReleaseBundle[] {
  const finished = bundles
    .filter((b) => b.status !== 'scheduled')
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  const dropped = new Set(finished.slice(KEPT_FINISHED_RELEASES).map((b) => b.id));
  return bundles.filter((b) => !dropped.has(b.id));
}
