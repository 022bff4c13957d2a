import { parseAllHeaders, type Header } from '@netlify/headers-parser';

/**
 * A build's `_headers` rules, read by Netlify's own parser (the one its build and CLI use), so
 * a path pattern matches here exactly as it does on Netlify. No file: no rules. A line the
 * parser refuses stops the build from going live rather than being skipped unseen.
 */
export async function readHeadersFile(file: string): Promise<Header[]> {
  const { headers, errors } = await parseAllHeaders({
    headersFiles: [file],
    configHeaders: [],
    minimal: false,
  });
  if (errors.length) throw new Error(`_headers: ${errors.map((e) => e.message).join('\n')}`);
  return headers.filter((rule): rule is Header => 'forRegExp' in rule);
}

/** Headers for a path: every matching rule applies, and a later rule's value for the same header wins. */
export function headersFor(rules: readonly Header[], pathname: string): [string, string][] {
  const merged: Record<string, string> = {};
  for (const rule of rules) if (rule.forRegExp.test(pathname)) Object.assign(merged, rule.values);
  return Object.entries(merged);
}
