import { describe, expect, it } from 'vitest';
import { safeLink } from '../../src/schemas/common';
import { byOrder } from '../../src/schemas/order';
import { contactInputSchema } from '../../src/schemas/contact-form';
import { eventCreateSchema } from '../../src/schemas/event';
import { badgeForType, isPastEvent, normaliseEvent } from '../../src/schemas/event-client';
import { researchAreaCreateSchema } from '../../src/schemas/research-area';
import {
  settingText,
  siteSettingsPatchSchema,
  siteSettingsSchema,
} from '../../src/schemas/site-settings';
import { initials } from '../../src/lib/format';
import { testimonialSubmitSchema } from '../../src/schemas/testimonial';

describe('site settings', () => {
  it('defaults every visibility flag to true and every text to empty', () => {
    const s = siteSettingsSchema.parse({});
    expect(s.showResearch && s.showTeam && s.showPublications && s.showStats && s.showEvents).toBe(
      true,
    );
    expect(s.showContact && s.showNewsletter && s.showTestimonials).toBe(true);
    expect(s.heroTitle).toBe('');
  });
  it('falls back to the built-in wording for empty values', () => {
    const s = siteSettingsSchema.parse({ heroTitle: '  ' });
    expect(settingText(s, 'heroTitle')).toBe('Meridian Institute for AI Research');
    expect(settingText(s, 'credibilityBox1Metric')).toBe('95% Success Rate');
    expect(settingText(s, 'credibilityBox2Metric')).toBe('10,000+ Trained');
    expect(settingText(s, 'credibilityBox3Metric')).toBe('Global Network');
    expect(settingText(s, 'videoHighlightsTitle')).toBe('Event Highlights');
    expect(settingText(s, 'eventsTitle')).toBe('Events & Workshops');
    expect(settingText(s, 'heroButton1Link')).toBe('#research');
    expect(settingText(s, 'heroButton2Link')).toBe('#contact');
    expect(settingText({ ...s, heroTitle: 'Custom' }, 'heroTitle')).toBe('Custom');
  });
  it('refuses unknown fields, empty patches and script links', () => {
    expect(siteSettingsPatchSchema.safeParse({ nope: 'x' }).success).toBe(false);
    expect(siteSettingsPatchSchema.safeParse({}).success).toBe(false);
    expect(
      siteSettingsPatchSchema.safeParse({ heroButton1Link: 'javascript:alert(1)' }).success,
    ).toBe(false);
    expect(
      siteSettingsPatchSchema.safeParse({ heroButton1Link: '#events', showStats: false }).success,
    ).toBe(true);
  });
});

describe('contact form', () => {
  const ok = {
    name: 'Ada',
    email: 'ada@example.org',
    subject: 'research',
    message: 'Hello there, friends',
  };
  const messageFor = (input: unknown) => {
    const r = contactInputSchema.safeParse(input);
    return r.success ? null : r.error.issues[0]?.message;
  };
  it('uses the spec messages', () => {
    expect(messageFor({ ...ok, name: 'A' })).toBe('Name must be at least 2 characters');
    expect(messageFor({ ...ok, email: 'nope' })).toBe('Please enter a valid email address');
    expect(messageFor({ ...ok, subject: '' })).toBe('Please select a subject');
    expect(messageFor({ ...ok, message: 'short' })).toBe('Message must be at least 10 characters');
    expect(messageFor(ok)).toBeNull();
  });
});

describe('events', () => {
  it('normalises snake_case and applies the client defaults', () => {
    const e = normaliseEvent({
      id: 1,
      start_date: '2026-01-02',
      event_type: 'Webinar',
      is_virtual: true,
      virtual_link: 'https://x.org',
    });
    expect(e).toMatchObject({
      title: 'Event',
      eventType: 'Webinar',
      startDate: '2026-01-02',
      endDate: '2025-06-19T00:00:00.000Z',
      location: 'TBD',
      isVirtual: true,
      virtualLink: 'https://x.org',
      featured: false,
      description: '',
    });
    expect(e.startTime).toBe('');
  });
  it('is past only when the end date parses and is before now', () => {
    expect(isPastEvent({ endDate: '2000-01-01' })).toBe(true);
    expect(isPastEvent({ endDate: '2999-01-01' })).toBe(false);
    expect(isPastEvent({ endDate: 'not a date' })).toBe(false);
  });
  it('maps types to badge styles', () => {
    expect(
      ['Workshop', 'Conference', 'Webinar', 'Meetup', 'Hackathon', 'Gala'].map(badgeForType),
    ).toEqual(['default', 'secondary', 'outline', 'destructive', 'secondary', 'outline']);
  });
  it('accepts snake_case on create and refuses an end before the start', () => {
    expect(
      eventCreateSchema.safeParse({ title: 'A', start_date: '2026-05-01', end_date: '2026-05-02' })
        .success,
    ).toBe(true);
    expect(
      eventCreateSchema.safeParse({ title: 'A', startDate: '2026-05-03', endDate: '2026-05-02' })
        .success,
    ).toBe(false);
  });
});

describe('create schemas', () => {
  it('treat an empty research-area link as absent, drop server-owned fields and still refuse unknown ones', () => {
    const r = researchAreaCreateSchema.parse({ title: 'T', description: 'D', link: '' });
    expect(r.link).toBeUndefined();
    const owned = researchAreaCreateSchema.parse({
      title: 'T',
      description: 'D',
      id: 'x',
      createdAt: 'then',
      updatedAt: 'then',
    });
    expect(owned).not.toHaveProperty('id');
    expect(owned).not.toHaveProperty('createdAt');
    expect(owned).not.toHaveProperty('updatedAt');
    expect(
      researchAreaCreateSchema.safeParse({ title: 'T', description: 'D', colour: 'red' }).success,
    ).toBe(false);
  });
  it('testimonial rating defaults to 5 and must be 1 to 5', () => {
    expect(testimonialSubmitSchema.parse({ name: 'A', content: 'Great' }).rating).toBe(5);
    expect(
      testimonialSubmitSchema.safeParse({ name: 'A', content: 'Great', rating: 6 }).success,
    ).toBe(false);
    expect(
      testimonialSubmitSchema.safeParse({ name: 'A', content: 'Great', rating: 2.5 }).success,
    ).toBe(false);
  });
});

describe('helpers', () => {
  it('initials: first letters of the first two words, at most two', () => {
    expect(initials('ada lovelace byron')).toBe('AL');
    expect(initials('  Grace  ')).toBe('G');
  });
  it('sorts missing order as 999', () => {
    const list = [
      { order: undefined, createdAt: 'a' },
      { order: 3, createdAt: 'b' },
      { order: 1000, createdAt: 'c' },
    ];
    expect(list.sort(byOrder).map((i) => i.createdAt)).toEqual(['b', 'a', 'c']);
  });
  it('safe links allow https, paths and anchors only', () => {
    const s = safeLink();
    expect(['https://a.org/x', '/team', '#contact', ''].every((v) => s.safeParse(v).success)).toBe(
      true,
    );
    expect(
      ['javascript:alert(1)', 'data:text/html,x', '//evil.org'].some((v) => s.safeParse(v).success),
    ).toBe(false);
  });
});
