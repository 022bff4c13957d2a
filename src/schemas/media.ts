import { z } from 'zod';
import { text } from './common';
import type { ImageFocus } from './image-focus';
import type { Page } from './page';

export type { ImageFocus };

/**
 * The media library's wire types. An asset is one uploaded image, stored once and shown by any
 * number of records and site texts: its file (in the uploads store, under the hash of its bytes),
 * what it is (name, size, pixels, type), how to describe and credit it, and where a crop keeps
 * it centred (the focal point, 0..1 from the left and from the top).
 */

/** A focal point coordinate: 0 is the left (or top) edge, 1 the right (or bottom), 0.5 the centre. */
export const focalSchema = z
  .number({ error: 'The focal point is a number from 0 to 1' })
  .min(0, 'The focal point is a number from 0 to 1')
  .max(1, 'The focal point is a number from 0 to 1');

/** An asset id: the first 24 hex digits of its first file's SHA-256 (the same bytes, the same asset). */
export const ASSET_ID = /^[a-f0-9]{24}$/;

export const assetSchema = z.object({
  id: z.string().regex(ASSET_ID),
  /** The current file's upload key (`<sha256>.<ext>`); its address is `/api/uploads/<file>`. */
  file: z.string(),
  /** Earlier files it was replaced from: their addresses keep serving. */
  previousFiles: z.array(z.string()).default([]),
  name: z.string().max(200),
  size: z.number().int().nonnegative(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  type: z.string(),
  alt: z.string().max(300).default(''),
  credit: z.string().max(300).default(''),
  licence: z.string().max(300).default(''),
  focalX: focalSchema.default(0.5),
  focalY: focalSchema.default(0.5),
  uploadedBy: z.string().default(''),
  uploadedAt: z.string(),
  updatedAt: z.string().optional(),
  /**
   * How many changes the record has had. Its changes are ordered by the store's guarded writes;
   * their copies in the library's index can arrive in another order, and the index keeps the
   * copy with the highest count.
   */
  rev: z.number().int().min(0).default(0),
});
export type Asset = z.infer<typeof assetSchema>;

/** An asset as the admin lists it: its record plus its address. */
export type AssetView = Asset & { url: string };

/** PATCH /api/admin/media/:id: what an editor may change. */
export const assetPatchSchema = z.strictObject({
  alt: text(300).optional(),
  credit: text(300).optional(),
  licence: text(300).optional(),
  focalX: focalSchema.optional(),
  focalY: focalSchema.optional(),
});
export type AssetPatch = z.infer<typeof assetPatchSchema>;

/** One place an image is shown: a record (`team-members/<id>`) or the site texts (`site-settings`) and the field. */
export const assetUseSchema = z.object({
  target: z.string(),
  field: z.string(),
  label: z.string().default(''),
});
export type AssetUse = z.infer<typeof assetUseSchema>;

/** GET /api/admin/media: a page of assets, newest first, each with how many places show it. */
export type MediaPage = Page<AssetView & { uses: number }> & { migrated: boolean };

/** The address of an upload key. */
export const uploadUrl = (file: string) => `/api/uploads/${file}`;
