/**
 * Addresses of a report's numbered figures: each has a page of its own under its report
 * (`/publications/<slug>/figures/<n>`), an anchor in the report (`#figure-<n>`), and a PNG through
 * the image CDN, whatever format was uploaded (a reader pastes a PNG anywhere).
 */
import { publicationUrl } from './publication-archive';

/** The folder of a publication's figure pages. */
export const figuresPath = (p: { slug: string }) => `${publicationUrl(p)}/figures`;

/** Figure n's own page. */
export const figurePageUrl = (p: { slug: string }, n: number) => `${figuresPath(p)}/${n}`;

/** Figure n in the report's web version. */
export const figureAnchorUrl = (p: { slug: string }, n: number) =>
  `${publicationUrl(p)}#figure-${n}`;

/** The figure as a PNG at its full size, converted by the image CDN. */
export const figurePngUrl = (src: string) =>
  `/.netlify/images?url=${encodeURIComponent(src)}&fm=png`;

/** A download name for figure n: '<slug>-figure-<n>.png'. */
export const figureFileName = (p: { slug: string }, n: number) =>
  `${p.slug || 'publication'}-figure-${n}.png`;
