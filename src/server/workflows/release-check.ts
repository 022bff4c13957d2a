/**
 * The check before a release: what would go wrong at its time, found while there is still time to
 * fix it. It reads the release's own items (two collection documents), the upload records of
 * their PDFs, the settings and the publish state; never every record of anything else.
 */
import { parsePdfFileUrl } from '../../schemas/pdf-upload';
import { releaseTime } from '../../schemas/release';
import type { CheckedRelease, ReleaseBundle, ReleaseProblem } from '../../schemas/release-bundle';
import { missingAltText } from '../content/image-alt';
import { completedUploadFor } from '../content/pdf-parts';
import { getPublishState } from '../publishing/publish';
import { releaseRecord, type ReleaseRecord } from './release-items';
import { blockMessage, reviewBlocks } from './release-hold';
import { getSiteSettings } from '../content/site-settings';
import { uploadExists } from '../content/uploads';

/** Fields a visitor expects filled, by collection (the schema lets drafts leave them empty). */
const EXPECTED: Record<
  string,
  { field: string; label: string; empty: (item: Record<string, unknown>) => boolean }[]
> = {
  publications: [
    {
      field: 'authors',
      label: 'Authors',
      empty: (p) => !Array.isArray(p.authors) || p.authors.length === 0,
    },
    {
      field: 'date',
      label: 'Date',
      empty: (p) => !String(p.date ?? '').trim() && !String(p.publishedOn ?? '').trim(),
    },
  ],
  events: [
    {
      field: 'description',
      label: 'Description',
      empty: (e) => !String(e.description ?? '').trim(),
    },
    {
      field: 'location',
      label: 'Location',
      empty: (e) => !e.isVirtual && !String(e.location ?? '').trim(),
    },
  ],
};

/** Whether the PDF a publication names is there: an upload, or a PDF uploaded in parts and completed. */
async function pdfMissing(pdf: string): Promise<boolean> {
  if (parsePdfFileUrl(pdf)) return (await completedUploadFor(pdf)) === null;
  if (pdf.startsWith('/api/uploads/')) return !(await uploadExists(pdf));
  return false;
}

async function itemProblems(
  bundle: ReleaseBundle,
  collection: string,
  record: ReleaseRecord,
): Promise<string[]> {
  const { item, title } = record;
  const found: string[] = [];
  if (item.status !== 'scheduled' || releaseTime(item) !== Date.parse(bundle.at)) {
    found.push(
      `“${title}” is no longer scheduled for this release's time (it is ${item.status === 'scheduled' ? `scheduled for ${item.publishAt?.replace('T', ' ')} (${item.timeZone})` : item.status}): save the release's items again to reschedule it`,
    );
  }
  const pdf = typeof item.pdf === 'string' ? item.pdf.trim() : '';
  if (pdf && (await pdfMissing(pdf)))
    found.push(`“${title}” names a PDF that is missing (${pdf}): upload it again`);
  for (const { message } of missingAltText({ ...item, status: 'scheduled' }, record.imageField))
    found.push(`“${title}”: ${message}`);
  for (const { label, empty } of EXPECTED[collection] ?? [])
    if (empty(item)) found.push(`“${title}” has an empty field: ${label}`);
  return found;
}

/** The release with everything its check finds (an empty list: nothing known stands in its way). */
export async function checkRelease(bundle: ReleaseBundle): Promise<CheckedRelease> {
  const problems: ReleaseProblem[] = [];
  if (bundle.status !== 'scheduled') return { ...bundle, problems };
  const [state, settings] = await Promise.all([getPublishState(), getSiteSettings()]);
  if (state.state === 'failed') {
    problems.push({
      target: 'build',
      message: `The last build failed${state.lastError ? ` (${state.lastError})` : ''}: the release goes live only with a build that succeeds. Fix the cause and press Publish now.`,
    });
  }
  for (const ref of bundle.items) {
    const target = `${ref.collection}/${ref.id}`;
    const record = await releaseRecord(ref);
    if (!record) {
      problems.push({
        target,
        message: `An item of this release was deleted (${target}): take it out`,
      });
      continue;
    }
    for (const message of await itemProblems(bundle, ref.collection, record))
      problems.push({ target, message });
    const skipped = state.skipped.find((s) => s.id === ref.id);
    if (skipped)
      problems.push({
        target,
        message: `“${record.title}” could not be rendered by the last build (${skipped.reason})`,
      });
  }
  for (const block of await reviewBlocks(bundle))
    problems.push({ target: block.target, message: blockMessage(block) });
  const merged = { ...settings, ...bundle.texts };
  const touchesThumbnail =
    'featuredVideoThumbnail' in bundle.texts || 'featuredVideoThumbnailAlt' in bundle.texts;
  if (
    touchesThumbnail &&
    merged.featuredVideoThumbnail.trim() &&
    !merged.featuredVideoThumbnailAlt.trim()
  ) {
    problems.push({
      target: 'texts',
      message:
        'The featured video’s new thumbnail has no alt text: add “Thumbnail alt text” to the release’s text changes',
    });
  }
  if (!bundle.items.length && !Object.keys(bundle.texts).length)
    problems.push({
      target: 'release',
      message: 'The release is empty: add items or text changes',
    });
  return { ...bundle, problems };
}
