import type { SiteSettingsPatch } from '../schemas/site-settings';

const day = 86_400_000;
const date = (base: Date, days: number) => new Date(base.getTime() + days * day).toISOString().slice(0, 10);

/** Demo think-tank content seeded into an empty store (placeholder; expanded later). */
export const DEMO = {
  settings: { founderName: 'Dr. Amara Okafor' } satisfies SiteSettingsPatch,
  researchAreas: [{ title: 'AI Safety & Alignment', description: 'Making advanced systems do what we intend.', image: '' }],
  teamMembers: [{ name: 'Lena Fischer', position: 'Head of Research', order: 0 }],
  publications: [{ title: 'State of AI Governance 2025', description: 'A survey.', date: 'March 2025', type: 'Report', authors: 'L. Fischer', link: '', image: '' }],
  stats: [{ value: '95%', label: 'Programme success rate' }],
  events: (now: Date) => [{ title: 'Responsible AI Workshop', eventType: 'Workshop', startDate: date(now, 14), endDate: date(now, 14), location: 'London' }],
  testimonials: [{ name: 'Priya Raman', position: 'CTO', company: 'Northwind', content: 'Great work.', rating: 5, approved: true, featured: true, image: '', linkedin: '' }],
};
