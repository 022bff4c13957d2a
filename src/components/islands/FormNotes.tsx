import type { ReactNode } from 'react';

/** One line at a form saying what its data is used for, with a link to the privacy notice. */
export function PrivacyNote({
  children,
  inverted = false,
}: {
  children: ReactNode;
  inverted?: boolean;
}) {
  return (
    <p
      className={`text-xs leading-relaxed ${inverted ? 'text-brand-100' : 'text-ink-soft'}`}
      data-privacy-note
    >
      {children}{' '}
      <a
        href="/privacy"
        className={`font-medium underline underline-offset-2 ${inverted ? 'text-white' : 'text-brand-700'}`}
      >
        Privacy notice
      </a>
    </p>
  );
}

/**
 * Says why a form's button is off until its island has hydrated (it cannot validate or send
 * before then). Rendered into the pre-built HTML, gone once the form works.
 */
export function ReadyHint({
  id,
  ready,
  inverted = false,
}: {
  id: string;
  ready: boolean;
  inverted?: boolean;
}) {
  if (ready) return null;
  return (
    <p
      id={id}
      className={`text-sm ${inverted ? 'text-brand-100' : 'text-ink-muted'}`}
      data-ready-hint
    >
      One moment: the form is getting ready…
    </p>
  );
}
