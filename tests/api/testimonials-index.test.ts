import fc from 'fast-check';
import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../src/server/http/errors';
import type { Testimonial } from '../../src/schemas/testimonial';
import { startTestSite, type TestSite } from '../helpers/platform';

// The published-testimonials document must always agree with the records: random interleavings
// (some run at the same time) of submit, approve, feature, edit, delete and restore leave the public
// lists and the admin list equal to a full scan of the records.
let site: TestSite;
let api: typeof import('../../src/server/visitors/testimonials');
beforeAll(async () => {
  site = await startTestSite();
  api = await import('../../src/server/visitors/testimonials');
});
afterAll(() => site.close());

type Op =
  | { kind: 'submit' }
  | { kind: 'approve' | 'feature'; target: number; on: boolean }
  | { kind: 'edit'; target: number; order: number }
  | { kind: 'delete' | 'restore'; target: number };

const target = fc.nat(50);
// Weighted so that runs hold several testimonials and most of them get approved at some point.
const mostlyOn = fc.constantFrom(true, true, false);
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'submit' as const }), weight: 3 },
  {
    arbitrary: fc.record({ kind: fc.constant('approve' as const), target, on: mostlyOn }),
    weight: 4,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('feature' as const), target, on: mostlyOn }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      target,
      order: fc.integer({ min: 0, max: 3 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), target }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('restore' as const), target }), weight: 2 },
);
// Ops grouped into batches; a batch runs at the same time, batches one after another. Every run
// starts with a few submissions so the later ops have something to act on.
const run = fc
  .tuple(
    fc
      .integer({ min: 1, max: 5 })
      .map((n) => Array.from({ length: n }, (): Op => ({ kind: 'submit' }))),
    fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
  )
  .map(([first, rest]) => [first, ...rest]);

async function emptyStores() {
  const records = getStore({ name: 'testimonials', consistency: 'strong' });
  for (const { key } of (await records.list()).blobs) await records.delete(key);
  const system = getStore({ name: 'system', consistency: 'strong' });
  await system.delete('testimonials-published');
  await system.delete('testimonial-keys');
}

/** Runs one batch; "gone" and "already exists" outcomes of racing ops are expected, anything else fails. */
async function runBatch(batch: Op[], ids: string[], lastSeen: Map<string, Testimonial>) {
  const pick = (n: number) => (ids.length ? ids[n % ids.length]! : undefined);
  await Promise.all(
    batch.map(async (o) => {
      try {
        if (o.kind === 'submit') {
          const t = await api.submitTestimonial({
            name: `T${ids.length}`,
            content: 'Words.',
            rating: 5,
            position: '',
            company: '',
            image: '',
            linkedin: '',
          });
          ids.push(t.id);
          lastSeen.set(t.id, t);
          return;
        }
        const id = pick(o.target);
        if (!id) return;
        if (o.kind === 'approve')
          lastSeen.set(id, (await api.updateTestimonial(id, { approved: o.on })).after);
        if (o.kind === 'feature')
          lastSeen.set(id, (await api.updateTestimonial(id, { featured: o.on })).after);
        if (o.kind === 'edit')
          lastSeen.set(
            id,
            (await api.updateTestimonial(id, { order: o.order, content: `Edited ${o.order}.` }))
              .after,
          );
        if (o.kind === 'delete') lastSeen.set(id, await api.deleteTestimonial(id));
        // As a history restore of a deletion does: the record comes back exactly as it was last seen.
        if (o.kind === 'restore') await api.reinsertTestimonial(lastSeen.get(id));
      } catch (error) {
        if (!(error instanceof HttpError) || ![404, 409].includes(error.status)) throw error;
      }
    }),
  );
}

const byId = (list: Testimonial[]) => list.slice().sort((a, b) => a.id.localeCompare(b.id));

describe('published testimonials index', () => {
  it('always equals a full scan of the records', async () => {
    await fc.assert(
      fc.asyncProperty(run, async (batches) => {
        await emptyStores();
        const ids: string[] = [];
        const lastSeen = new Map<string, Testimonial>();
        for (const batch of batches) await runBatch(batch, ids, lastSeen);

        const scan = await api.scanTestimonials();
        const approved = await api.approvedTestimonials();
        const featured = await api.featuredTestimonials();
        expect(byId(approved)).toEqual(byId(scan.filter((t) => t.approved)));
        expect(byId(featured)).toEqual(byId(scan.filter((t) => t.approved && t.featured)));
        // Published order: by order, then newest first.
        for (let i = 1; i < approved.length; i++) {
          const [a, b] = [approved[i - 1]!, approved[i]!];
          expect(a.order < b.order || (a.order === b.order && a.createdAt >= b.createdAt)).toBe(
            true,
          );
        }
        const page = await api.testimonialPage({ page: 1, pageSize: 100 });
        expect(page.total).toBe(scan.length);
        expect(byId(page.items)).toEqual(byId(scan));
        expect(await api.testimonialCounts()).toEqual({
          total: scan.length,
          pending: scan.filter((t) => !t.approved).length,
        });
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});
