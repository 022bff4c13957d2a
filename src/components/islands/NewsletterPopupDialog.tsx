import Mail from 'lucide-react/icons/mail';
import X from 'lucide-react/icons/x';
import { useEffect, useRef, type MouseEvent } from 'react';
import { CONSENT_WORDINGS, CURRENT_CONSENT } from '../../schemas/newsletter-consent';
import { notify } from '../ui/toast';
import FormField, { describedBy } from '../ui/FormField';
import { ui } from '../ui/styles';
import Button from '../ui/Button';
import { PrivacyNote } from './FormNotes';
import { checkedTopics, serverError, setPopupMarker, signupSent, subscribe } from './newsletter';
import { useSchemaForm } from './use-schema-form';

// The shared schema loads when the visitor focuses the field (or submits), not with the form.
const loadSchema = () => import('../../schemas/newsletter').then((m) => m.newsletterInputSchema);

/** The popup's words (site settings, with the spec's wording by default). */
export interface PopupTexts {
  title: string;
  description: string;
  button: string;
  /** The optional topics: TopicChoice.astro's HTML, built into the page (empty without areas). */
  topicsHtml: string;
}

/**
 * The newsletter popup itself: a modal dialog. Closing it (button, backdrop or Escape) stores
 * 'dismissed'; a successful signup stores 'subscribed', resets the form and closes it.
 */
export default function NewsletterPopupDialog({
  texts,
  onClose,
}: {
  texts: PopupTexts;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const form = useSchemaForm(loadSchema, { email: '' });
  const { sending } = form;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const dismiss = () => {
    setPopupMarker('dismissed');
    onClose();
  };

  // A click on the dialog element itself (not its content) is a click on the backdrop.
  const onBackdrop = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) dismiss();
  };

  const onSubmit = form.handleSubmit(
    async (data) => {
      await subscribe(data.email, 'popup', checkedTopics('popup-form'));
      setPopupMarker('subscribed');
      onClose();
      // The popup closes as the spec says; what to do next stays on screen until it is closed.
      void notify({ ...signupSent(data.email), lasting: true });
    },
    (error) =>
      notify({
        title: 'Subscription failed',
        description: serverError(error) ?? 'Please try again later.',
        variant: 'destructive',
      }),
  );

  return (
    // A click on the backdrop closes, as Escape (onCancel) does for the keyboard.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby="popup-title"
      aria-describedby="popup-description"
      onCancel={(e) => {
        e.preventDefault();
        dismiss();
      }}
      onClick={onBackdrop}
      className="m-auto w-[calc(100%-2rem)] max-w-md overflow-visible rounded-2xl bg-transparent p-0 backdrop:bg-brand-950/60 backdrop:backdrop-blur-sm"
    >
      <div className="relative rounded-2xl bg-white p-6 shadow-2xl sm:p-8">
        <button
          type="button"
          onClick={dismiss}
          aria-label="Close"
          className="absolute top-3 right-3 inline-flex h-9 w-9 items-center justify-center rounded-full text-ink-muted transition hover:bg-slate-100 hover:text-ink"
        >
          <X className="h-5 w-5" aria-hidden="true" />
        </button>
        <span
          className="flex h-12 w-12 items-center justify-center rounded-full bg-accent-400/20 text-accent-600"
          aria-hidden="true"
        >
          <Mail className="h-6 w-6" />
        </span>
        <h2 id="popup-title" className="mt-4 font-display text-2xl font-semibold text-brand-950">
          {texts.title}
        </h2>
        <p id="popup-description" className="mt-2 leading-relaxed text-ink-muted">
          {texts.description}
        </p>
        <form
          id="popup-form"
          onSubmit={onSubmit}
          onFocus={form.prepare}
          noValidate
          className="mt-6 space-y-4"
        >
          <FormField id="popup-email" label="Email address" error={form.errors.email}>
            <input
              {...describedBy('popup-email', form.errors.email)}
              type="email"
              name="email"
              autoComplete="email"
              placeholder="you@example.org"
              autoFocus
              className={ui.siteInput}
              value={form.values.email}
              onChange={(e) => form.setField('email', e.target.value)}
            />
          </FormField>
          {texts.topicsHtml && (
            // Our own build's markup, carried in the page's template element.
            <div dangerouslySetInnerHTML={{ __html: texts.topicsHtml }} />
          )}
          <Button
            type="submit"
            look="site"
            className="w-full py-3"
            busy={sending}
            busyLabel="Joining..."
          >
            {texts.button}
          </Button>
        </form>
        <div className="mt-3 text-center">
          <PrivacyNote>{CONSENT_WORDINGS[CURRENT_CONSENT]}</PrivacyNote>
        </div>
      </div>
    </dialog>
  );
}
