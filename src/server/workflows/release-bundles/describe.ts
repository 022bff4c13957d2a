import { humanize } from '../../../schemas/field-label';
import type { ReleaseItem } from '../../../schemas/release-bundle';
import type { SiteTextsPatch } from '../../../schemas/site-settings';
import { releaseRecord } from '../release-items';

/** The texts a release changes, as the admin labels them ('Hero title, Footer tagline'). */
export const describeTexts = (texts: SiteTextsPatch) =>
  Object.keys(texts).map(humanize).join(', ') || 'none';

/** Items by their titles ('“Launch Report”, “Launch Webinar”'), never their ids. */
export async function describeItems(items: readonly ReleaseItem[]): Promise<string> {
  const titles = await Promise.all(
    items.map(async (i) => {
      const record = await releaseRecord(i);
      return record
        ? `“${record.title}”`
        : `a deleted ${i.collection === 'events' ? 'event' : 'publication'}`;
    }),
  );
  return titles.join(', ');
}
