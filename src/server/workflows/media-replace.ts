/**
 * Replacing an asset's file everywhere: the asset takes the new file, then every record and site
 * text that shows it is saved with the new address, each change recorded in History (and so in
 * the uses index) like an editor's own save, and the site rebuilt. The old address keeps serving,
 * so a page built before the swap never shows a broken image.
 */
import type { AssetView } from '../../schemas/media';
import { uploadUrl } from '../../schemas/media';
import type { SiteSettingsPatch } from '../../schemas/site-settings';
import type { User } from '../../schemas/user';
import { COLLECTIONS } from '../content/collections';
import { assetUses, swapAssetFile, view } from '../content/media';
import { getSiteSettings, saveSiteSettings } from '../content/site-settings';
import type { UploadedImage } from '../content/uploads';
import { commitChange } from '../publishing/history';

/** `value` with every `from` address turned into `to`, at any depth (a body's figures too). */
function moved(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') return value.split(from).join(to);
  if (value === null || typeof value !== 'object') return value;
  return JSON.parse(JSON.stringify(value).split(from).join(to));
}

export async function replaceAssetFile(
  user: Pick<User, 'username'>,
  id: string,
  image: UploadedImage,
): Promise<AssetView> {
  const { before, after } = await swapAssetFile(id, image);
  if (before.file === after.file) return view(after);
  const from = uploadUrl(before.file);
  const to = uploadUrl(after.file);
  const uses = await assetUses(before);
  const settingsFields = uses.filter((u) => u.target === 'site-settings').map((u) => u.field);
  if (settingsFields.length > 0) {
    const current = (await getSiteSettings()) as Record<string, unknown>;
    const patch = Object.fromEntries(
      [...new Set(settingsFields)].map((f) => [f, moved(current[f], from, to)]),
    );
    await saveSiteSettings(user, patch as SiteSettingsPatch);
  }
  const records = new Map<string, string[]>();
  for (const u of uses)
    if (u.target !== 'site-settings')
      records.set(u.target, [...(records.get(u.target) ?? []), u.field]);
  for (const [target, fields] of records) {
    const [name = '', recordId = ''] = target.split('/');
    const collection = COLLECTIONS[name];
    const item = collection && ((await collection.get(recordId)) as Record<string, unknown> | null);
    if (!collection || !item) continue;
    const patch = Object.fromEntries(
      [...new Set(fields)].map((f) => [f, moved(item[f], from, to)]),
    );
    const change = await collection.update(recordId, patch);
    await commitChange(user, {
      action: 'update',
      target,
      summary: `${String(item.title ?? item.name ?? item.label ?? recordId)}: image replaced`,
      before: change.before,
      after: change.after,
    });
  }
  await commitChange(
    user,
    {
      action: 'update',
      target: `media/${id}`,
      summary: `${after.name}: file replaced`,
      before: view(before),
      after: view(after),
    },
    { rebuild: uses.length > 0 },
  );
  return view(after);
}
