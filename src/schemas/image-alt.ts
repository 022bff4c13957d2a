import { z } from 'zod';
import { text } from './common';

/**
 * Alt text for a record's uploaded image: what it shows, for people who cannot see it, or an
 * explicit mark that it is decorative (it adds nothing the text does not say, so screen readers
 * skip it). A public record with an image needs one or the other (src/server/content/image-alt.ts).
 */
export const imageAltFields = {
  imageAlt: text(300).default(''),
  imageDecorative: z.boolean().default(false),
};

export interface DescribedImage {
  imageAlt?: string;
  imageDecorative?: boolean;
}

/** The alt attribute for a record's image: its text, or empty when decorative or never described. */
export const imageAltText = (record: DescribedImage): string =>
  record.imageDecorative ? '' : (record.imageAlt ?? '').trim();
