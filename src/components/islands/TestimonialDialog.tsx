import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { TESTIMONIALS_CHANGED } from './testimonial-events';

// The form (and the shared schema it validates with) loads only when a visitor opens the dialog.
const TestimonialForm = lazy(() => import('./TestimonialForm'));

/**
 * 'Share Your Experience': a button that opens the submission form in a native modal
 * <dialog> (focus stays inside, Escape closes, focus returns to the button).
 */
export default function TestimonialDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  // A new key remounts the form: the reset after a successful submission.
  const [formKey, setFormKey] = useState(0);

  const open = () => {
    setOpened(true);
    dialog.current?.showModal();
  };
  const close = () => dialog.current?.close();
  // A tap before hydration opens the dialog now (src/lib/early-tap.ts).
  useEffect(() => window.goLive?.(button.current!), []);

  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={open}
        data-early-tap
        aria-haspopup="dialog"
        className="inline-flex min-h-12 items-center gap-2 rounded-lg bg-accent-400 px-6 font-semibold text-brand-950 shadow-sm transition hover:bg-accent-500 focus-visible:outline-white"
      >
        <svg
          className="size-5"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M21 12a8 8 0 0 1-11.8 7L4 20l1.1-4.6A8 8 0 1 1 21 12z" />
        </svg>
        Share Your Experience
      </button>

      <dialog
        ref={dialog}
        aria-labelledby="testimonial-dialog-title"
        aria-describedby="testimonial-dialog-desc"
        className="m-auto max-h-[calc(100dvh-2rem)] w-[min(40rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-brand-950/70 backdrop:backdrop-blur-sm"
      >
        <div className="sticky top-0 z-10 flex items-start justify-between gap-4 border-b border-slate-100 bg-white px-6 py-5 sm:px-8">
          <div>
            <h2 id="testimonial-dialog-title" className="font-display text-2xl font-semibold">
              Share Your Experience
            </h2>
            <p id="testimonial-dialog-desc" className="mt-1 text-sm text-ink-muted">
              Tell us how our research, training or events helped you. We publish testimonials after
              a short review.
            </p>
          </div>
          <button
            type="button"
            onClick={close}
            className="-mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-slate-100 hover:text-ink"
            aria-label="Close"
          >
            <svg
              className="size-5"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              aria-hidden="true"
            >
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
        <div className="px-6 py-6 sm:px-8">
          {opened && (
            <Suspense
              fallback={
                <p className="py-10 text-center text-ink-muted" role="status">
                  Loading the form...
                </p>
              }
            >
              <TestimonialForm
                key={formKey}
                onCancel={close}
                onSubmitted={() => {
                  close();
                  setFormKey((k) => k + 1);
                  dispatchEvent(new Event(TESTIMONIALS_CHANGED));
                }}
              />
            </Suspense>
          )}
        </div>
      </dialog>
    </>
  );
}
