/** Parses a Netlify `_headers` file: a path line, then indented `Name: value` lines. */
export function parseHeadersFile(text: string): { pattern: RegExp; headers: [string, string][] }[] {
  const rules: { pattern: RegExp; headers: [string, string][] }[] = [];
  let current: { pattern: RegExp; headers: [string, string][] } | null = null;
  for (const raw of text.split('\n')) {
    if (!raw.trim() || raw.trim().startsWith('#')) continue;
    if (!/^\s/.test(raw)) {
      current = { pattern: toRegExp(raw.trim()), headers: [] };
      rules.push(current);
    } else if (current) {
      const i = raw.indexOf(':');
      if (i > 0) current.headers.push([raw.slice(0, i).trim(), raw.slice(i + 1).trim()]);
    }
  }
  return rules;
}

function toRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((seg) => (seg === '*' ? '.*' : seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\*/g, '.*')))
    .join('/');
  return new RegExp(`^${body}$`);
}

/** Headers that apply to a path, later rules adding to (not replacing) earlier ones. */
export function headersFor(rules: ReturnType<typeof parseHeadersFile>, pathname: string): [string, string][] {
  return rules.filter((r) => r.pattern.test(pathname)).flatMap((r) => r.headers);
}
