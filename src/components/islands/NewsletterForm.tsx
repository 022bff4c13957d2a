import { CONSENT_WORDINGS, CURRENT_CONSENT } from '../../schemas/newsletter-consent';
import { notify } from '../ui/toast';
import { describedBy } from '../ui/FormField';
import Button from '../ui/Button';
import { PrivacyNote, ReadyHint } from './FormNotes';
import { useRef, useState, type ReactNode } from 'react';
import { checkedTopics, signupSent, subscribe } from './newsletter';
import { useSchemaForm } from './use-schema-form';

// The shared schema loads when the visitor focuses the field (or submits), not with the form.
const loadSchema = () => import('../../schemas/newsletter').then((m) => m.newsletterInputSchema);

/**
 * The inline newsletter form (#newsletter): one email field, 'Joining...' while it sends. Its
 * children are the optional topics (TopicChoice.astro, static HTML from the page). Once the link
 * is sent, "Check your inbox" takes the field's place and stays until the visitor leaves the page
 * or chooses to sign up another address.
 */
export default function NewsletterForm({ children }: { children?: ReactNode }) {
  const form = useSchemaForm(loadSchema, { email: '' });
  const { sending, ready } = form;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const another = () => {
    setSentTo(null);
    // The field is back on the next render; focus follows the visitor there.
    requestAnimationFrame(() => field.current?.focus());
  };
  // Field problems the server found go under the field; the toast is the spec's fixed text.
  const onSubmit = form.handleSubmit(
    async (data) => {
      await subscribe(data.email, 'inline', checkedTopics('newsletter-form'));
      setSentTo(data.email);
    },
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
      {/* Always in the page, so screen readers announce the message when it appears. */}
      <div role="status" data-testid="newsletter-sent">
        {sentTo && (
          <div className="rounded-lg bg-white/10 px-4 py-4 text-left ring-1 ring-white/30">
            <p className="font-semibold text-white">{signupSent(sentTo).title}</p>
            <p className="mt-1 text-sm text-brand-100">{signupSent(sentTo).description}</p>
            <button
              type="button"
              onClick={another}
              className="mt-1 inline-flex min-h-11 items-center text-sm font-medium text-white underline underline-offset-2"
            >
              Sign up another address
            </button>
          </div>
        )}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row" hidden={sentTo !== null}>
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          ref={field}
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
