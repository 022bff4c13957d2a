/**
 * The preview of a whole release, for whoever holds its private link: one page listing its text
 * changes and linking each of its publications and events to that item's own preview page (the
 * page as it will look, rendered by the build: src/integrations/preview-pages.ts). One link covers
 * the release; an item outside it is not reachable through that link.
 */
import { previewBand } from '../../lib/preview-band';
import type { CreatedPreviewLink } from '../../schemas/preview-link';
import { humanize } from '../../schemas/field-label';
import type { ReleaseBundle, ReleaseItem } from '../../schemas/release-bundle';
import { SETTINGS_DEFAULTS, type SettingsTextKey } from '../../schemas/site-settings';
import type { User } from '../../schemas/user';
import { HttpError } from '../http/errors';
import { issuePreviewLink } from './preview-links';
import { getRelease } from './release-bundles';
import { releaseRecord } from './release-items';

/** Makes a private link to a scheduled release (409 once it went live or was cancelled). */
export async function createReleasePreviewLink(
  user: User,
  id: string,
  expiresInDays: number,
  origin: string,
): Promise<CreatedPreviewLink> {
  const bundle = await getRelease(id);
  if (bundle.status !== 'scheduled')
    throw new HttpError(409, `This release was ${bundle.status}: there is nothing left to preview`);
  return issuePreviewLink(
    user,
    { kind: 'release', itemId: bundle.id, title: `Release: ${bundle.name}`, expiresInDays },
    origin,
  );
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const KIND = { publications: 'publication', events: 'event' } as const;

/** The address of one item's preview through a release's link. */
export const releaseItemPath = (token: string, item: ReleaseItem) =>
  `/preview/${token}/${item.collection}/${encodeURIComponent(item.id)}`;

/** The release's preview page (self-contained HTML: it is served by a function, never deployed). */
export async function releasePreviewHtml(bundle: ReleaseBundle, token: string): Promise<string> {
  const texts = Object.entries(bundle.texts).map(([key, value]) => {
    const shown =
      value === ''
        ? `${SETTINGS_DEFAULTS[key as SettingsTextKey] ?? ''} (the built-in wording)`
        : value;
    return `<dt>${escape(humanize(key))}</dt><dd data-testid="release-text">${escape(shown)}</dd>`;
  });
  const items = await Promise.all(
    bundle.items.map(async (item) => {
      const record = await releaseRecord(item);
      if (!record) return '';
      return `<li data-testid="release-item"><a href="${escape(releaseItemPath(token, item))}">${escape(record.title)}</a> (${KIND[item.collection]})</li>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Preview: ${escape(bundle.name)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;color:#1e293b}main{max-width:48rem;margin:0 auto;padding:1.5rem}.band{margin:0;background:#fef3c7;color:#78350f;padding:.75rem 1.5rem;font-weight:600}dt{font-weight:600;margin-top:.75rem}dd{margin:.25rem 0 0;white-space:pre-wrap}a{color:#1d4ed8}</style></head>
<body><p class="band" role="note" data-testid="preview-band">${escape(previewBand({ status: 'scheduled', publishAt: bundle.publishAt, timeZone: bundle.timeZone }))}</p>
<main><h1>${escape(bundle.name)}</h1><p>Everything below goes live together at ${escape(bundle.publishAt.replace('T', ' '))} (${escape(bundle.timeZone)}).</p>
<h2>Text changes</h2>${texts.length ? `<dl>${texts.join('')}</dl>` : '<p>None.</p>'}
<h2>Publications and events</h2>${items.some(Boolean) ? `<ul>${items.join('')}</ul>` : '<p>None.</p>'}</main></body></html>`;
}
