// The library `npm run bench:scale` measures, written straight to the store (each part only in
// the runs that measure it): the publications, events and testimonials of seed-library.ts, and
// the subscribers, contact messages, media assets and history entries only this benchmark reads.
import { performance } from 'node:perf_hooks';
import type { Platform } from '../../platform';
import { DAY, plainBody, seedEvents, seedPublications, seedTestimonials } from '../seed-library';
import { ADMIN, ADMIN_BROWSER, ALL, BUILD_ONLY, MEDIA_ONLY, SIZES } from './options';

/** Runs `fn` `n` times at up to `concurrency` at once. */
async function times(n: number, concurrency: number, fn: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

/** Seeds the run's parts beside the demo content; answers the demo's collections' counts. */
export async function seedScaleLibrary(platform: Platform) {
  const t0 = performance.now();
  const { createUser } = await import('../../../src/server/auth/users');
  const { publications, teamMembers, researchAreas, stats } =
    await import('../../../src/server/content/collections');
  const { commitChange } = await import('../../../src/server/publishing/history');
  const { seedDemoContent } = await import('../../../src/server/workflows/seed');
  const now = Date.now();

  console.log('Seeding…');
  await seedDemoContent();
  await createUser({ ...ADMIN, isAdmin: true });
  // The admin's pages are shells that read the API in the browser: built over the demo content,
  // they serve the admin as one built over the whole library would, without its minutes of build.
  if (ADMIN_BROWSER) await platform.build();
  if (!MEDIA_ONLY) {
    await seedPublications({
      count: SIZES.publications,
      now,
      fields: (n) => ({
        // Spread over ten years, newest first by number, as a migrated archive is.
        publishedOn: new Date(now - Math.floor((n * 3650) / SIZES.publications) * DAY)
          .toISOString()
          .slice(0, 10),
        type: ['Report', 'Policy Brief', 'Working Paper'][n % 3],
        authors: 'M. Chen',
        body: plainBody(n),
      }),
    });
    // A store's one-time step, on the first save that claims a slug: who holds which slug is made
    // from the index rows (src/server/content/slug-claims.ts). Taken here, so that the saves
    // measured below cost what every later save does.
    await publications.update('pub-1', { title: 'Scale publication 1, renamed' });
  }
  if (!MEDIA_ONLY && !ADMIN_BROWSER) await seedEvents({ count: SIZES.events, now });
  if (ALL) {
    await seedSubscribers(now);
    console.log(
      `  ${SIZES.subscribers} subscribers, ${SIZES.pendingSignups} pending and ${SIZES.unsubscribed} unsubscribed (${Math.round(performance.now() - t0)} ms so far)`,
    );
    await seedMessages(now);
    console.log(`  ${SIZES.messages} contact messages`);
  }
  if (!MEDIA_ONLY && !ADMIN_BROWSER) {
    await seedTestimonials(SIZES.testimonials, SIZES.approvedTestimonials, now);
    console.log(`  ${SIZES.testimonials} testimonials`);
  }
  if (!BUILD_ONLY && !ADMIN_BROWSER) {
    await seedMedia(now);
    console.log(`  ${SIZES.assets} media assets`);
  }
  if (ALL)
    await times(SIZES.history, 16, (n) =>
      commitChange(
        { username: ADMIN.username },
        { action: 'update', target: 'site-settings', summary: `heroTitle ${n}` },
        { rebuild: false },
      ),
    );
  console.log(
    `  ${ALL ? SIZES.history : 0} history entries; seeded in ${Math.round(performance.now() - t0)} ms`,
  );
  return {
    team: (await teamMembers.list()).length,
    researchAreas: (await researchAreas.list()).length,
    stats: (await stats.list()).length,
  };
}

/**
 * Written straight to the store as a signup leaves them (marker, then record), then listed in the
 * index in one write: the subscribers spread over two years, as a real list grows, and beside them
 * signups still waiting for their confirmation and addresses that left (each also on the
 * suppression list).
 */
async function seedSubscribers(now: number) {
  const { subscriptionId } = await import('../../../src/server/visitors/newsletter');
  const { addToSnapshot, writeMarker } =
    await import('../../../src/server/visitors/newsletter-index');
  const { newsletterSubscriptionSchema } =
    await import('../../../src/schemas/newsletter-subscription');
  const { suppress } = await import('../../../src/server/visitors/newsletter-suppression');
  const { CURRENT_CONSENT } = await import('../../../src/schemas/newsletter-consent');
  const { openStore, STORES } = await import('../../../src/server/storage/store');
  const kinds = [
    ...Array.from({ length: SIZES.subscribers }, (_, n) => ({ n, status: 'confirmed' as const })),
    ...Array.from({ length: SIZES.pendingSignups }, (_, n) => ({
      n,
      status: 'pending' as const,
    })),
    ...Array.from({ length: SIZES.unsubscribed }, (_, n) => ({
      n,
      status: 'unsubscribed' as const,
    })),
  ];
  const records = openStore(STORES.newsletter);
  const written = kinds.map(({ n, status }) => {
    const email = `${status === 'confirmed' ? 'user' : status}${n}@example.org`;
    const at = new Date(
      now - (status === 'pending' ? n % (6 * 24) : (n * 7919) % (730 * 24)) * 3_600_000 - n,
    ).toISOString();
    return newsletterSubscriptionSchema.parse({
      id: subscriptionId(email),
      email,
      createdAt: at,
      status,
      form: status === 'confirmed' ? 'import' : 'inline',
      source: '/',
      consent: CURRENT_CONSENT,
      ...(status === 'pending'
        ? { requestedAt: at, confirmTokenHash: 'x'.repeat(64), confirmSentAt: at }
        : status === 'unsubscribed'
          ? { confirmedAt: at, unsubscribedAt: at }
          : { confirmedAt: at }),
    });
  });
  await times(written.length, 64, async (i) => {
    const record = written[i]!;
    await writeMarker(record);
    await records.setJSON(record.id, record);
    if (record.status === 'unsubscribed') await suppress(record.id);
  });
  await addToSnapshot(written);
}

/** The contact messages, over the last year, each under its day as the contact form stores it. */
async function seedMessages(now: number) {
  const { newestFirstKey } = await import('../../../src/server/storage/keys');
  const { forgetParsedCopies, openStore, STORES } =
    await import('../../../src/server/storage/store');
  const contact = openStore(STORES.contact);
  await times(SIZES.messages, 64, async (n) => {
    const at = now - (n % 365) * DAY - n * 1000;
    const id = newestFirstKey(at);
    const createdAt = new Date(at).toISOString();
    await contact.setJSON(`m/${createdAt.slice(0, 10)}/${id}`, {
      id,
      name: `Sender ${n}`,
      email: `sender${n}@example.org`,
      subject: 'research',
      message: `Message number ${n}, long enough to be real.`,
      createdAt,
      read: false,
    });
  });
  // The inbox index folds in only messages stamped after its watermark (storage/log-index/), and
  // these carry times up to a year back: one an earlier read of the store made would never show
  // them. Without it, the first admin read scans every message, as on a site whose messages
  // came before the index did.
  const system = openStore(STORES.system);
  const { blobs } = await system.list({ prefix: 'contact-snapshot' });
  await Promise.all(blobs.map((b) => system.delete(b.key)));
  forgetParsedCopies();
}

/**
 * The media library's index as 5,000 uploads leave it (the Media page reads only the index and
 * one uses document per image shown); every tenth image still without alt text. With the
 * metadata every index write stores (the count of images without alt text).
 */
async function seedMedia(now: number) {
  const { MEDIA_KEYS } = await import('../../../src/server/storage/keys');
  const { assetIndexMetadata } = await import('../../../src/server/content/media');
  const { openStore, STORES } = await import('../../../src/server/storage/store');
  const hex = (n: number) => n.toString(16).padStart(24, '0');
  const assets = Array.from({ length: SIZES.assets }, (_, n) => ({
    id: hex(n),
    file: `${hex(n)}${'0'.repeat(40)}.jpg`,
    previousFiles: [],
    name: `photo-${n}.jpg`,
    size: 350_000,
    width: 2000,
    height: 1333,
    type: 'image/jpeg',
    alt: n % 10 === 0 ? '' : `Photo ${n} of a workshop`,
    credit: `Photographer ${n % 50}`,
    licence: 'CC BY 4.0',
    focalX: 0.5,
    focalY: 0.5,
    uploadedBy: ADMIN.username,
    uploadedAt: new Date(now - n * 60_000).toISOString(),
    rev: 0,
  }));
  await openStore(STORES.media).setJSON(
    MEDIA_KEYS.index,
    { rows: assets },
    { metadata: assetIndexMetadata(assets) },
  );
}
