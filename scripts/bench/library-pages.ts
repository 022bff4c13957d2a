// The pages `npm run bench` measures: the home page, /team, /testimonials, and the research
// library's pages found through the site's API.
import type { BenchSite } from './site-process';

/** The research library's pages, by what each is. */
export type LibraryPages = Awaited<ReturnType<typeof findLibraryPages>>;

/**
 * The research library's pages: the first person (the founder or a team member), the first
 * topic, a publication with a web version (Markdown body) and its first figure's page, and the
 * search page with a query's results. The demo content has such a report; when it does not, the
 * bench gives the first publication a body with a figure, so the report layout is measured.
 */
export async function findLibraryPages({ url, api, cookie, waitLive }: BenchSite) {
  const person = ((await api('GET', '/api/team-members')).json as { slug?: string }[] | null)?.[0]
    ?.slug;
  const topic = ((await api('GET', '/api/research-areas')).json as { slug?: string }[] | null)?.[0]
    ?.slug;
  // The list answers summaries without bodies: each of the first few is read on its own.
  const publications =
    ((await api('GET', '/api/publications')).json as { id: string; slug?: string }[] | null) ?? [];
  let report: string | undefined;
  for (const p of publications.slice(0, 20)) {
    const full = (await api('GET', `/api/publications/${p.id}`)).json as { body?: string } | null;
    if (full?.body?.trim()) {
      report = p.slug;
      break;
    }
  }
  if (!report && publications[0]) {
    const body =
      '## Summary\n\nWhat the report found, in three findings.\n\n1. **First**: the first finding.\n2. **Second**: the second finding.\n3. **Third**: the third finding.\n\n| Measure | Before | After |\n| --- | --- | --- |\n| Rules in force | 4 | 11 |\n\n![Bar chart of rules in force, rising from 4 to 11](/images/og-default.png "Figure 1: Rules in force, before and after")\n';
    const patched = await api('PATCH', `/api/publications/${publications[0].id}`, { body }, cookie);
    if (patched.status !== 200)
      throw new Error(`giving a publication a body answered ${patched.status}`);
    report = publications[0].slug;
    await waitLive();
  }
  if (!person || !topic || !report)
    throw new Error(
      `the demo content lacks a person (${person}), a topic (${topic}) or a publication (${report})`,
    );
  return {
    person: `${url}/team/${person}`,
    topic: `${url}/research/${topic}`,
    publication: `${url}/publications/${report}`,
    figure: `${url}/publications/${report}/figures/1`,
    search: `${url}/search?q=governance`,
  };
}

/** The pages Lighthouse and the photo sizes are measured on. */
export const measuredPages = (url: string, library: LibraryPages) => [
  `${url}/`,
  `${url}/team`,
  `${url}/testimonials`,
  library.publication,
  library.figure,
  library.person,
  library.topic,
  library.search,
];
