import type { SiteSettingsPatch } from '../../schemas/site-settings';
import { DEMO_REPORT } from './demo-report';

const DAY = 86_400_000;
/** A calendar day `days` from `base`, as the YYYY-MM-DD the event schema accepts. */
const day = (base: Date, days: number) =>
  new Date(base.getTime() + days * DAY).toISOString().slice(0, 10);

/**
 * Demo think-tank content seeded into an empty store. Most site texts stay empty on purpose so
 * the built-in wording shows; contact details and the founder are filled in. Every research area,
 * member and publication has its own illustration (public/images/research, team, publications). Events are placed
 * relative to the seeding time so there are always past, running-soon and later events.
 *
 * Authors and speakers are written as names and topics as research-area titles; the seed turns
 * the names of the founder and team members into references to them, and titles into area ids
 * (outside names stay names). Every area has publications and at least one expert.
 */
export const DEMO = {
  settings: {
    founderName: 'Dr. Amara Okafor',
    founderPosition: 'Founder & Executive Director',
    founderBio:
      'Amara founded the Meridian Institute in 2019 after a decade leading applied machine-learning teams in healthcare and public services. She holds a PhD in computer science from the University of Edinburgh, where her research focused on the robustness of clinical prediction models.\n\nBefore Meridian she directed the data science unit of a national health agency and advised the OECD on trustworthy AI. She serves on the boards of two open-data charities and writes regularly on how public institutions can adopt AI without giving up accountability.',
    founderLinkedin: 'https://www.linkedin.com/in/amara-okafor-meridian',
    founderEmail: 'amara.okafor@meridian-ai.org',
    founderImage: '/images/team/amara-okafor.svg',
    contactEmail: 'hello@meridian-ai.org',
    contactLocation: '14 Hatton Garden, London EC1N 8AT, United Kingdom',
    contactPhone: '+44 20 7946 0958',
  } satisfies SiteSettingsPatch,

  researchAreas: [
    {
      title: 'AI Safety & Alignment',
      description:
        'Methods to test, monitor and steer advanced AI systems so they reliably do what their operators and the public intend.',
      image: '/images/research/safety.svg',
      order: 0,
    },
    {
      title: 'AI Governance & Policy',
      description:
        'Practical, evidence-based proposals for regulators and legislators, from audit regimes to procurement standards.',
      image: '/images/research/governance.svg',
      order: 1,
    },
    {
      title: 'AI in Healthcare',
      description:
        'Evaluating clinical AI tools in real hospitals: accuracy, equity across patient groups and the workflows that make them safe.',
      image: '/images/research/health.svg',
      order: 2,
    },
    {
      title: 'Future of Work',
      description:
        'How generative AI is changing tasks, wages and skills, and which training programmes actually help workers adapt.',
      image: '/images/research/work.svg',
      order: 3,
    },
    {
      title: 'Responsible Data & Privacy',
      description:
        'Data stewardship models, privacy-preserving techniques and consent practices for the data that trains AI.',
      image: '/images/research/privacy.svg',
      order: 4,
    },
    {
      title: 'AI for Climate & Energy',
      description:
        'Using machine learning to cut emissions in grids, buildings and logistics, and measuring the footprint of AI itself.',
      image: '/images/research/climate.svg',
      order: 5,
    },
  ],

  teamMembers: [
    {
      name: 'Dr. Lena Fischer',
      position: 'Director of Research',
      bio: 'Leads the research programme. Previously a senior scientist at the Max Planck Institute for Intelligent Systems.',
      linkedin: 'https://www.linkedin.com/in/lena-fischer-research',
      twitter: 'https://x.com/lenafischer_ai',
      email: 'lena.fischer@meridian-ai.org',
      topics: ['AI Safety & Alignment', 'AI for Climate & Energy'],
      image: '/images/team/lena-fischer.svg',
      order: 0,
    },
    {
      name: 'Marcus Chen',
      position: 'Head of AI Policy',
      bio: 'Former adviser to the UK Department for Science, Innovation and Technology on AI regulation.',
      linkedin: 'https://www.linkedin.com/in/marcus-chen-policy',
      email: 'marcus.chen@meridian-ai.org',
      topics: ['AI Governance & Policy'],
      image: '/images/team/marcus-chen.svg',
      order: 1,
    },
    {
      name: 'Dr. Sofia Alvarez',
      position: 'Lead, AI in Healthcare',
      bio: 'Clinician-researcher evaluating diagnostic AI across NHS trusts and Latin American hospitals.',
      twitter: 'https://x.com/sofia_alvarez_md',
      topics: ['AI in Healthcare'],
      image: '/images/team/sofia-alvarez.svg',
      order: 2,
    },
    {
      name: 'James Whitfield',
      position: 'Senior Research Engineer',
      bio: 'Builds the evaluation tooling behind our model audits and red-teaming exercises.',
      linkedin: 'https://www.linkedin.com/in/james-whitfield-eng',
      topics: ['AI Safety & Alignment'],
      image: '/images/team/james-whitfield.svg',
      order: 3,
    },
    {
      name: 'Aisha Rahman',
      position: 'Programmes & Training Manager',
      bio: 'Runs our practitioner training, which has reached more than 10,000 professionals.',
      linkedin: 'https://www.linkedin.com/in/aisha-rahman-programmes',
      email: 'aisha.rahman@meridian-ai.org',
      topics: ['Future of Work'],
      image: '/images/team/aisha-rahman.svg',
      order: 4,
    },
    {
      name: 'Dr. Elena Petrova',
      position: 'Senior Economist',
      bio: 'Labour economist measuring how AI adoption changes jobs, wages and training needs across Europe.',
      linkedin: 'https://www.linkedin.com/in/elena-petrova-econ',
      topics: ['Future of Work', 'AI for Climate & Energy'],
      image: '/images/team/elena-petrova.svg',
      order: 5,
    },
    // No order on purpose: the spec sorts members without one last (as 999).
    {
      name: 'Prof. Kenji Watanabe',
      position: 'Visiting Fellow',
      bio: 'Professor of information law at Kyoto University, visiting to work on cross-border AI standards.',
      topics: ['Responsible Data & Privacy', 'AI Governance & Policy'],
      image: '/images/team/kenji-watanabe.svg',
    },
  ],

  publications: [
    {
      title: 'The State of AI Governance 2025',
      description:
        'A comparative review of AI rules in 32 jurisdictions, with a scorecard of how far each has moved from principles to enforceable obligations, and what has worked in practice.',
      date: 'March 2025',
      type: 'Report',
      authors: ['Marcus Chen', 'Dr. Lena Fischer'],
      publishedOn: '2025-03-18',
      topics: ['AI Governance & Policy'],
      link: '',
      image: '/images/publications/governance-2025.svg',
      ...DEMO_REPORT,
    },
    {
      title: 'Auditing Large Language Models in the Public Sector',
      description:
        'A step-by-step audit protocol for government teams procuring language models, tested with three councils.',
      date: 'January 2025',
      type: 'Policy Brief',
      authors: ['James Whitfield', 'Marcus Chen'],
      publishedOn: '2025-01-22',
      topics: ['AI Governance & Policy', 'AI Safety & Alignment'],
      link: '',
      image: '/images/publications/llm-audit.svg',
    },
    {
      title: 'Equity in Clinical Prediction: Lessons from 40 Hospitals',
      description:
        'We measured how the accuracy of widely deployed clinical risk models differs across age, sex and ethnicity, and found gaps that routine validation misses. We propose a lightweight monitoring standard that hospitals can adopt within a quarter.',
      date: 'November 2024',
      type: 'Research Paper',
      authors: ['Dr. Sofia Alvarez', 'Dr. Lena Fischer', 'Dr. Amara Okafor'],
      publishedOn: '2024-11-05',
      topics: ['AI in Healthcare', 'Responsible Data & Privacy'],
      link: '',
      image: '/images/publications/clinical-equity.svg',
    },
    {
      title: 'Generative AI and the Changing Shape of Office Work',
      description:
        'Survey evidence from 6,000 workers on which tasks generative AI is absorbing and what that means for entry-level careers.',
      date: 'September 2024',
      type: 'Report',
      authors: ['Aisha Rahman', 'Dr. Elena Petrova', 'Priya Natarajan'],
      publishedOn: '2024-09-12',
      topics: ['Future of Work'],
      link: '',
      image: '/images/publications/office-work.svg',
    },
    {
      title: 'Red-Teaming Playbook for Small Organisations',
      description:
        'Practical guidance for charities and small firms on stress-testing AI tools before deployment.',
      date: 'June 2024',
      type: 'Guide',
      authors: ['James Whitfield'],
      publishedOn: '2024-06-03',
      topics: ['AI Safety & Alignment'],
      link: '',
      image: '/images/publications/red-teaming.svg',
    },
    {
      title: 'Measuring the Energy Cost of AI Inference',
      description:
        'A transparent methodology for estimating the electricity and carbon cost of serving AI models at scale, applied to twelve popular open models across three hardware generations.',
      date: 'April 2024',
      type: 'Working Paper',
      authors: ['Dr. Lena Fischer', 'James Whitfield'],
      publishedOn: '2024-04-15',
      topics: ['AI for Climate & Energy'],
      link: '',
      image: '/images/publications/energy-inference.svg',
    },
  ],

  // Different figures from the About section's credibility boxes (95% / 10,000+ / Global), so
  // the home page never states the same claim twice.
  stats: [
    { value: '120+', label: 'Reports, papers and briefs published' },
    { value: '32', label: 'Jurisdictions in our governance scorecard' },
    { value: '40', label: 'Hospitals in our clinical AI studies' },
    { value: '18', label: 'Countries where our fellows work' },
  ],

  events: (now: Date) => [
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
  ],

  testimonials: [
    {
      name: 'Priya Raman',
      position: 'Chief Technology Officer',
      company: 'Northwind Health',
      content:
        'Meridian’s audit protocol gave our board the confidence to deploy AI triage safely. Rigorous, practical and refreshingly clear.',
      rating: 5,
      approved: true,
      featured: true,
      image: '',
      linkedin: '',
    },
    {
      name: 'Tomás García',
      position: 'Policy Lead',
      company: 'Digital Futures Council',
      content:
        'Their governance scorecard is now the first thing our team reads when drafting guidance. Independent research that actually moves policy.',
      rating: 5,
      approved: true,
      featured: true,
      image: '',
      linkedin: '',
    },
    {
      name: 'Hannah Osei',
      position: 'Learning & Development Manager',
      company: 'City of Leeds Council',
      content:
        'The leadership workshop was the most useful training our managers had all year. We left with a plan, not just slides.',
      rating: 4,
      approved: true,
      featured: false,
      image: '',
      linkedin: '',
    },
    {
      name: 'Daniel Brooks',
      position: 'Founder',
      company: 'Brooks Analytics',
      content: 'Looking forward to the next hackathon. Great community and mentors.',
      rating: 5,
      approved: false,
      featured: false,
      image: '',
      linkedin: '',
    },
  ],
};
