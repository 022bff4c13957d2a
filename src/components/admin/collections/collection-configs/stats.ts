import { statCreateSchema } from '../../../../schemas/stat';
import { s, type CollectionConfig } from './collection-config';

export const statsConfig: CollectionConfig = {
  api: 'stats',
  title: 'Stats',
  singular: 'stat',
  description: 'The animated impact counters.',
  schema: statCreateSchema,
  fields: [
    {
      name: 'value',
      label: 'Value',
      type: 'text',
      required: true,
      placeholder: '10,000+',
      help: 'Digits count up; a suffix such as + or % stays.',
      half: true,
    },
    {
      name: 'label',
      label: 'Label',
      type: 'text',
      required: true,
      placeholder: 'Professionals trained',
      half: true,
    },
  ],
  primary: (i) => `${s(i.value)} ${s(i.label)}`,
};
