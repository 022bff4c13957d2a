/**
 * The web version of one demo report ('The State of AI Governance 2025'): headings, a list, a
 * quote, a table, a footnote and a figure with alt text and caption, its key findings and recommendations, so a fresh site shows what a
 * report's page can hold. The DOI uses 10.5555, the prefix Crossref keeps for examples.
 */
export const DEMO_REPORT = {
  doi: '10.5555/meridian.2025.001',
  series: 'Meridian Policy Reports',
  seriesNumber: '1',
  keyFindings: [
    'Binding AI rules now apply in 11 of the 32 jurisdictions reviewed, up from 3 in 2023.',
    'Where enforcement worked, a named regulator had both powers and a budget of its own.',
    'Redress is the weakest link: few people affected by an AI decision can complain and be heard.',
  ],
  recommendations: [
    'Give one regulator in each jurisdiction the duty and the budget to enforce AI rules.',
    'Write obligations specific enough to audit, with published audit results.',
  ],
  body: `## Summary

Between 2023 and 2025, AI rules moved from voluntary principles to binding obligations in a third of the 32 jurisdictions we reviewed. This report scores each of them on how far that move has gone, and asks what made enforcement work where it did.

## How we scored jurisdictions

We read the primary texts (statutes, regulations and regulator guidance) and interviewed 41 officials. Each jurisdiction was scored on four questions:

1. **Scope**: which systems and which uses do the rules cover?
2. **Obligations**: are duties specific enough to audit?
3. **Oversight**: does a named body have powers and a budget to enforce them?
4. **Redress**: can the people affected complain, and be heard?

![Bar chart: the number of jurisdictions with binding AI rules rose from 3 in 2023 to 11 in 2025, while those with voluntary principles only fell from 24 to 15](/images/research/governance.svg "Figure 1: Jurisdictions with binding AI rules, 2023-2025")

### The scorecard

| Group | Jurisdictions | Median score (of 100) |
|:--|--:|--:|
| Binding rules with an enforcer | 11 | 71 |
| Binding rules, no enforcer yet | 6 | 48 |
| Principles only | 15 | 22 |

## What worked

> Rules without an enforcer are advice. The jurisdictions that moved furthest gave an existing regulator new powers rather than founding a new one.

Three things set the leaders apart: a regulator that already knew the sector, audit duties written as tests rather than values, and published decisions that others could learn from.[^method]

## Recommendations

- Give existing sector regulators AI powers and the budget to use them.
- Write obligations as checks an auditor can run.
- Publish enforcement decisions, including the ones that found no breach.

[^method]: The full method, interview guide and scoring sheet are available from the authors on request.
`,
};
