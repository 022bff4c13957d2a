export { assetOfFile, getAsset, view } from './records';
export { assetIndexMetadata } from './asset-index';
export { storeAsset, swapAssetFile } from './files';
export { assetUses, assetWithUses, inUseMessage } from './uses';
export { assetsWithoutAlt, focusByUrl, listAssets } from './library';
export { deleteAsset, forgetAssetOf, patchAsset } from './edits';

/*
 * The media library: every image an editor uploads is an asset, its file stored once under the
 * hash of its bytes (uploads.ts) and its record one key in the media store (`assets/<id>`). The
 * library lists and searches one small index (`asset-index`, a row per asset) and counts uses
 * from the uses index the change pipeline keeps (publishing/media-uses.ts), so no request reads
 * every asset or every record.
 *
 * Records keep the asset's address (`/api/uploads/<key>`), which names its file; `by-file/<key>`
 * says which asset owns a file. The same bytes uploaded again are the same asset.
 *
 * This file is the library's public face: records.ts (an asset's record, the pointer from its
 * file, the view the API answers), asset-index.ts (the index's rows and the count in its
 * metadata), files.ts (an image stored as an asset, an asset given a new file), uses.ts (the
 * places that show an asset), library.ts (a page of the library, the dashboard's count, the focal
 * points a build crops by) and edits.ts (texts and focal point changed, an asset deleted, the
 * asset of an erased upload forgotten).
 */
