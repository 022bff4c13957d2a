export { dueReleases, dueTexts, getRelease, readReleaseDoc } from './release-doc';
export { createRelease } from './create';
export { updateRelease } from './update';
export { cancelRelease, claimRelease, markReleased } from './finish';

/*
 * Releases: several publications, events and site texts that go live together at one time. All
 * releases live in one small document (few are ever scheduled at once), so every build reads them
 * with one request and every change is one etag-guarded update. Items are scheduled for the
 * release's time on the records themselves, so everything that already honours an embargo (pages,
 * feeds, the public API, preview links) honours a release too.
 *
 * This file is the releases' public face, built on the records a release schedules
 * (release-items.ts, beside this folder): release-doc.ts (the one document, its reads, the
 * finished releases it keeps), checks.ts (a time still to come, items fit to join, an item in one
 * release only, a release still open to change), describe.ts (items and texts as a release's log
 * names them), item-schedules.ts (items scheduled for a release's time and put back to draft),
 * create.ts, update.ts and finish.ts (a release cancelled, or marked as gone live).
 */
