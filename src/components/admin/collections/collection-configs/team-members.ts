import { teamMemberCreateSchema } from '../../../../schemas/team-member';
import { s, type CollectionConfig } from './collection-config';

export const teamMembersConfig: CollectionConfig = {
  api: 'team-members',
  title: 'Team members',
  singular: 'team member',
  description: 'The advisory team on the home and team pages; each member has a page of their own.',
  schema: teamMemberCreateSchema,
  fields: [
    {
      name: 'honorific',
      label: 'Honorific',
      type: 'text',
      placeholder: 'Dr., Prof.',
      half: true,
      help: 'Shown before the name on the site; citations leave it out.',
    },
    { name: 'name', label: 'Name', type: 'text', required: true, half: true },
    {
      name: 'citedGiven',
      label: 'Given name as cited',
      type: 'text',
      half: true,
      help: 'Only when citations should not read the last word of the name as the family name.',
    },
    { name: 'citedFamily', label: 'Family name as cited', type: 'text', half: true },
    { name: 'position', label: 'Position', type: 'text', required: true },
    { name: 'bio', label: 'Biography', type: 'textarea' },
    { name: 'image', label: 'Photo', type: 'image' },
    {
      name: 'linkedin',
      label: 'LinkedIn',
      type: 'url',
      placeholder: 'https://www.linkedin.com/in/…',
      half: true,
    },
    {
      name: 'twitter',
      label: 'Twitter / X',
      type: 'url',
      placeholder: 'https://x.com/…',
      half: true,
    },
    { name: 'email', label: 'E-mail', type: 'email', half: true },
    {
      name: 'orcid',
      label: 'ORCID iD',
      type: 'text',
      placeholder: '0000-0002-1825-0097',
      half: true,
      help: 'Optional. Linked on their page and named in citations.',
    },
    {
      name: 'topics',
      label: 'Expert in',
      type: 'topics',
      help: 'Listed as an expert on these research areas’ pages.',
    },
  ],
  primary: (i) => [s(i.honorific), s(i.name)].filter(Boolean).join(' '),
  secondary: (i) => s(i.position),
  image: (i) => s(i.image),
};
