import type { z } from 'zod';
import { eventCreateSchema, eventUpdateSchema } from '../../schemas/event';
import { SITE_SETTINGS_SUBJECT } from '../../schemas/proposal';
import { publicationCreateSchema, publicationUpdateSchema } from '../../schemas/publication';
import { researchAreaCreateSchema, researchAreaUpdateSchema } from '../../schemas/research-area';
import { SETTINGS_IMAGE_KEYS, siteSettingsPatchSchema } from '../../schemas/site-settings';
import { statCreateSchema, statUpdateSchema } from '../../schemas/stat';
import { teamMemberCreateSchema, teamMemberUpdateSchema } from '../../schemas/team-member';
import { COLLECTIONS } from '../content/collections';
import { getSiteSettings, patchSiteSettings, SITE_SETTINGS_FIELDS } from '../content/site-settings';
import { HttpError } from '../http/errors';

type Fields = Record<string, unknown>;

/**
 * What a proposal can change, by its subject name: each collection (through `collection()`'s
 * own get/create/update/remove, whatever stores it underneath) and the site texts. The schemas are
 * the collection APIs' own, so a resubmitted proposal is checked as a save would be.
 */
export interface ProposalSubject {
  name: string;
  /** How History names the record: `<subject>/<id>`, or the subject alone. */
  target: (recordId?: string) => string;
  createSchema?: z.ZodType;
  updateSchema: z.ZodType;
  fieldNames: readonly string[];
  imageFields: readonly string[];
  /** Whether schedules take the site's time zone when sent without one. */
  zoned: boolean;
  maxJsonBytes?: number;
  get: (recordId?: string) => Promise<Fields | null>;
  /** `id`: the new record's id, decided by its proposal (a retried create makes it once). */
  create?: (input: Fields, id: string) => Promise<Fields>;
  update: (
    recordId: string | undefined,
    changes: Fields,
    expected: Fields,
  ) => Promise<{ before: Fields; after: Fields }>;
  /** `expected`: the whole record as proposed for deletion, checked in the delete's own write. */
  remove?: (recordId: string, expected: Fields) => Promise<Fields>;
}

const SCHEMAS: Record<string, { create: z.ZodType; update: z.ZodType; maxJsonBytes?: number }> = {
  'research-areas': { create: researchAreaCreateSchema, update: researchAreaUpdateSchema },
  'team-members': { create: teamMemberCreateSchema, update: teamMemberUpdateSchema },
  publications: {
    create: publicationCreateSchema,
    update: publicationUpdateSchema,
    maxJsonBytes: 512 * 1024,
  },
  stats: { create: statCreateSchema, update: statUpdateSchema },
  events: { create: eventCreateSchema, update: eventUpdateSchema },
};
const ZONED = new Set(['publications', 'events']);

function collectionSubject(name: string): ProposalSubject | null {
  const items = COLLECTIONS[name];
  const schemas = SCHEMAS[name];
  if (!items || !schemas) return null;
  const need = (id: string | undefined) => {
    if (!id) throw new HttpError(400, 'This proposal names no record');
    return id;
  };
  return {
    name,
    target: (id) => `${name}/${id}`,
    createSchema: schemas.create,
    updateSchema: schemas.update,
    fieldNames: items.fieldNames,
    imageFields: items.imageFields,
    zoned: ZONED.has(name),
    maxJsonBytes: schemas.maxJsonBytes,
    get: async (id) => (id ? ((await items.get(id)) as Fields | null) : null),
    create: async (input, id) => (await items.create(input, { id })) as unknown as Fields,
    update: async (id, changes, expected) =>
      (await items.update(need(id), changes, expected)) as unknown as {
        before: Fields;
        after: Fields;
      },
    remove: async (id, expected) => (await items.remove(id, expected)) as unknown as Fields,
  };
}

const siteSettingsSubject: ProposalSubject = {
  name: SITE_SETTINGS_SUBJECT,
  target: () => SITE_SETTINGS_SUBJECT,
  updateSchema: siteSettingsPatchSchema,
  fieldNames: SITE_SETTINGS_FIELDS,
  imageFields: SETTINGS_IMAGE_KEYS,
  zoned: false,
  get: async () => (await getSiteSettings()) as Fields,
  update: async (_id, changes, expected) =>
    patchSiteSettings(changes as z.infer<typeof siteSettingsPatchSchema>, expected),
};

/** The subject of that name, or 404. */
export function proposalSubject(name: string): ProposalSubject {
  const found = name === SITE_SETTINGS_SUBJECT ? siteSettingsSubject : collectionSubject(name);
  if (!found) throw new HttpError(404, `Nothing called ${name} can be proposed`);
  return found;
}
