import { useRef, useState, type FormEvent } from 'react';
import { ApiError, apiRequest, mutate } from '../../lib/api';
import { track } from '../../lib/analytics';
import { notify } from '../ui/toast';
import { testimonialSubmitSchema } from '../../schemas/testimonial';
import FormField from '../ui/FormField';
import PhotoField from './PhotoField';
import { PrivacyNote } from './FormNotes';
import RatingInput from './RatingInput';

type Field = 'name' | 'position' | 'company' | 'content' | 'rating' | 'linkedin' | 'image';
type Values = Record<Exclude<Field, 'rating'>, string> & { rating: number };
const EMPTY: Values = { name: '', position: '', company: '', content: '', rating: 5, linkedin: '', image: '' };
const FIELD_ORDER: Field[] = ['name', 'position', 'company', 'rating', 'content', 'linkedin', 'image'];

const inputClass =
  'mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-200 aria-[invalid=true]:border-red-600 disabled:bg-slate-50 sm:text-sm';

/**
 * The testimonial submission form. Validation uses the shared submit schema;
 * the server stores every submission as pending review (featured and approved false).
 */
export default function TestimonialForm({ onSubmitted, onCancel }: { onSubmitted: () => void; onCancel: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [lookingUp, setLookingUp] = useState(false);
  const lastLookup = useRef('');
  const formRef = useRef<HTMLFormElement>(null);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const described = (f: Field) => (errors[f] ? `tf-${f}-error` : undefined);

  // A LinkedIn profile address fills the photo automatically, unless one was already chosen.
  async function lookUpLinkedIn() {
    const url = values.linkedin.trim();
    if (!url.includes('linkedin.com/in/') || url === lastLookup.current || values.image || lookingUp) return;
    lastLookup.current = url;
    setLookingUp(true);
    try {
      const { imageUrl } = await apiRequest<{ imageUrl: string }>('POST', '/api/fetch-linkedin-image', { profileUrl: url });
      setValues((v) => (v.image ? v : { ...v, image: imageUrl }));
      notify({ title: 'Success', description: 'LinkedIn profile image fetched successfully' });
    } catch (error) {
      notify({
        title: 'Info',
        description: error instanceof ApiError ? 'Could not automatically fetch LinkedIn profile image. Please upload manually.' : 'Could not fetch LinkedIn profile image. Please upload manually.',
      });
    } finally {
      setLookingUp(false);
    }
  }

  function showErrors(found: Partial<Record<Field, string>>) {
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    const el = first && formRef.current?.querySelector<HTMLElement>(first === 'rating' ? 'input[name="rating"]:checked, input[name="rating"]' : `#tf-${first}`);
    el?.focus();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = testimonialSubmitSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        found[key] ??= issue.message;
      }
      showErrors(found);
      return;
    }
    const { name, position, company, content, rating, image, linkedin } = parsed.data;
    setSubmitting(true);
    try {
      await mutate('POST', '/api/testimonials', { name, position, company, content, rating, featured: false, approved: false, image, linkedin });
      notify({ title: 'Testimonial submitted!', description: 'Thank you for sharing your experience. Your testimonial is pending review.' });
      track('testimonial_submit', { rating });
      onSubmitted();
    } catch (error) {
      notify({ title: 'Error', description: 'Failed to submit testimonial. Please try again.', variant: 'destructive' });
      const fields = error instanceof ApiError ? error.body?.fields : undefined;
      if (fields) showErrors(fields as Partial<Record<Field, string>>);
    } finally {
      setSubmitting(false);
    }
  }

  const busy = submitting || lookingUp;
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-5" aria-busy={busy}>
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormField id="tf-name" label="Full Name" required error={errors.name}>
            <input id="tf-name" name="name" autoComplete="name" autoFocus required value={values.name} onChange={(e) => set('name', e.target.value)} aria-invalid={!!errors.name} aria-describedby={described('name')} className={inputClass} disabled={submitting} />
          </FormField>
        </div>
        <FormField id="tf-position" label="Position" error={errors.position} optional>
          <input id="tf-position" name="position" autoComplete="organization-title" value={values.position} onChange={(e) => set('position', e.target.value)} aria-invalid={!!errors.position} aria-describedby={described('position')} className={inputClass} disabled={submitting} />
        </FormField>
        <FormField id="tf-company" label="Company" error={errors.company} optional>
          <input id="tf-company" name="company" autoComplete="organization" value={values.company} onChange={(e) => set('company', e.target.value)} aria-invalid={!!errors.company} aria-describedby={described('company')} className={inputClass} disabled={submitting} />
        </FormField>
      </div>

      <RatingInput value={values.rating} onChange={(n) => set('rating', n)} error={errors.rating} />

      <FormField id="tf-content" label="Your Testimonial" required error={errors.content}>
        <textarea id="tf-content" name="content" rows={5} required value={values.content} onChange={(e) => set('content', e.target.value)} aria-invalid={!!errors.content} aria-describedby={described('content')} className={inputClass} placeholder="What difference did our work make for you or your organisation?" disabled={submitting} />
      </FormField>

      <FormField id="tf-linkedin" label="LinkedIn" error={errors.linkedin} hint="Your public profile address; we can use its photo." optional>
        <input id="tf-linkedin" name="linkedin" type="url" inputMode="url" autoComplete="url" placeholder="https://www.linkedin.com/in/your-name" value={values.linkedin} onChange={(e) => set('linkedin', e.target.value)} onBlur={() => void lookUpLinkedIn()} aria-invalid={!!errors.linkedin} aria-describedby={errors.linkedin ? 'tf-linkedin-error' : 'tf-linkedin-hint'} className={inputClass} disabled={submitting} />
      </FormField>

      <PhotoField value={values.image} onChange={(url) => set('image', url)} busy={busy} lookingUp={lookingUp} />
      {errors.image && <p className="-mt-3 text-sm text-red-700">{errors.image}</p>}

      <PrivacyNote>We review every testimonial; once approved, your name, role, photo and words are shown on this site.</PrivacyNote>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
        <button type="button" onClick={onCancel} className="min-h-11 rounded-lg border border-slate-300 px-5 font-medium text-ink hover:bg-slate-50">
          Cancel
        </button>
        <button type="submit" disabled={busy} className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-6 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60">
          {submitting && <span className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" aria-hidden="true" />}
          {submitting ? 'Submitting...' : 'Submit Testimonial'}
        </button>
      </div>
    </form>
  );
}
