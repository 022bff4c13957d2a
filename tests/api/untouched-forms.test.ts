/**
 * Every admin form, saved untouched (only its required fields typed in), puts on the rebuilt site
 * exactly what the form showed: the values a new record's form starts with are posted as the form
 * posts them, and the built pages are read back. A select that showed 'Report' or 'Event' must
 * give a publication of type Report and an event of type Event, with no blank type anywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_CONFIGS } from '../../src/components/admin/collections/collection-configs';
import { formValuesFor, withSettingDefaults } from '../../src/components/admin/form/field-config';
import { builtPages } from '../helpers/built-pages';
import { ADMIN, startAdminSite } from '../helpers/admin-site';
import { buildPages, type TestSite } from '../helpers/platform';

let site: TestSite;
const saved: Record<string, Record<string, unknown>> = {};
const { html } = builtPages(() => site.url);

/** What an admin types into the required fields; the rest stays as the form showed it. */
const TYPED: Record<string, Record<string, unknown>> = {
  'research-areas': {
    title: 'Untouched Area',
    description: 'An area saved from an untouched form.',
  },
  'team-members': { name: 'Untouched Member', position: 'Untouched Fellow' },
  publications: {
    title: 'Untouched Publication',
    description: 'A publication saved from an untouched form.',
  },
  stats: { value: '77', label: 'Untouched counts' },
  events: { title: 'Untouched Event', startDate: '2031-03-04', endDate: '2031-03-04' },
};

beforeAll(async () => {
  const started = await startAdminSite({ pages: true, users: { admin: ADMIN } });
  site = started.site;
  const admin = started.admin;
  const settings = (await admin.get('/api/site-settings')).json;
  for (const [page, config] of Object.entries(COLLECTION_CONFIGS)) {
    // The body the admin form posts for a new record: every field, as the form shows it.
    const body = {
      ...formValuesFor(withSettingDefaults(config.fields, settings), null),
      ...TYPED[page],
    };
    const res = await admin.post(`/api/${config.api}`, body);
    expect(res.status, `${page}: ${res.text}`).toBe(201);
    saved[page] = res.json;
  }
  // What the old form posted (a blank type), and a second type so the archive shows its type filter.
  for (const type of ['', 'Paper']) {
    const res = await admin.post('/api/publications', {
      title: `Typed ${type || 'blank'}`,
      description: 'For the type filter.',
      type,
    });
    expect(res.status, res.text).toBe(201);
  }
  await buildPages(site);
}, 240_000);
afterAll(() => site?.close());

describe('a record saved from an untouched admin form', () => {
  it('publication: its page and the archive say Report, and no type is blank', async () => {
    expect(COLLECTION_CONFIGS.publications!.fields.find((f) => f.name === 'type')!.initial).toBe(
      'Report',
    );
    const page = await html(`/publications/${saved.publications!.slug}`);
    expect(page.querySelector('[data-testid="publication-type"]')!.text.trim()).toBe('Report');
    const chips = (await html('/publications'))
      .querySelectorAll('nav[aria-label="Publication types"] a')
      .map((a) => a.text.replace(/\s+/g, ' ').trim());
    expect(chips).toEqual(['All types (3)', 'Paper (1)', 'Report (2)']);
  });

  it('event: its page and its card say Event', async () => {
    expect(COLLECTION_CONFIGS.events!.fields.find((f) => f.name === 'eventType')!.initial).toBe(
      'Event',
    );
    const page = await html(`/events/${saved.events!.slug}`);
    expect(page.querySelector('[data-testid="event-type"]')!.text.trim()).toBe('Event');
    const card = (await html('/'))
      .querySelectorAll('[data-testid="event-card"]')
      .find((c) => c.text.includes('Untouched Event'));
    expect(card, 'the event card on the home page').toBeTruthy();
    expect(card!.querySelector('[data-badge]')!.text.trim()).toBe('Event');
  });

  it('research area, team member and stat: shown with what was typed', async () => {
    const home = (await html('/')).text;
    expect(home).toContain('Untouched Area');
    expect(home).toContain('Untouched counts');
    expect((await html('/team')).text).toContain('Untouched Member');
  });
});
