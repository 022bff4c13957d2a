import { useRef, useState } from 'react';
import { ApiError, apiRequest, mutate } from '../../lib/api';
import { track } from '../../lib/analytics';
import { IMAGE_HINT, prepareUpload } from '../../lib/image-resize';
import Button from '../ui/Button';
import FormField, { describedBy } from '../ui/FormField';
import { cx, ui } from '../ui/styles';
import { notify } from '../ui/toast';
import UploadField, { type UploadKind } from '../ui/UploadField';
import { PrivacyNote } from './FormNotes';
import RatingInput from './RatingInput';
import { useSchemaForm } from './use-schema-form';

const EMPTY = {
  name: '',
  position: '',
  company: '',
  content: '',
  rating: 5,
  linkedin: '',
  image: '',
};
type Field = keyof typeof EMPTY;
const FIELD_ORDER: Field[] = [
  'name',
  'position',
  'company',
  'rating',
  'content',
  'linkedin',
  'image',
];

const loadSchema = () => import('../../schemas/testimonial').then((m) => m.testimonialSubmitSchema);

/** The optional profile photo: shrunk in the browser, sent as the multipart field 'testimonial-photo'. */
const PHOTO_UPLOAD: UploadKind = {
  async upload(file) {
    const body = new FormData();
    body.append('testimonial-photo', await prepareUpload(file));
    return (await mutate<{ imageUrl: string }>('POST', '/api/upload/testimonial-photo', body))
      .imageUrl;
  },
  accept: 'image/jpeg,image/png,image/webp',
  uploadLabel: 'Upload photo',
  changeLabel: 'Change photo',
  hint: IMAGE_HINT,
  uploaded: 'Image uploaded successfully',
  failed: 'Failed to upload image',
};

const input = cx(ui.siteInput, 'text-base sm:text-sm');

/**
 * The testimonial submission form. Validation uses the shared submit schema;
 * the server stores every submission as pending review (featured and approved false).
 */
export default function TestimonialForm({
  onSubmitted,
  onCancel,
}: {
  onSubmitted: () => void;
  onCancel: () => void;
}) {
  const form = useSchemaForm(loadSchema, EMPTY);
  const { values, errors, sending } = form;
  const [lookingUp, setLookingUp] = useState(false);
  const lastLookup = useRef('');
  const text = (name: Exclude<Field, 'rating'>) => ({
    ...describedBy(`tf-${name}`, errors[name]),
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => form.setField(name, e.target.value),
    className: input,
    disabled: sending,
  });

  // A LinkedIn profile address fills the photo automatically, unless one was already chosen.
  async function lookUpLinkedIn() {
    const url = values.linkedin.trim();
    if (
      !url.includes('linkedin.com/in/') ||
      url === lastLookup.current ||
      values.image ||
      lookingUp
    )
      return;
    lastLookup.current = url;
    setLookingUp(true);
    try {
      const { imageUrl } = await apiRequest<{ imageUrl: string }>(
        'POST',
        '/api/fetch-linkedin-image',
        { profileUrl: url },
      );
      if (!form.current().image) form.setField('image', imageUrl);
      notify({ title: 'Success', description: 'LinkedIn profile image fetched successfully' });
    } catch (error) {
      // Not a failure of the form: the visitor can still upload a photo, so an info toast.
      notify({
        title: 'Info',
        description:
          error instanceof ApiError
            ? 'Could not automatically fetch LinkedIn profile image. Please upload manually.'
            : 'Could not fetch LinkedIn profile image. Please upload manually.',
      });
    } finally {
      setLookingUp(false);
    }
  }

  // The first field with a problem takes the focus, so the visitor lands where to fix it.
  const focusFirst = (found: Partial<Record<Field, string>>) => {
    const first = FIELD_ORDER.find((f) => found[f]);
    const el =
      first &&
      document.querySelector<HTMLElement>(
        first === 'rating'
          ? '#tf-form input[name="rating"]:checked, #tf-form input[name="rating"]'
          : `#tf-${first}`,
      );
    el?.focus();
  };

  const onSubmit = form.handleSubmit(
    async ({ name, position, company, content, rating, image, linkedin }) => {
      await mutate('POST', '/api/testimonials', {
        name,
        position,
        company,
        content,
        rating,
        featured: false,
        approved: false,
        image,
        linkedin,
      });
      notify({
        title: 'Testimonial submitted!',
        description: 'Thank you for sharing your experience. Your testimonial is pending review.',
      });
      track('testimonial_submit', { rating });
      onSubmitted();
    },
    () =>
      notify({
        title: 'Error',
        description: 'Failed to submit testimonial. Please try again.',
        variant: 'destructive',
      }),
    focusFirst,
  );

  const busy = sending || lookingUp;
  return (
    <form
      id="tf-form"
      onSubmit={onSubmit}
      onFocus={form.prepare}
      noValidate
      className="grid gap-5"
      aria-busy={busy}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField id="tf-name" label="Full Name" required error={errors.name}>
            <input {...text('name')} autoComplete="name" autoFocus required />
          </FormField>
        </div>
        <FormField id="tf-position" label="Position" error={errors.position} optional>
          <input {...text('position')} autoComplete="organization-title" />
        </FormField>
        <FormField id="tf-company" label="Company" error={errors.company} optional>
          <input {...text('company')} autoComplete="organization" />
        </FormField>
      </div>

      <RatingInput
        value={values.rating}
        onChange={(n) => form.setField('rating', n)}
        error={errors.rating}
      />

      <FormField id="tf-content" label="Your Testimonial" required error={errors.content}>
        <textarea
          {...text('content')}
          rows={5}
          required
          placeholder="What difference did our work make for you or your organisation?"
        />
      </FormField>

      <FormField
        id="tf-linkedin"
        label="LinkedIn"
        error={errors.linkedin}
        hint="Your public profile address; we can use its photo."
        optional
      >
        <input
          {...text('linkedin')}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://www.linkedin.com/in/your-name"
          onBlur={() => void lookUpLinkedIn()}
          aria-describedby={errors.linkedin ? 'tf-linkedin-error' : 'tf-linkedin-hint'}
        />
      </FormField>

      <UploadField
        id="tf-image"
        look="site"
        preview="avatar"
        kind={PHOTO_UPLOAD}
        label={
          <>
            Profile Photo <span className="font-normal text-ink-soft">(optional)</span>
          </>
        }
        value={values.image}
        onChange={(url) => form.setField('image', url)}
        disabled={busy}
        status={
          <p className="text-xs text-brand-700" role="status" aria-live="polite">
            {lookingUp ? 'Fetching your LinkedIn profile photo...' : ''}
          </p>
        }
      />
      {errors.image && <p className="-mt-3 text-sm text-red-700">{errors.image}</p>}

      <PrivacyNote>
        We review every testimonial; once approved, your name, role, photo and words are shown on
        this site.
      </PrivacyNote>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
        <Button look="site" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          look="site"
          disabled={lookingUp}
          busy={sending}
          busyLabel="Submitting..."
          spinner
        >
          Submit Testimonial
        </Button>
      </div>
    </form>
  );
}
