import { CONSENT_WORDINGS, CURRENT_CONSENT } from '../../schemas/newsletter-consent';
import { notify } from '../ui/toast';
import { describedBy } from '../ui/FormField';
import Button from '../ui/Button';
import { PrivacyNote, ReadyHint } from './FormNotes';
import type { ReactNode } from 'react';
import { checkedTopics, subscribe } from './newsletter';
import { useSchemaForm } from './use-schema-form';

// The shared schema loads when the visitor focuses the field (or submits), not with the form.
const loadSchema = () => import('../../schemas/newsletter').then((m) => m.newsletterInputSchema);

/**
 * The inline newsletter form (#newsletter): one email field, 'Joining...' while it sends. Its
 * children are the optional topics (TopicChoice.astro, static HTML from the page).
 */
export default function NewsletterForm({ children }: { children?: ReactNode }) {
  const form = useSchemaForm(loadSchema, { email: '' });
  const { sending, ready } = form;
  // Field problems the server found go under the field; the toast is the spec's fixed text.
  const onSubmit = form.handleSubmit(
    (data) => subscribe(data.email, 'inline', checkedTopics('newsletter-form')),
    () =>
      notify({
        title: 'Error',
        description: 'There was a problem with your subscription. Please try again.',
        variant: 'destructive',
      }),
  );

  return (
    <form
      id="newsletter-form"
      onSubmit={onSubmit}
      onFocus={form.prepare}
      noValidate
      className="mx-auto w-full max-w-lg"
      aria-label="Newsletter signup"
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          {...describedBy('newsletter-email', form.errors.email)}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.org"
          className="min-w-0 flex-1 rounded-lg border border-white/30 bg-white px-4 py-3 text-ink shadow-sm placeholder:text-ink-soft focus:ring-2 focus:ring-accent-400 focus:outline-none"
          value={form.values.email}
          onChange={(e) => form.setField('email', e.target.value)}
        />
        <Button
          type="submit"
          look="site"
          variant="accent"
          className="py-3"
          disabled={!ready}
          busy={sending}
          busyLabel="Joining..."
          aria-describedby={ready ? undefined : 'newsletter-ready'}
        >
          Subscribe
        </Button>
      </div>
      {form.errors.email && (
        <p id="newsletter-email-error" className="mt-2 text-left text-sm font-medium text-white">
          {form.errors.email}
        </p>
      )}
      <div className="mt-3 space-y-1">
        {children}
        <ReadyHint id="newsletter-ready" ready={ready} inverted />
        <PrivacyNote inverted>{CONSENT_WORDINGS[CURRENT_CONSENT]}</PrivacyNote>
      </div>
    </form>
  );
}
