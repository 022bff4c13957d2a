/**
 * A publication's impact panel: views of its page over time, PDF and citation downloads, where its
 * readers came from, and its first 7 and 30 days beside the previous publication's. Reads at most
 * the 90 days shown plus the first 30 of each of the two publications.
 */
import type { ImpactFigures, PublicationImpact } from '../../schemas/analytics';
import type { Publication } from '../../schemas/publication';
import { isPublic } from '../../schemas/release';
import { publicationUrl } from '../../lib/publication-archive';
import { HttpError } from '../http/errors';
import { publications, type PublicationRow } from '../content/collections';
import { daysBetween, hitsOf, readDays, today, type DayCounts } from '../visitors/analytics-read';

const SHOWN_DAYS = 90;
const DAY_MS = 86_400_000;

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The day a publication came out: its publishedOn, else the day it was created. */
const startOf = (p: Pick<Publication, 'publishedOn' | 'createdAt'>) =>
  p.publishedOn || p.createdAt.slice(0, 10);

/** How a hit's path belongs to the publication: its page, its PDF, its citation file. */
function matcher(p: Publication) {
  const page = publicationUrl(p);
  const pdf = p.pdf.startsWith('/') ? p.pdf.split(/[?#]/)[0] : null;
  return {
    page,
    view: (path: string) => path === page,
    pdf: (path: string) => path === pdf,
    citation: (path: string) => path === `${page}.ris` || path === `${page}.bib`,
  };
}

function figures(p: Publication, days: Iterable<DayCounts>): ImpactFigures {
  const is = matcher(p);
  const sum: ImpactFigures = { views: 0, pdf: 0, citation: 0 };
  for (const [hit, n] of hitsOf(days)) {
    if (hit.kind === 'view' && is.view(hit.path)) sum.views += n;
    else if (hit.kind === 'pdf' && is.pdf(hit.path)) sum.pdf += n;
    else if (hit.kind === 'citation' && is.citation(hit.path)) sum.citation += n;
  }
  return sum;
}

/** A publication's first `n` days (those that have happened). */
async function firstDays(p: Publication, n: number, cache: Map<string, DayCounts>, now: number) {
  const from = startOf(p);
  const to = addDays(from, n - 1);
  const wanted = daysBetween(from, to).filter((d) => d <= today(now) && !cache.has(d));
  if (wanted.length) {
    for (const [d, counts] of await readDays(wanted[0]!, wanted.at(-1)!, now)) cache.set(d, counts);
  }
  return figures(
    p,
    daysBetween(from, to).flatMap((d) => (cache.has(d) ? [cache.get(d)!] : [])),
  );
}

const top = (m: Map<string, number>) =>
  [...m].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 10);

/** The impact panel of one publication; 404 when there is no such publication. */
export async function publicationImpact(id: string, now = Date.now()): Promise<PublicationImpact> {
  const [p, rows] = await Promise.all([publications.get(id), publications.rows()]);
  if (!p) throw new HttpError(404, 'No such publication');
  const start = startOf(p);
  const to = today(now);
  const from = [start, addDays(to, -(SHOWN_DAYS - 1))].sort().at(-1)!;
  const cache = new Map<string, DayCounts>(from <= to ? await readDays(from, to, now) : []);
  const is = matcher(p);
  const referrers = new Map<string, number>();
  const newsletter = new Map<string, number>();
  const days = daysBetween(from, to).map((date) => {
    let views = 0;
    for (const [hit, n] of hitsOf([cache.get(date) ?? new Map()])) {
      if (hit.kind !== 'view' || !is.view(hit.path)) continue;
      views += n;
      if (hit.host) referrers.set(hit.host, (referrers.get(hit.host) ?? 0) + n);
      if (hit.ref) newsletter.set(hit.ref, (newsletter.get(hit.ref) ?? 0) + n);
    }
    return { date, views };
  });
  // Chosen from the index rows; only the one found is read.
  const before = (rows as PublicationRow[])
    .filter((o) => o.id !== p.id && isPublic(o, now) && startOf(o) < start)
    .sort((a, b) => startOf(b).localeCompare(startOf(a)))[0];
  const previous = before ? await publications.get(before.id) : null;
  return {
    id: p.id,
    title: p.title,
    path: is.page,
    publishedOn: start,
    days,
    totals: figures(p, cache.values()),
    referrers: top(referrers).map(([host, views]) => ({ host, views })),
    newsletter: top(newsletter).map(([issue, views]) => ({ issue, views })),
    first7: await firstDays(p, 7, cache, now),
    first30: await firstDays(p, 30, cache, now),
    previous: previous
      ? {
          id: previous.id,
          title: previous.title,
          first7: await firstDays(previous, 7, new Map(), now),
          first30: await firstDays(previous, 30, new Map(), now),
        }
      : null,
  };
}

/** The ids of the latest public publications, newest first (the dashboard shows three). */
export async function latestPublicationIds(n: number, now = Date.now()): Promise<string[]> {
  return ((await publications.rows()) as PublicationRow[])
    .filter((p) => isPublic(p, now))
    .sort((a, b) => startOf(b).localeCompare(startOf(a)))
    .slice(0, n)
    .map((p) => p.id);
}
