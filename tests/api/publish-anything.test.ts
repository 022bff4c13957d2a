/**
 * No content can stop publishing: whatever the API accepts must build. Random records of every
 * collection (text from every script and plane of Unicode, markup and citation syntax, line
 * breaks, extreme but valid dates, empty and maximal fields) are written through the real API,
 * then one real build must succeed and publish every public one, with its companion files.
 *
 * The records come from a seeded generator: a failure prints the seed, and FUZZ_SEED=<seed>
 * replays the same records.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTINGS_DEFAULTS } from '../../src/schemas/site-settings-defaults';
import { builtPages } from '../helpers/built-pages';
import { startAdminSite } from '../helpers/admin-site';
import { client, type TestSite } from '../helpers/platform';

// A hundred random records a collection: every run draws new ones (the seed is printed), and at
// two hundred this was the slowest file of the API tests.
const PER_COLLECTION = 100;
const seed = Number(process.env.FUZZ_SEED) || Date.now() % 2 ** 31;

// Characters that have broken renderers before, or that mean something to HTML, XML, JSON,
// BibTeX, RIS, iCalendar, CSV or URLs.
const SPECIAL = [
  '<',
  '>',
  '&',
  '"',
  "'",
  '{',
  '}',
  '\\',
  '%',
  '$',
  '#',
  '_',
  '^',
  '~',
  '`',
  '\n',
  '\r\n',
  '\r',
  '\t',
  '\u0085',
  '\u2028',
  '\u2029',
  'ー',
  '\u200f',
  '\u202e',
  '\u0301',
  '\ufeff',
  '\u00a0',
  '🧪',
  '👩🏽‍🔬',
  '𝔘',
  'ﷺ',
  '\ufffd',
  ':',
  ';',
  ',',
];
const SCRIPTS = [...'العربيةΕλληνικάРусский日本語中文한국어עבריתहिन्दीไทยᏣᎳᎩ'];
const anyCodePoint = fc
  .integer({ min: 0x20, max: 0x10ffff })
  .filter((cp) => (cp < 0xd800 || cp > 0xdfff) && cp !== 0x7f)
  .map((cp) => String.fromCodePoint(cp));
const char = fc.oneof(
  anyCodePoint,
  fc.constantFrom(...SPECIAL),
  fc.constantFrom(...SCRIPTS),
  fc.constantFrom(...'Policy and AI 2025 '),
);
/** At most `max` UTF-16 units (as the schemas count), never splitting a character. */
const cut = (s: string, max: number) => {
  let out = '';
  for (const c of s) {
    if (out.length + c.length > max) break;
    out += c;
  }
  return out;
};
const text = (max: number, min = 1) =>
  fc.oneof(
    fc
      .array(char, { minLength: min, maxLength: Math.min(max, 40) })
      .map((a) => cut(a.join(''), max)),
    // Maximal: right at the field's limit.
    fc.array(char, { minLength: max, maxLength: max }).map((a) => cut(a.join(''), max)),
  );
const optionalText = (max: number) => fc.oneof(fc.constant(''), text(max));
const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const day = fc
  .date({
    min: new Date('1000-01-01T00:00:00Z'),
    max: new Date('9999-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));
const time = fc.oneof(
  fc.constant(''),
  fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${pad(h)}:${pad(m)}`),
);
const link = fc.oneof(
  fc.constant(''),
  text(60).map((t) => `https://example.org/${encodeURIComponent(t)}`),
  fc.constant('/privacy'),
  fc.constant('#contact'),
);
// An image field's value as a save stores it: on this site, or on a host the pages allow (an
// address elsewhere would be fetched at save time: tests/api/image-import.test.ts).
const image = fc.oneof(
  fc.constant(''),
  text(60).map((t) => `/images/${encodeURIComponent(t)}.png`),
  text(60).map((t) => `https://media.licdn.com/dms/image/${encodeURIComponent(t)}`),
);
const webUrl = fc.oneof(
  fc.constant(''),
  text(60).map((t) => `https://example.org/${encodeURIComponent(t)}`),
);
const release = fc.oneof(
  { weight: 8, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.constant({ status: 'draft' }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(day, time.filter(Boolean))
      .map(([d, t]) => ({ status: 'scheduled', publishAt: `${d}T${t}`, timeZone: 'Asia/Tokyo' })),
  },
);

// An image's alt text in any script, or the decorative mark (a public image needs one of them).
const alt = { imageAlt: text(300), imageDecorative: fc.boolean() };

const ARBITRARY: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  'research-areas': fc.record({
    title: text(200),
    description: text(2000),
    image,
    ...alt,
    link,
  }),
  'team-members': fc.record({
    name: text(120),
    position: text(160),
    bio: optionalText(5000),
    image,
    linkedin: webUrl,
    twitter: webUrl,
  }),
  stats: fc.record({ value: text(40), label: text(120) }),
  publications: fc
    .tuple(
      fc.record({
        title: text(300),
        description: text(5000),
        date: fc.oneof(
          optionalText(60),
          day,
          day.map((d) => d.slice(0, 7)),
          day.map(
            (d) =>
              `${new Date(d).toLocaleString('en', { month: 'long', timeZone: 'UTC' })} ${d.slice(0, 4)}`,
          ),
        ),
        type: optionalText(60),
        authors: optionalText(500),
        link,
        image,
        ...alt,
        // Markdown of every kind (the random text is full of markup and syntax characters), and a DOI.
        body: fc.oneof(
          fc.constant(''),
          text(3000),
          fc
            .array(
              fc.constantFrom(
                '# ',
                '## ',
                '\n\n',
                '| a | b |\n|--|--|\n| ',
                '[^1]',
                '\n\n[^1]: ',
                '> ',
                '- ',
                '![',
                '](/x.png "',
                '")',
                '[',
                '](javascript:x)',
                '<script>',
                '`',
              ),
              { maxLength: 60 },
            )
            .chain((parts) => text(40).map((t) => parts.join(t))),
        ),
        doi: fc.constantFrom('', '10.5555/meridian.2025-07', '10.1000/(a);b:c/d'),
      }),
      release,
    )
    .map(([p, r]) => ({ ...p, ...r })),
  events: fc
    .tuple(
      fc.record({
        title: text(200),
        description: optionalText(5000),
        eventType: optionalText(60),
        startTime: time,
        endTime: time,
        location: optionalText(200),
        isVirtual: fc.boolean(),
        virtualLink: webUrl,
        registrationLink: webUrl,
        imageUrl: image,
        ...alt,
        featured: fc.boolean(),
      }),
      fc.tuple(day, fc.integer({ min: 0, max: 400 })),
      release,
    )
    .map(([e, [start, days], r]) => {
      const end = new Date(
        Math.min(Date.parse(start) + days * 86_400_000, Date.parse('9999-12-31')),
      )
        .toISOString()
        .slice(0, 10);
      return { ...e, startDate: start, endDate: end, ...r };
    }),
};
const testimonial = fc.record({
  name: text(120),
  position: optionalText(160),
  company: optionalText(160),
  content: text(3000),
  rating: fc.integer({ min: 1, max: 5 }),
  linkedin: webUrl,
});

let site: TestSite;
let admin: ReturnType<typeof client>;
const created: Record<
  string,
  { id: string; slug?: string; status?: string; publishAt?: string }[]
> = {};
const refused: string[] = [];
const { page, html, sitemapLocs, feedLinks } = builtPages(() => site.url);

/**
 * Posts generated records until `count` were accepted (refusals are fine: the API said why). One
 * at a time: a collection is one stored document, so simultaneous creates all but one lose its
 * etag and merge again after a back-off. Twenty-five at once made filling take minutes; the
 * merges under contention are what tests/api/concurrency-settings.test.ts is for.
 */
async function fill(
  path: string,
  arbitrary: fc.Arbitrary<Record<string, unknown>>,
  count: number,
  post = (body: Record<string, unknown>) => admin.post(path, body),
) {
  const accepted: { id: string; slug?: string; status?: string }[] = [];
  for (let round = 0; accepted.length < count && round < 10; round++) {
    for (const body of fc.sample(arbitrary, {
      numRuns: count,
      seed: seed + round * 7919 + path.length,
    })) {
      if (accepted.length >= count) break;
      const r = await post(body);
      if (r.status === 201) accepted.push(r.json);
      else if (r.status === 400) refused.push(`${path}: ${r.json?.message}`);
      else throw new Error(`${path} answered ${r.status}: ${r.text} (FUZZ_SEED=${seed})`);
    }
  }
  expect(accepted.length, `accepted ${path} records (FUZZ_SEED=${seed})`).toBeGreaterThanOrEqual(
    count,
  );
  return accepted;
}

beforeAll(async () => {
  ({ site, admin } = await startAdminSite({
    pages: false,
    users: { admin: { username: 'fuzz-admin', password: 'fuzz-admin-password-1' } },
  }));
  for (const [collection, arbitrary] of Object.entries(ARBITRARY))
    created[collection] = await fill(`/api/${collection}`, arbitrary, PER_COLLECTION);
  const visitor = client(site.url);
  created.testimonials = await fill('/api/testimonials', testimonial, PER_COLLECTION, (body) =>
    visitor.post('/api/testimonials', body),
  );
  // Most are approved, every other one featured, so both public lists carry them.
  for (const [n, t] of created.testimonials.entries()) {
    if (n % 5 === 4) continue;
    const res = await admin.patch(`/api/admin/testimonials/${t.id}`, {
      approved: true,
      featured: n % 2 === 0,
    });
    expect(res.status, res.text).toBe(200);
  }
  // Every settings text at once, from the same generator.
  const keys = Object.keys(SETTINGS_DEFAULTS).filter(
    (k) => /(Title|Description|Subtitle|Badge|Text|Label)\d*$/.test(k) && !/Link|Url|Email/.test(k),
  );
  const settings = fc.sample(fc.record(Object.fromEntries(keys.map((k) => [k, text(200)]))), {
    numRuns: 1,
    seed,
  })[0]!;
  const saved = await admin.patch('/api/site-settings', settings);
  expect([200, 400], saved.text).toContain(saved.status);
  // What the API refused, by message: the generator aims at valid records, so a refusal that is
  // common here is worth a look (it may be a rule that refuses what people write).
  const reasons = Object.entries(Object.groupBy(refused, (r) => r)).map(
    ([r, list]) => `${list!.length} × ${r}`,
  );
  if (reasons.length) console.log(`Refused while filling:\n${reasons.join('\n')}`);
  const failuresBefore = site.platform.builder.failures;
  await site.platform.build();
  // On failure, say why: the build's own error as the admin's publish state reports it.
  const why =
    site.platform.builder.failures === failuresBefore
      ? ''
      : `: ${(await admin.get('/api/admin/publish')).json?.lastError}`;
  expect(site.platform.builder.failures, `the build failed (FUZZ_SEED=${seed})${why}`).toBe(
    failuresBefore,
  );
}, 900_000);
afterAll(() => site?.close());

describe(`a build over ${PER_COLLECTION} random records of every collection (FUZZ_SEED=${seed})`, () => {
  it('publishes every public publication and event with its page and companion file', async () => {
    const isPublic = (r: { status?: string }) => (r.status ?? 'published') === 'published';
    for (const [collection, ext] of [
      ['publications', '.ris'],
      ['events', '.ics'],
    ] as const) {
      const shown = created[collection]!.filter(isPublic);
      expect(shown.length).toBeGreaterThan(PER_COLLECTION / 2);
      const missing: string[] = [];
      for (const item of shown) {
        const path = `/${collection}/${encodeURIComponent(item.slug!)}`;
        for (const p of [path, `${path}${ext}`])
          if ((await page(p)).status !== 200)
            missing.push(`${decodeURIComponent(p)} ${JSON.stringify(item.slug)}`);
      }
      // On failure, say why: what the build reported leaving out, as the admin sees it.
      const why = missing.length
        ? JSON.stringify(
            ((await admin.get('/api/admin/publish')).json?.skipped ?? [])
              .slice(0, 5)
              .map(
                (s: { title: string; reason: string }) => `${s.title.slice(0, 20)}: ${s.reason}`,
              ),
          )
        : '';
      expect(
        missing,
        `pages that did not answer 200 (FUZZ_SEED=${seed}); left out: ${why}`,
      ).toEqual([]);
      // Drafts are nowhere.
      for (const item of created[collection]!.filter((r) => r.status === 'draft'))
        expect((await page(`/${collection}/${encodeURIComponent(item.slug!)}`)).status).toBe(404);
    }
  });

  it('the pages that list everything, the feeds and the sitemap are well-formed', async () => {
    for (const path of [
      '/',
      '/team',
      '/publications',
      '/testimonials',
      '/privacy',
      '/accessibility',
      '/search',
    ])
      expect((await html(path)).querySelector('h1'), path).toBeTruthy();
    expect((await feedLinks('/publications/feed.xml')).length).toBeGreaterThan(0);
    expect((await feedLinks('/events/feed.xml')).length).toBeGreaterThan(0);
    expect((await sitemapLocs()).length).toBeGreaterThan(PER_COLLECTION);
    // Every record's page is in the search index (people, topics, publications and events).
    const entry = JSON.parse((await page('/pagefind/pagefind-entry.json')).text) as {
      languages: Record<string, { page_count: number }>;
    };
    const indexed = Object.values(entry.languages).reduce((n, l) => n + l.page_count, 0);
    expect(indexed).toBeGreaterThan(PER_COLLECTION);
  });
});
