import { DEMO_REPORT } from './report';

export const publications = [
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
];
