/**
 * Alt text: a public record with an image needs a description of it or an explicit "decorative"
 * mark, and a report's figures need theirs; the save is refused with a 400 that says which image.
 * Drafts may wait. Records stored before the rule keep showing, can still be edited elsewhere, and
 * are listed on the dashboard until described. Pages carry the alt text written in the admin.
 */
import { publications } from '../../src/server/content/collections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdminSite, type AdminSite } from '../helpers/admin-site';
import { builtPages } from '../helpers/built-pages';

let t: AdminSite;
const { html } = builtPages(() => t.site.url);
const IMAGE = '/images/og-default.png';

beforeAll(async () => {
  t = await startAdminSite();
});
afterAll(() => t?.close());

describe('saving a record with an image', () => {
  it('is refused without alt text, naming the image, for publications, events and research areas', async () => {
    for (const [path, body] of [
      [
        '/api/publications',
        { title: 'Pictured Report', description: 'With a picture.', image: IMAGE },
      ],
      [
        '/api/events',
        {
          title: 'Pictured Event',
          startDate: '2031-01-01',
          endDate: '2031-01-01',
          imageUrl: IMAGE,
        },
      ],
      [
        '/api/research-areas',
        { title: 'Pictured Area', description: 'With a picture.', image: IMAGE },
      ],
    ] as const) {
      const res = await t.admin.post(path, body);
      expect(res.status, path).toBe(400);
      expect(res.json.message).toMatch(/image has no alt text/);
      expect(res.json.fields).toHaveProperty('imageAlt');
    }
  });

  it('is accepted with alt text, or marked decorative, and as a draft without either', async () => {
    expect(
      (
        await t.admin.post('/api/publications', {
          title: 'Described',
          description: 'd',
          image: IMAGE,
          imageAlt: 'A bar chart of audit results',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await t.admin.post('/api/publications', {
          title: 'Decorative',
          description: 'd',
          image: IMAGE,
          imageDecorative: true,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await t.admin.post('/api/publications', {
          title: 'Draft First',
          description: 'd',
          image: IMAGE,
          status: 'draft',
        })
      ).status,
    ).toBe(201);
  });

  it('refuses publishing a draft whose image has no alt text', async () => {
    const draft = (await t.admin.get('/api/publications/all?q=draft+first')).json.items.find(
      (p: { title: string }) => p.title === 'Draft First',
    );
    const res = await t.admin.patch(`/api/publications/${draft.id}`, { status: 'published' });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/image has no alt text/);
  });

  it('refuses a report figure from another site, naming its address', async () => {
    const res = await t.admin.post('/api/publications', {
      title: 'Tracked',
      description: 'd',
      body: '# Intro\n\n![A chart](/images/og-default.png)\n\n![A map](https://tracker.example/map.png)\n',
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(
      "Figure 2 of the web version (https://tracker.example/map.png) is on another site, which every reader's browser would then contact: upload the image here and use its address instead",
    );
    expect(res.json.fields).toEqual({ body: res.json.message });
  });

  it('asks for the caption of a figure that has only alt text, and takes it once given', async () => {
    const body = (caption: string) =>
      `# Intro\n\n![A chart of evaluations](/images/og-default.png "${caption}")\n`;
    const res = await t.admin.post('/api/publications', {
      title: 'Uncaptioned',
      description: 'd',
      body: body(''),
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(
      /Figure 1 of the web version \(\/images\/og-default\.png\) has no caption/,
    );
    const fixed = await t.admin.post('/api/publications', {
      title: 'Captioned',
      description: 'd',
      body: body('Figure 1: Evaluations'),
    });
    expect(fixed.status, fixed.text).toBe(201);
  });

  it('refuses a report figure without alt text, saying which figure', async () => {
    const res = await t.admin.post('/api/publications', {
      title: 'Figures',
      description: 'd',
      body: '# Intro\n\n![](/images/og-default.png "A caption")\n',
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(
      /Figure 1 of the web version \(\/images\/og-default\.png\) has no alt text/,
    );
  });
});

describe('records stored before the rule', () => {
  beforeAll(async () => {
    // Put back as it was stored: the alt rule is checked on saves, never on what is stored.
    const at = '2024-01-01T00:00:00.000Z';
    await publications.reinsert({
      id: 'legacy-pictured',
      title: 'Legacy Pictured',
      description: 'Older.',
      image: IMAGE,
      order: 50,
      createdAt: at,
      updatedAt: at,
    });
  });

  it('keep showing, and an edit that leaves the image alone is saved', async () => {
    expect(
      (
        await t.admin.patch('/api/publications/legacy-pictured', {
          title: 'Legacy Pictured, Renamed',
        })
      ).status,
    ).toBe(200);
  });

  it('are listed on the dashboard until described', async () => {
    const listed = (await t.admin.get('/api/admin/summary')).json.missingAltText;
    expect(listed).toEqual([
      { collection: 'publications', id: 'legacy-pictured', title: 'Legacy Pictured, Renamed' },
    ]);
    expect(
      (await t.admin.patch('/api/publications/legacy-pictured', { imageAlt: 'A city skyline' }))
        .status,
    ).toBe(200);
    expect((await t.admin.get('/api/admin/summary')).json.missingAltText).toEqual([]);
  });
});

describe("the featured video's own thumbnail", () => {
  it('is refused without alt text, and saved with it', async () => {
    const video = {
      featuredVideoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      featuredVideoThumbnail: IMAGE,
    };
    const refused = await t.admin.patch('/api/site-settings', video);
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/thumbnail has no alt text/);
    expect(refused.json.fields).toHaveProperty('featuredVideoThumbnailAlt');
    expect(
      (
        await t.admin.patch('/api/site-settings', {
          ...video,
          featuredVideoThumbnailAlt: 'Speakers on a panel stage',
        })
      ).status,
    ).toBe(200);
  });
});

describe('the built pages', () => {
  it('carry the alt text written in the admin, and none for decorative images', async () => {
    await t.site.platform.build();
    const described = (await html('/publications/described')).querySelector('main img')!;
    expect(described.getAttribute('alt')).toBe('A bar chart of audit results');
    expect(
      (await html('/publications/decorative')).querySelector('main img')!.getAttribute('alt'),
    ).toBe('');
    const cards = (await html('/publications'))
      .querySelectorAll('[data-testid="publication-card"] img')
      .map((i) => i.getAttribute('alt'));
    expect(cards).toContain('A city skyline');
    expect(
      (await html('/')).querySelector('button[aria-label^="Play video"] img')!.getAttribute('alt'),
    ).toBe('Speakers on a panel stage');
  }, 180_000);
});
