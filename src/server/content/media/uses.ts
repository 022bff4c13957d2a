import type { Asset, AssetUse } from '../../../schemas/media';
import { usesOf } from '../../publishing/media-uses';
import { mustGet } from './records';

/** Every place that shows the asset: its current file's uses and those of files it replaced. */
export async function assetUses(asset: Asset): Promise<AssetUse[]> {
  const all = await Promise.all([asset.file, ...asset.previousFiles].map(usesOf));
  return all.flat();
}

/** The refusal of a delete while `uses` show the image, naming them. */
export function inUseMessage(uses: AssetUse[]): string {
  const names = [...new Set(uses.map((u) => u.label))];
  return `This image is still shown in ${uses.length} place${uses.length === 1 ? '' : 's'} (${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}): choose another image there first`;
}

/** The asset and every place that shows it; 404 when unknown. */
export async function assetWithUses(id: string): Promise<{ asset: Asset; uses: AssetUse[] }> {
  const asset = await mustGet(id);
  return { asset, uses: await assetUses(asset) };
}
