import type { FieldConfig } from '../../form/field-config';

/** The description of a record's image, or its mark as decorative (src/schemas/image-alt.ts). */
export const IMAGE_ALT_FIELDS: readonly FieldConfig[] = [
  {
    name: 'imageAlt',
    label: 'Image alt text',
    type: 'text',
    placeholder: 'What the image shows',
    help: 'For people who cannot see the image. Needed to publish a record with an image, unless it is decorative.',
    half: true,
  },
  {
    name: 'imageDecorative',
    label: 'Decorative image',
    type: 'checkbox',
    help: 'It adds nothing the text does not say: screen readers skip it.',
    half: true,
  },
];
