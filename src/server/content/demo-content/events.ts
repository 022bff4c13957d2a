const DAY = 86_400_000;
/** A calendar day `days` from `base`, as the YYYY-MM-DD the event schema accepts. */
const day = (base: Date, days: number) =>
  new Date(base.getTime() + days * DAY).toISOString().slice(0, 10);

/** Placed relative to `now` (the seeding time) so there are always past, running-soon and later events. */
export const events = (now: Date) => [
  {
    title: 'Evaluating Frontier Models: A Live Briefing',
    description:
      'Our research engineers walk through how we test frontier models for dangerous capabilities, with live Q&A.',
    eventType: 'Webinar',
    startDate: day(now, 7),
    endDate: day(now, 7),
    location: '',
    isVirtual: true,
    virtualLink: 'https://meet.meridian-ai.org/frontier-briefing',
    speakers: ['James Whitfield', 'Dr. Lena Fischer'],
    topics: ['AI Safety & Alignment'],
  },
  {
    title: 'Responsible AI Leadership Workshop',
    description:
      'A hands-on day for senior leaders: set an AI strategy your board, staff and regulators can trust. Includes case studies from the public and private sectors.',
    eventType: 'Workshop',
    startDate: day(now, 14),
    endDate: day(now, 14),
    location: 'London, United Kingdom',
    registrationLink: 'https://tickets.meridian-ai.org/leadership-workshop',
    featured: true,
    speakers: ['Aisha Rahman'],
    topics: ['AI Governance & Policy', 'Future of Work'],
  },
  {
    title: 'London AI Practitioners Meetup',
    description:
      'An informal evening of lightning talks and conversation for people building and deploying AI in London.',
    eventType: 'Meetup',
    startDate: day(now, 30),
    endDate: day(now, 30),
    location: 'Hatton Garden, London',
  },
  {
    title: 'Meridian AI Governance Summit',
    description:
      'Three days of keynotes, panels and working sessions with regulators, researchers and industry on turning AI principles into enforceable practice.',
    eventType: 'Conference',
    startDate: day(now, 45),
    endDate: day(now, 47),
    location: 'Geneva, Switzerland',
    registrationLink: 'https://tickets.meridian-ai.org/governance-summit',
    featured: true,
    speakers: ['Dr. Amara Okafor', 'Marcus Chen', 'Tomás García'],
    topics: ['AI Governance & Policy'],
  },
  {
    title: 'Open Data for Public Good Hackathon',
    description:
      'Build tools that help councils use open data responsibly. Teams of up to five, mentors on site, prizes for the most useful prototypes.',
    eventType: 'Hackathon',
    startDate: day(now, 60),
    endDate: day(now, 61),
    location: 'Manchester, United Kingdom',
    isVirtual: false,
    registrationLink: 'https://tickets.meridian-ai.org/open-data-hackathon',
    speakers: ['Prof. Kenji Watanabe'],
    topics: ['Responsible Data & Privacy'],
  },
  {
    title: 'Scaling AI That Works',
    description:
      'Industry leaders shared real-world AI success stories, from hospital triage to grid balancing, and what it took to scale them.',
    eventType: 'Conference',
    startDate: day(now, -35),
    endDate: day(now, -34),
    location: 'London, United Kingdom',
    featured: true,
    speakers: ['Dr. Sofia Alvarez', 'Dr. Elena Petrova'],
    topics: ['AI in Healthcare', 'AI for Climate & Energy'],
  },
  {
    title: 'AI in Healthcare Roundtable',
    description:
      'Clinicians, engineers and patient advocates discussed how to evaluate diagnostic AI fairly.',
    eventType: 'Roundtable',
    startDate: day(now, -70),
    endDate: day(now, -70),
    location: 'Edinburgh, United Kingdom',
    speakers: ['Dr. Sofia Alvarez'],
    topics: ['AI in Healthcare'],
  },
];
