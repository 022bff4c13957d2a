import { z } from 'zod';
import { testimonialSchema } from '../schemas/testimonial';
import { events, publications, researchAreas, stats, teamMembers } from './collections';
import { DEMO } from './demo-content';
import { patchSiteSettings } from './site-settings';
import { blobCall, createJSON, openStore, readJSON, STORES } from './store';
import { insertTestimonials } from './testimonials';

const markerSchema = z.object({ seededAt: z.string() });

/**
 * Fills an empty store with the demo think tank. Runs once per store: a marker is written
 * first (onlyIfNew), so a second start, or two starting at once, never overwrites content.
 */
export async function seedDemoContent(): Promise<boolean> {
  const system = openStore(STORES.system);
  if (await readJSON(system, 'seeded', markerSchema)) return false;
  const { blobs } = await blobCall('list content', () => openStore(STORES.content).list());
  if (blobs.length > 0) return false; // real content exists: never touch it
  if (!(await createJSON(system, 'seeded', markerSchema, { seededAt: new Date().toISOString() }))) return false;

  await patchSiteSettings(DEMO.settings);
  for (const item of DEMO.researchAreas) await researchAreas.create(item);
  for (const item of DEMO.teamMembers) await teamMembers.create(item);
  for (const item of DEMO.publications) await publications.create(item);
  for (const item of DEMO.stats) await stats.create(item);
  for (const item of DEMO.events(new Date())) await events.create(item);
  // Through the testimonials' own bulk path, so the published list exists before the first
  // build (a build may only read it).
  await insertTestimonials(
    DEMO.testimonials.map((t, n) => {
      const at = new Date(Date.now() - (DEMO.testimonials.length - n) * 86_400_000).toISOString();
      return testimonialSchema.parse({ ...t, id: crypto.randomUUID(), order: n, createdAt: at, updatedAt: at });
    }),
  );
  return true;
}
