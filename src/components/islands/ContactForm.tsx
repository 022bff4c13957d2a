import { mutate } from '../../lib/api';
import { track } from '../../lib/analytics';
import { notify } from '../ui/toast';
import FormField, { describedBy } from '../ui/FormField';
import { ui } from '../ui/styles';
import Button from '../ui/Button';
import { PrivacyNote, ReadyHint } from './FormNotes';
import { useSchemaForm } from './use-schema-form';

const EMPTY = { name: '', email: '', subject: '', message: '' };

const loadSchema = () => import('../../schemas/contact-form').then((m) => m.contactInputSchema);

/**
 * The contact form (#contact): validated with the shared schema (loaded when the visitor starts
 * writing), sent to /api/contact. The page passes the subject choices in, so merely showing the
 * form ships no schema code.
 */
export default function ContactForm({
  subjects,
}: {
  subjects: { value: string; label: string }[];
}) {
  const form = useSchemaForm(loadSchema, EMPTY);
  const { values, errors, sending, ready } = form;
  const onSubmit = form.handleSubmit(
    async (data) => {
      await mutate('POST', '/api/contact', data);
      notify({
        title: 'Message sent!',
        description: "Thank you for reaching out. We'll get back to you soon.",
      });
      // Only the chosen subject, never what the visitor wrote.
      track('contact_form_submit', { subject: data.subject });
    },
    () =>
      notify({
        title: 'Error',
        description: 'There was a problem sending your message. Please try again.',
        variant: 'destructive',
      }),
  );

  return (
    <form
      onSubmit={onSubmit}
      onFocus={form.prepare}
      noValidate
      className="space-y-5"
      aria-label="Contact form"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="contact-name" label="Name" error={errors.name}>
          <input
            {...describedBy('contact-name', errors.name)}
            name="name"
            autoComplete="name"
            className={ui.siteInput}
            value={values.name}
            onChange={(e) => form.setField('name', e.target.value)}
          />
        </FormField>
        <FormField id="contact-email" label="Email" error={errors.email}>
          <input
            {...describedBy('contact-email', errors.email)}
            name="email"
            type="email"
            autoComplete="email"
            className={ui.siteInput}
            value={values.email}
            onChange={(e) => form.setField('email', e.target.value)}
          />
        </FormField>
      </div>
      <FormField id="contact-subject" label="Subject" error={errors.subject}>
        <select
          {...describedBy('contact-subject', errors.subject)}
          name="subject"
          className={ui.siteInput}
          value={values.subject}
          onChange={(e) => form.setField('subject', e.target.value)}
        >
          <option value="">Select a subject</option>
          {subjects.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="contact-message" label="Message" error={errors.message}>
        <textarea
          {...describedBy('contact-message', errors.message)}
          name="message"
          rows={4}
          className={`${ui.siteInput} resize-y`}
          value={values.message}
          onChange={(e) => form.setField('message', e.target.value)}
        />
      </FormField>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button
          type="submit"
          look="site"
          className="w-full py-3 sm:w-auto"
          disabled={!ready}
          busy={sending}
          busyLabel="Sending..."
          aria-describedby={ready ? undefined : 'contact-ready'}
        >
          Send Message
        </Button>
        <ReadyHint id="contact-ready" ready={ready} />
      </div>
      <PrivacyNote>We use your name and email address only to reply to your message.</PrivacyNote>
    </form>
  );
}
