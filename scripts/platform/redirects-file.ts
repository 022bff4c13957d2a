import { parseAllRedirects } from '@netlify/redirect-parser';
import { z } from 'zod';

/**
 * The part of Netlify's `_redirects` file this site writes: exact paths, `from to [status]`
 * (status 301 when left out), applied as Netlify applies a rule without `!`: only when no file
 * answers the path. Netlify's own parser reads the file; a rule outside that part (splats,
 * placeholders, forced, proxies and rewrites, query or country conditions) is refused, so the
 * local platform never serves a redirect Netlify would not.
 */
export interface RedirectRule {
  from: string;
  to: string;
  status: number;
}

// What the parser returns (with `minimal`) for a rule this platform serves, and nothing more.
const supportedRule = z
  .object({
    from: z
      .string()
      .startsWith('/')
      .refine((from) => !/[*:]/.test(from)),
    to: z.string(),
    status: z
      .union([z.literal(301), z.literal(302), z.literal(303), z.literal(307), z.literal(308)])
      .default(301),
    force: z.literal(false),
    query: z.object({}).strict(),
    conditions: z.object({}).strict(),
    headers: z.object({}).strict(),
  })
  .strict();

export async function readRedirectsFile(file: string): Promise<Map<string, RedirectRule>> {
  const { redirects, errors } = await parseAllRedirects({
    redirectsFiles: [file],
    configRedirects: [],
    minimal: true,
  });
  if (errors.length)
    throw new Error(
      `_redirects: ${errors.map((e: { message?: unknown }) => String(e.message ?? e)).join('\n')}`,
    );
  const rules = new Map<string, RedirectRule>();
  for (const parsed of redirects) {
    const rule = supportedRule.safeParse(parsed);
    if (!rule.success)
      throw new Error(
        `_redirects: the local platform does not support the rule ${JSON.stringify(parsed)}`,
      );
    // The first rule for a path wins, as on Netlify.
    if (!rules.has(rule.data.from))
      rules.set(rule.data.from, {
        from: rule.data.from,
        to: rule.data.to,
        status: rule.data.status,
      });
  }
  return rules;
}
