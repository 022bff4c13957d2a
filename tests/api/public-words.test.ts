/**
 * Every word around the content is the admin's to change: the not-found page, the newsletter
 * popup (and whether it shows), the footer's tagline and copyright line, the navigation and
 * footer links, the newsletter link and the institute's social profiles, its name and logo, the
 * home page's meta description, the inner pages' newsletter banner, the testimonials page's title
 * and lead, and the labels of a report's page. A fresh site shows the
 * spec's wording; changes saved through the API are on the rebuilt site; an emptied text and a
 * list set back to null bring the built-in wording back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtPages } from '../helpers/built-pages';
import { createRecord, startAdminSite, type Client } from '../helpers/admin-site';
import type { TestSite } from '../helpers/platform';

let site: TestSite;
let admin: Client;
const { page, html } = builtPages(() => site.url);

const popupTexts = async () => {
  const el = (await html('/')).querySelector('template[data-newsletter-popup-texts]');
  return (
    el && {
      title: el.getAttribute('data-title'),
      description: el.getAttribute('data-description'),
      button: el.getAttribute('data-button'),
    }
  );
};
const links = async (path: string, nav: string) =>
  (await html(path)).querySelectorAll(`nav[aria-label="${nav}"] a`).map((a) => ({
    // What a screen reader adds for a new tab is checked through `newTab`.
    label: a.textContent.replace('(opens in a new tab)', '').trim(),
    href: a.getAttribute('href'),
    newTab: a.getAttribute('target') === '_blank' && a.textContent.includes('(opens in a new tab)'),
  }));
/** The words of the frame and the pages that are settings, as a visitor reads them. */
const frameWords = async () => {
  const home = await html('/');
  const team = await html('/team');
  const testimonials = await html('/testimonials');
  const report = await html(`/publications/${reportSlug}`);
  const banner = team.querySelector('[aria-labelledby="newsletter-cta-title"]')!;
  const header = team.querySelector('header')!;
  return {
    title: team.querySelector('title')!.text,
    // The header's first logo (a second, for the header once it turns solid, says the same).
    wordmark: header.querySelector('a[href="/"] > span')!.text.replace(/\s+/g, ' ').trim(),
    logo: header.querySelector('img')?.getAttribute('src') ?? null,
    metaDescription: home.querySelector('meta[name="description"]')!.getAttribute('content'),
    organisation: home
      .querySelectorAll('script[type="application/ld+json"]')
      .flatMap(
        (el) => (JSON.parse(el.text) as { '@graph'?: { '@type': string }[] })['@graph'] ?? [],
      )
      .find((n) => n['@type'] === 'Organization') as { name?: string } | undefined,
    banner: [
      banner.querySelector('p')!.text.trim(),
      banner.querySelector('h2')!.text.trim(),
      banner.querySelectorAll('p')[1]!.text.trim(),
      banner.querySelector('a')!.text.trim(),
    ],
    testimonials: [
      testimonials.querySelector('h1')!.text.trim(),
      testimonials.querySelector('h1')!.nextElementSibling!.text.trim(),
    ],
    report: [
      ...report.querySelectorAll('aside h2, [data-testid="key-takeaways"] h2'),
      report.querySelector('aside a[href^="https://papers"]')!,
      report.querySelector('[data-testid="cite-ris"]')!,
    ].map((el) => el.text.replace(/:.*$/s, '').trim()),
  };
};
let reportSlug = '';
const notFound = async () => {
  const got = await page('/no-such-page');
  expect(got.status).toBe(404);
  return got.text;
};
/**
 * Builds the pages now. The save before it also called the build hook; that request is answered
 * by this build, not by a second one after it.
 */
const build = async () => {
  const { failures, builds } = site.platform.builder;
  await site.platform.build();
  expect(site.platform.builder.failures, 'the build failed').toBe(failures);
  await site.platform.builder.idle();
  expect(site.platform.builder.builds, 'builds for one save').toBe(builds + 1);
};

beforeAll(async () => {
  ({ site, admin } = await startAdminSite({
    pages: true,
    users: { admin: { username: 'words-admin', password: 'words-admin-password' } },
  }));
  const id = await createRecord(admin, 'publications', {
    title: 'Auditing Frontier Models',
    description: 'What audits find.',
    type: 'Report',
    link: 'https://papers.example.org/audits',
    keyFindings: ['Audits find what benchmarks miss.'],
    recommendations: ['Fund independent audits.'],
  });
  reportSlug = (await admin.get(`/api/publications/${id}`)).json.slug;
  await build();
}, 240_000);
afterAll(() => site?.close());

describe('the words around the content', () => {
  it("a fresh site shows the spec's wording", async () => {
    const missing = await notFound();
    expect(missing).toContain('404 Page Not Found');
    expect(missing).toContain('Did you forget to add the page to the router?');
    expect(await popupTexts()).toEqual({
      title: 'Stay ahead of AI',
      description:
        'Join 5,000+ innovators, researchers and policy makers who get our monthly briefing on AI research, events and analysis.',
      button: 'Join the community',
    });
    const footer = (await html('/team')).querySelector('footer')!;
    expect(footer.text).toContain(
      `© ${new Date().getFullYear()} Meridian Institute for AI Research. All rights reserved.`,
    );
    expect(footer.text).toContain(
      'Independent research that turns artificial intelligence into lasting public benefit.',
    );
    expect(footer.querySelector('[aria-label="Follow us"]')).toBeNull();
    expect(await frameWords()).toEqual({
      title: 'Team - Meridian Institute for AI Research',
      wordmark: 'Meridian Institute for AI Research',
      logo: null,
      metaDescription: 'Leading research and innovation in artificial intelligence',
      organisation: expect.objectContaining({ name: 'Meridian Institute for AI Research' }),
      banner: [
        'Newsletter',
        'Research highlights, once a month',
        "Join the readers who follow Meridian's latest findings, events and policy analysis. No spam; ask us to remove your address at any time.",
        'Subscribe to the newsletter',
      ],
      testimonials: [
        'What Our Community Says',
        'Researchers, policymakers and practitioners on what working with us has meant for them.',
      ],
      report: [
        'Key findings',
        'Recommendations',
        'Read the publication',
        'Cite this',
        'Read publication',
        'Download citation (.ris)',
      ],
    });
    const header = await links('/team', 'Main');
    expect(header.map((l) => l.label)).toEqual([
      'About Us',
      'Our Team',
      'Strategic Focus',
      'Research',
      'Events',
      'AI Quick Bytes',
      'Testimonials',
      'Contact',
    ]);
    expect(header.find((l) => l.label === 'AI Quick Bytes')).toMatchObject({
      href: '/#newsletter',
      newTab: false,
    });
  });

  it('refuses a link list it could not render safely, and loses nothing', async () => {
    const bad = [
      { navLinks: [{ label: 'Run', href: 'javascript:alert(1)', newTab: false }] },
      { navLinks: [{ label: '', href: '/team', newTab: false }] },
      {
        footerLinks: Array.from({ length: 13 }, (_, n) => ({
          label: `L${n}`,
          href: '/team',
          newTab: false,
        })),
      },
      { socialLinkedin: 'not a web address' },
    ];
    for (const body of bad) {
      const res = await admin.patch('/api/site-settings', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const stored = (await admin.get('/api/site-settings')).json;
    expect([stored.navLinks, stored.footerLinks, stored.socialLinkedin]).toEqual([null, null, '']);
  });

  it('changes saved through the API are on the rebuilt site', { timeout: 240_000 }, async () => {
    const saved = await admin.patch('/api/site-settings', {
      notFoundTitle: 'Nothing here',
      notFoundText: 'That address leads nowhere. Try the search.',
      popupTitle: 'Our monthly briefing',
      popupDescription: 'One email a month, from our researchers.',
      popupButtonText: 'Sign me up',
      footerTagline: 'Research for the public good.',
      copyrightText: '© Meridian Institute, 2026',
      newsletterLinkText: 'Briefing',
      newsletterLinkUrl: 'https://briefing.example.org/',
      socialLinkedin: 'https://www.linkedin.com/company/meridian-example',
      navLinks: [
        { label: 'Research', href: '/publications', newTab: false },
        { label: 'People', href: '/team', newTab: false },
        { label: 'Testimonials', href: '/testimonials', newTab: false },
        { label: 'Blog', href: 'https://blog.example.org/', newTab: true },
      ],
      footerLinks: [{ label: 'Privacy notice', href: '/privacy', newTab: false }],
      instituteName: 'Northfield Centre for Technology Policy',
      instituteShortName: 'Northfield',
      instituteLogo: '/images/og-default.png',
      metaDescription: 'Independent research on technology and the public good.',
      newsletterBannerEyebrow: 'Monthly letter',
      newsletterBannerTitle: 'Our research, in your inbox',
      newsletterBannerDescription: 'One letter a month.',
      newsletterBannerButtonText: 'Get the letter',
      testimonialsPageTitle: 'In their words',
      testimonialsPageDescription: 'Partners on working with us.',
      reportKeyFindingsTitle: 'What we found',
      reportRecommendationsTitle: 'What we propose',
      reportReadTitle: 'Read it',
      reportLinkText: 'Open the paper',
      reportCiteTitle: 'How to cite',
      reportRisText: 'Citation file',
    });
    expect(saved.status, saved.text).toBe(200);
    await build();

    expect(await frameWords()).toEqual({
      title: 'Team - Northfield Centre for Technology Policy',
      wordmark: 'Northfield Centre for Technology Policy',
      logo: '/images/og-default.png',
      metaDescription: 'Independent research on technology and the public good.',
      organisation: expect.objectContaining({
        name: 'Northfield Centre for Technology Policy',
        logo: expect.stringMatching(/\/images\/og-default\.png$/),
      }),
      banner: [
        'Monthly letter',
        'Our research, in your inbox',
        'One letter a month.',
        'Get the letter',
      ],
      testimonials: ['In their words', 'Partners on working with us.'],
      report: [
        'What we found',
        'What we propose',
        'Read it',
        'How to cite',
        'Open the paper',
        'Citation file',
      ],
    });

    const missing = await notFound();
    expect(missing).toContain('Nothing here');
    expect(missing).toContain('That address leads nowhere. Try the search.');
    expect(missing).not.toContain('404 Page Not Found');
    expect(await popupTexts()).toEqual({
      title: 'Our monthly briefing',
      description: 'One email a month, from our researchers.',
      button: 'Sign me up',
    });

    expect(await links('/team', 'Main')).toEqual([
      { label: 'Research', href: '/publications', newTab: false },
      { label: 'People', href: '/team', newTab: false },
      { label: 'Testimonials', href: '/testimonials', newTab: false },
      { label: 'Blog', href: 'https://blog.example.org/', newTab: true },
    ]);
    expect((await links('/team', 'Footer')).map((l) => l.label)).toEqual([
      'Research',
      'People',
      'Testimonials',
      'Blog',
      'Privacy notice',
    ]);
    const footer = (await html('/team')).querySelector('footer')!;
    expect(footer.text).toContain('© Meridian Institute, 2026');
    expect(footer.text).toContain('Research for the public good.');
    expect(footer.querySelector('[aria-label="Follow us"] a')?.getAttribute('href')).toBe(
      'https://www.linkedin.com/company/meridian-example',
    );
  });

  it(
    'the popup can be switched off; emptied texts and reset lists bring the built-in wording back',
    { timeout: 240_000 },
    async () => {
      const saved = await admin.patch('/api/site-settings', {
        showPopup: false,
        showTestimonials: false,
        notFoundTitle: '',
        navLinks: null,
        footerLinks: null,
        newsletterLinkText: '',
      });
      expect(saved.status, saved.text).toBe(200);
      await build();

      expect(await popupTexts()).toBeNull();
      expect(await notFound()).toContain('404 Page Not Found');
      const header = await links('/team', 'Main');
      expect(header.map((l) => l.label)).toEqual([
        'About Us',
        'Our Team',
        'Strategic Focus',
        'Research',
        'Events',
        'AI Quick Bytes',
        'Contact',
      ]);
      // The newsletter link keeps the address still set, with the built-in label.
      expect(header.find((l) => l.label === 'AI Quick Bytes')?.href).toBe(
        'https://briefing.example.org/',
      );
      expect((await links('/team', 'Footer')).slice(-3).map((l) => l.label)).toEqual([
        'Search',
        'Privacy',
        'Accessibility',
      ]);
    },
  );
});
