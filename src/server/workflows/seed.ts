import { z } from 'zod';
import { FOUNDER_ID } from '../../schemas/founder-id';
import { testimonialSchema } from '../../schemas/testimonial';
import { events, publications, researchAreas, stats, teamMembers } from '../content/collections';
import { DEMO } from '../content/demo-content';
import { patchSiteSettings } from '../content/site-settings';
import { blobCall, createJSON, openStore, readJSON, STORES } from '../storage/store';
import { insertTestimonials } from '../visitors/testimonials';

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
  if (!(await createJSON(system, 'seeded', markerSchema, { seededAt: new Date().toISOString() })))
    return false;

  await patchSiteSettings(DEMO.settings);
  const areaIds = new Map<string, string>();
  // The demo's card images are abstract illustrations that repeat the title: decorative, so screen
  // readers skip them (the report's figure has real alt text, in its Markdown).
  const decorative = { imageDecorative: true };
  for (const item of DEMO.researchAreas)
    areaIds.set(item.title, (await researchAreas.create({ ...item, ...decorative })).id);
  const topics = (titles: readonly string[] = []) => titles.map((t) => areaIds.get(t)!);
  const people = new Map<string, string>([[DEMO.settings.founderName, FOUNDER_ID]]);
  for (const item of DEMO.teamMembers)
    people.set(item.name, (await teamMembers.create({ ...item, topics: topics(item.topics) })).id);
  const credits = (names: readonly string[] = []) =>
    names.map((name) => (people.has(name) ? { member: people.get(name)!, name } : { name }));
  // In the demo's order: each new publication or event would otherwise go first.
  for (const [order, item] of DEMO.publications.entries())
    await publications.create({
      ...item,
      ...decorative,
      order,
      authors: credits(item.authors),
      topics: topics(item.topics),
    });
  for (const item of DEMO.stats) await stats.create(item);
  for (const [order, item] of DEMO.events(new Date()).entries())
    await events.create({
      ...item,
      ...decorative,
      order,
      speakers: credits(item.speakers),
      topics: topics(item.topics),
    });
  // Through the testimonials' own bulk path, so the published list exists before the first
  // build (a build may only read it).
  await insertTestimonials(
    DEMO.testimonials.map((t, n) => {
      const at = new Date(Date.now() - (DEMO.testimonials.length - n) * 86_400_000).toISOString();
      return testimonialSchema.parse({
        ...t,
        id: crypto.randomUUID(),
        order: n,
        createdAt: at,
        updatedAt: at,
      });
    }),
  );
  return true;
}
