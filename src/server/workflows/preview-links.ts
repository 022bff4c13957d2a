/**
 * Private preview links. A link is a random 256-bit token; only its SHA-256 is stored, under
 * `links/<hash>`, so opening a link is one read, and the admin list reads the links there are
 * (links expired for over 30 days are dropped as the list passes them).
 */
import { createHash, randomBytes } from 'node:crypto';
import { formatDateTime } from '../../lib/date-style';
import { eventUrl } from '../../lib/event-page';
import { publicationUrl } from '../../lib/publication-archive';
import {
  PREVIEW_MAX_DAYS,
  previewLinkSchema,
  type CreatedPreviewLink,
  type PreviewKind,
  type PreviewLink,
  type PreviewLinkKind,
  type PreviewLinkSummary,
} from '../../schemas/preview-link';
import { isPublic } from '../../schemas/release';
import type { User } from '../../schemas/user';
import { events, publications } from '../content/collections';
import { HttpError } from '../http/errors';
import { commitChange } from '../publishing/history';
import {
  blobCall,
  createJSON,
  deleteKey,
  landedWrite,
  openStore,
  readJSON,
  STORES,
} from '../storage/store';

const DAY = 86_400_000;
const store = () => openStore(STORES.previewLinks);
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const keyOf = (tokenHash: string) => `links/${tokenHash}`;
/** A token is 32 random bytes, base64url: exactly 43 characters. */
export const PREVIEW_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** The address of the preview behind a token. */
export const previewPath = (token: string) => `/preview/${token}`;

/** The publication or event a link shows, as stored now (null when it was deleted). */
export async function previewItem(kind: PreviewKind, id: string) {
  if (kind === 'publication') {
    const item = await publications.get(id);
    return item && { item, title: item.title, liveUrl: publicationUrl(item) };
  }
  const item = await events.get(id);
  return item && { item, title: item.title, liveUrl: eventUrl(item) };
}

const summary = (
  { tokenHash: _t, ...link }: PreviewLink,
  now = Date.now(),
): PreviewLinkSummary => ({ ...link, expired: Date.parse(link.expiresAt) <= now });

/** Makes a link to a draft or scheduled item: 404 when there is none, 409 when it is live already. */
export async function createPreviewLink(
  user: User,
  input: { kind: PreviewKind; id: string; expiresInDays: number },
  origin: string,
): Promise<CreatedPreviewLink> {
  const found = await previewItem(input.kind, input.id);
  if (!found) throw new HttpError(404, `No ${input.kind} with that id`);
  if (isPublic(found.item))
    throw new HttpError(
      409,
      `This ${input.kind} is already public at ${found.liveUrl}: share that address instead.`,
    );
  return issuePreviewLink(
    user,
    { kind: input.kind, itemId: input.id, title: found.title, expiresInDays: input.expiresInDays },
    origin,
  );
}

/** Makes and records a link to what the caller checked may be previewed; answers it with its address (shown this once). */
export async function issuePreviewLink(
  user: User,
  input: { kind: PreviewLinkKind; itemId: string; title: string; expiresInDays: number },
  origin: string,
): Promise<CreatedPreviewLink> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashOf(token);
  const now = Date.now();
  const link = previewLinkSchema.parse({
    id: tokenHash.slice(0, 24),
    tokenHash,
    kind: input.kind,
    itemId: input.itemId,
    title: input.title,
    createdAt: new Date(now).toISOString(),
    createdBy: user.username,
    expiresAt: new Date(now + Math.min(input.expiresInDays, PREVIEW_MAX_DAYS) * DAY).toISOString(),
  });
  await createJSON(store(), keyOf(tokenHash), previewLinkSchema, link);
  // Preview links are for admins to share: the built pages do not change.
  await commitChange(
    user,
    {
      action: 'create',
      target: `preview-links/${link.id}`,
      summary: `Preview link to ${input.title}, until ${formatDateTime(link.expiresAt, 'UTC')}`,
    },
    { rebuild: false },
  );
  return { ...summary(link, now), url: new URL(previewPath(token), origin).href };
}

/** The stored links, newest first; `filter` narrows them to one item. */
export async function listPreviewLinks(
  filter: { kind?: PreviewKind; id?: string } = {},
): Promise<PreviewLinkSummary[]> {
  const s = store();
  const { blobs } = await blobCall('list preview links', () => s.list({ prefix: 'links/' }));
  const now = Date.now();
  const links = await Promise.all(
    blobs.map(async ({ key }) => (await readJSON(s, key, previewLinkSchema))?.value ?? null),
  );
  const kept: PreviewLinkSummary[] = [];
  for (const link of links) {
    if (!link) continue;
    if (Date.parse(link.expiresAt) + PREVIEW_MAX_DAYS * DAY < now) {
      await deleteKey(s, keyOf(link.tokenHash));
      continue;
    }
    if ((filter.kind && link.kind !== filter.kind) || (filter.id && link.itemId !== filter.id))
      continue;
    kept.push(summary(link, now));
  }
  return kept.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Revokes a link at once: its address answers 404 from then on. */
export async function revokePreviewLink(user: User, id: string): Promise<PreviewLinkSummary> {
  if (!/^[a-f0-9]{24}$/.test(id)) throw new HttpError(404, 'No such preview link');
  const s = store();
  const { blobs } = await blobCall('find preview link', () => s.list({ prefix: `links/${id}` }));
  const key = blobs[0]?.key;
  const link = key ? (await readJSON(s, key, previewLinkSchema))?.value : null;
  if (!key || !link) throw new HttpError(404, 'No such preview link');
  await deleteKey(s, key);
  await commitChange(
    user,
    {
      action: 'delete',
      target: `preview-links/${link.id}`,
      summary: `Revoked the preview link to ${link.title}`,
    },
    { rebuild: false },
  );
  return summary(link);
}

/**
 * The link behind a token when it works now (made, not revoked, not expired), or null. Notes
 * when it was opened (at most once a minute; a lost race with another opening is fine).
 */
export async function openPreviewLink(
  token: string,
  now = Date.now(),
): Promise<PreviewLink | null> {
  if (!PREVIEW_TOKEN.test(token)) return null;
  const s = store();
  const found = await readJSON(s, keyOf(hashOf(token)), previewLinkSchema);
  if (!found || Date.parse(found.value.expiresAt) <= now) return null;
  const link = found.value;
  const last = link.lastOpenedAt ? Date.parse(link.lastOpenedAt) : 0;
  if (now - last > 60_000 && found.etag) {
    const opened = { ...link, lastOpenedAt: new Date(now).toISOString() };
    await landedWrite(`open ${link.id}`, () =>
      s.setJSON(keyOf(link.tokenHash), opened, { onlyIfMatch: found.etag }),
    ).catch((error: unknown) => {
      console.error('Could not note when a preview link was opened', error);
    });
    return opened;
  }
  return link;
}
