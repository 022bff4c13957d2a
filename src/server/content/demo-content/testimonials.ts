export const testimonials = [
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
];
