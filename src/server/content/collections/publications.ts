import { z } from 'zod';
import { publicationSchema, type Publication } from '../../../schemas/publication';
import { assertImagesDescribed } from '../image-alt';
import { keyedCollection, type Row } from '../keyed-collection';
import { assertFiguresOnSite } from '../report-figures';
import { releaseHasTime, rowBase } from './releasable';

/** A publication's index row (keyed-collection/), with the fields toRow below adds. */
export type PublicationRow = Row &
  Pick<Publication, 'date' | 'publishedOn' | 'type' | 'image'> & { hasImage: boolean };

// Publications and events grow into the thousands: one key per record and an index of rows.
export const publications = keyedCollection('publications', publicationSchema, {
  newFirst: true,
  imageField: 'image',
  check: (p, changed) => {
    releaseHasTime(p);
    assertFiguresOnSite(p, changed);
    assertImagesDescribed(p, 'image', changed);
  },
  rowFields: {
    hasImage: z.boolean().default(false),
    date: z.string().default(''),
    publishedOn: z.string().default(''),
    type: z.string().default(''),
    /** The image's address, for the admin list's thumbnail. */
    image: z.string().default(''),
  },
  toRow: (p) => ({
    ...rowBase(p, 'image'),
    image: p.image,
    date: p.date,
    publishedOn: p.publishedOn,
    type: p.type,
  }),
});
