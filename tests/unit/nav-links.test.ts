import { describe, expect, it } from 'vitest';
import { footerLinks, mainNavLinks } from '../../src/components/layout/nav-links';

describe('navigation links', () => {
  it('adds Testimonials before Contact while the testimonials page is on, and leaves it out when off', () => {
    expect(mainNavLinks({ showTestimonials: true }).map((l) => l.label)).toEqual([
      'About Us',
      'Our Team',
      'Strategic Focus',
      'Research',
      'Events',
      'AI Quick Bytes',
      'Testimonials',
      'Contact',
    ]);
    expect(mainNavLinks({ showTestimonials: false }).map((l) => l.href)).not.toContain(
      '/testimonials',
    );
  });

  it('gives the footer search, the privacy notice and the accessibility statement after the navigation', () => {
    expect(footerLinks({ showTestimonials: false }).slice(-3)).toEqual([
      { label: 'Search', href: '/search' },
      { label: 'Privacy', href: '/privacy' },
      { label: 'Accessibility', href: '/accessibility' },
    ]);
  });
});
