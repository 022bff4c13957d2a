export const researchAreas = [
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
];
