import { researchAreaCreateSchema } from '../../../../schemas/research-area';
import { s, type CollectionConfig } from './collection-config';
import { IMAGE_ALT_FIELDS } from './image-alt-fields';

export const researchAreasConfig: CollectionConfig = {
  api: 'research-areas',
  title: 'Research areas',
  singular: 'research area',
  description:
    'The cards of the Strategic Focus section on the home page; each area has a topic page.',
  schema: researchAreaCreateSchema,
  fields: [
    {
      name: 'title',
      label: 'Title',
      type: 'text',
      required: true,
      placeholder: 'AI Safety & Alignment',
    },
    { name: 'description', label: 'Description', type: 'textarea', required: true },
    {
      name: 'image',
      label: 'Image',
      type: 'image',
      help: 'A default image is shown when none is set.',
    },
    ...IMAGE_ALT_FIELDS,
    {
      name: 'link',
      label: 'Link',
      type: 'text',
      placeholder: 'https://… or /page (optional)',
      help: 'Optional: the card then leads here instead of to the area’s topic page.',
    },
  ],
  primary: (i) => s(i.title),
  secondary: (i) => s(i.description),
  image: (i) => s(i.image),
};
