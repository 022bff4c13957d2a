/**
 * The one-line summary of a publication where a short text stands for it (social cards,
 * newsletter cards): its description, or, when that is blank, its first key finding.
 */
export function publicationSummary(p: { description: string; keyFindings?: readonly string[] }) {
  return (p.description.trim() || p.keyFindings?.[0] || '').replace(/\s+/g, ' ').trim();
}
