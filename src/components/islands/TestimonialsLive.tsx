import { useCallback, useEffect, useState } from 'react';
import { fetchQuery } from '../../lib/api';
import { initials } from '../../lib/format';
import { AVATAR_IMAGE, responsiveImage } from '../../lib/responsive-image';
import { shownImage } from '../../schemas/image-source';
import type { Testimonial } from '../../schemas/testimonial';
import { TESTIMONIALS_CHANGED } from './testimonial-events';

/** The testimonial fields a public card shows. */
export type TestimonialView = Pick<
  Testimonial,
  'id' | 'name' | 'position' | 'company' | 'content' | 'rating' | 'image' | 'featured'
>;

/** Default data freshness: a page built less than 5 minutes ago is not re-checked on load. */
const FRESH_MS = 5 * 60_000;

/** 'position at company', or whichever of the two is set. */
export const roleLine = (t: Pick<Testimonial, 'position' | 'company'>) =>
  t.position && t.company ? `${t.position} at ${t.company}` : t.position || t.company;

/** A 1–5 star display with one accessible label. */
export function Stars({ rating, className = 'size-4' }: { rating: number; className?: string }) {
  const n = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <div className="flex gap-0.5" role="img" aria-label={`Rated ${n} out of 5`} data-rating={n}>
      {[1, 2, 3, 4, 5].map((i) => (
        <svg
          key={i}
          className={`${className} ${i <= n ? 'text-accent-500' : 'text-slate-300'}`}
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
        >
          <path d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L10 14.9l-5.2 2.8 1-5.9L1.5 7.7l5.9-.8z" />
        </svg>
      ))}
    </div>
  );
}

function Card({ t, featured }: { t: TestimonialView; featured?: boolean }) {
  const role = roleLine(t);
  // A photo stored on another site would be blocked by the page: the initials show instead.
  const photo = shownImage(t.image);
  return (
    <figure
      className={`flex h-full flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8 ${featured ? 'border-accent-400/60 ring-1 ring-accent-400/30' : 'border-slate-200'}`}
      data-testimonial
    >
      <div className="flex items-start justify-between gap-4">
        <Stars rating={t.rating} />
        {featured && (
          <span className="rounded-full bg-accent-400 px-3 py-1 text-xs font-semibold text-brand-950">
            Featured
          </span>
        )}
      </div>
      <blockquote
        className={`mt-5 flex-1 leading-relaxed text-ink ${featured ? 'font-display text-xl' : 'text-base'}`}
      >
        <p className="whitespace-pre-line">“{t.content}”</p>
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-4 border-t border-slate-100 pt-5">
        {photo ? (
          <img
            {...responsiveImage(photo, AVATAR_IMAGE)}
            alt=""
            className="size-12 shrink-0 rounded-full object-cover ring-2 ring-white"
            width={48}
            height={48}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <span
            className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
            aria-hidden="true"
            data-initials
          >
            {initials(t.name)}
          </span>
        )}
        <span className="min-w-0">
          <span className="block font-semibold text-ink" data-testimonial-name>
            {t.name}
          </span>
          {role && (
            <span className="block text-sm text-ink-muted" data-role>
              {role}
            </span>
          )}
        </span>
      </figcaption>
    </figure>
  );
}

function Spinner({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16" role="status">
      <span
        className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/**
 * 'Featured Stories' and 'All Reviews': rendered at build time, re-checked against the API
 * when the page is older than 5 minutes and after a submission (spinner only without data).
 */
export default function TestimonialsLive(props: {
  featured: TestimonialView[] | null;
  approved: TestimonialView[] | null;
  builtAt: number;
}) {
  const [featured, setFeatured] = useState(props.featured);
  const [approved, setApproved] = useState(props.approved);

  const refresh = useCallback(() => {
    fetchQuery<TestimonialView[]>('/api/testimonials/featured').then(
      (l) => Array.isArray(l) && setFeatured(l),
      () => setFeatured((v) => v ?? []),
    );
    fetchQuery<TestimonialView[]>('/api/testimonials/approved').then(
      (l) => Array.isArray(l) && setApproved(l),
      () => setApproved((v) => v ?? []),
    );
  }, []);

  useEffect(() => {
    if (!props.featured || !props.approved || Date.now() - props.builtAt >= FRESH_MS) refresh();
    addEventListener(TESTIMONIALS_CHANGED, refresh);
    return () => removeEventListener(TESTIMONIALS_CHANGED, refresh);
  }, [props.featured, props.approved, props.builtAt, refresh]);

  if (!featured || !approved) return <Spinner label="Loading testimonials" />;
  // 'All Reviews' lists every approved testimonial, but opens with the ones not already shown
  // as Featured Stories just above it, so the page does not read the same quotes twice in a row.
  const reviews = [...approved.filter((t) => !t.featured), ...approved.filter((t) => t.featured)];
  if (!featured.length && !approved.length) {
    return (
      <div className="mx-auto max-w-xl rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <h2 className="font-display text-2xl font-semibold text-ink">No testimonials yet</h2>
        <p className="mt-2 text-ink-muted">
          Be the first to share your experience with our community!
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-20">
      {featured.length > 0 && (
        <section aria-labelledby="featured-title" id="featured">
          <h2
            id="featured-title"
            className="font-display text-3xl font-semibold tracking-tight text-ink"
          >
            Featured Stories
          </h2>
          <ul className="mt-8 grid gap-6 lg:grid-cols-2">
            {featured.map((t) => (
              <li key={t.id}>
                <Card t={t} featured />
              </li>
            ))}
          </ul>
        </section>
      )}
      {reviews.length > 0 && (
        <section aria-labelledby="reviews-title" id="reviews">
          <h2
            id="reviews-title"
            className="font-display text-3xl font-semibold tracking-tight text-ink"
          >
            All Reviews
          </h2>
          <ul className="mt-8 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            {reviews.map((t) => (
              <li key={t.id}>
                <Card t={t} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
