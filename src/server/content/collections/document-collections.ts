import { shownName } from '../../../schemas/cited-name';
import { researchAreaSchema } from '../../../schemas/research-area';
import { statSchema } from '../../../schemas/stat';
import { teamMemberSchema } from '../../../schemas/team-member';
import { assignSlugs } from '../../../lib/slug';
import { assertImagesDescribed } from '../image-alt';
import { collection } from './single-collection';

/** The admin-edited collections. */
export const researchAreas = collection('research-areas', researchAreaSchema, {
  autoOrder: true,
  imageField: 'image',
  check: (a, changed) => assertImagesDescribed(a, 'image', changed),
  derive: (items) => assignSlugs(items),
});
export const teamMembers = collection('team-members', teamMemberSchema, {
  autoOrder: false,
  imageField: 'image',
  // From the name as shown, honorific included: moving 'Dr.' to its own field changes no address.
  derive: (items) => assignSlugs(items, (m) => shownName(m.honorific, m.name)),
});
export const stats = collection('stats', statSchema, { autoOrder: true });
