/**
 * The part of Netlify's `_redirects` file this site writes: exact paths, one rule a line
 * (`from to [status]`, status 301 when left out), applied as Netlify applies a rule without
 * `!`: only when no file answers the path. Lines this reader does not understand (splats,
 * placeholders, query or country conditions) are refused, so the local platform never serves
 * a redirect Netlify would not.
 */
export interface RedirectRule {
  from: string;
  to: string;
  status: number;
}

export function parseRedirectsFile(text: string): Map<string, RedirectRule> {
  const rules = new Map<string, RedirectRule>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [from, to, status = '301', ...rest] = line.split(/\s+/);
    if (!from || !to || rest.length || !/^(301|302|303|307|308)$/.test(status) || /[*:]/.test(from) || !from.startsWith('/')) {
      throw new Error(`_redirects: the local platform does not support the rule "${line}"`);
    }
    // The first rule for a path wins, as on Netlify.
    if (!rules.has(from)) rules.set(from, { from, to, status: Number(status) });
  }
  return rules;
}
