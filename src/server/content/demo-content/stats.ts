// Different figures from the About section's credibility boxes (95% / 10,000+ / Global), so
// the home page never states the same claim twice.
export const stats = [
  { value: '120+', label: 'Reports, papers and briefs published' },
  { value: '32', label: 'Jurisdictions in our governance scorecard' },
  { value: '40', label: 'Hospitals in our clinical AI studies' },
  { value: '18', label: 'Countries where our fellows work' },
];
