import { useFormContext } from 'react-hook-form';
import type { FieldConfig } from './field-config';
import FieldInput from './FieldInput';
import ListFieldControl, { isGroupField } from './ListFieldControl';
import ZoneNote from './ZoneNote';
import FormField from '../../ui/FormField';
import { cx, ui } from '../../ui/styles';

/** One input of a generic admin form, bound to react-hook-form, in the shared labelled field (switches keep their own layout). */
export default function FieldControl({
  field,
  idPrefix,
  autoFocus,
}: {
  field: FieldConfig;
  idPrefix: string;
  autoFocus?: boolean;
}) {
  const { register, formState, watch, setValue } = useFormContext();
  const id = `${idPrefix}-${field.name}`;
  const error = formState.errors[field.name]?.message;
  const message = typeof error === 'string' ? error : undefined;
  const describedBy = cx(message && `${id}-error`, field.help && `${id}-hint`) || undefined;
  const common = {
    id,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': describedBy,
    'data-autofocus': autoFocus || undefined,
  };

  if (field.type === 'checkbox') {
    return (
      <div className={cx('flex items-start gap-3', !field.half && 'sm:col-span-2')}>
        <input
          type="checkbox"
          role="switch"
          {...common}
          {...register(field.name)}
          className="peer mt-0.5 h-5 w-9 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition before:block before:h-4 before:w-4 before:translate-x-0.5 before:translate-y-0.5 before:rounded-full before:bg-white before:shadow before:transition checked:bg-brand-600 checked:before:translate-x-4.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        />
        <div>
          <label htmlFor={id} className={ui.label}>
            {field.label}
          </label>
          {field.help && (
            <p id={`${id}-hint`} className={ui.help}>
              {field.help}
            </p>
          )}
        </div>
      </div>
    );
  }

  if (isGroupField(field)) return <ListFieldControl field={field} id={id} />;

  const { defaultText } = field;
  const reset = defaultText !== undefined && watch(field.name) !== defaultText && (
    <button
      type="button"
      className="mt-1 text-xs font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
      onClick={() => setValue(field.name, defaultText, { shouldDirty: true })}
    >
      {/* Named by its text, not aria-label, so a search for the field by its label finds only the field. */}
      Reset to default<span className="sr-only"> ({field.label})</span>
    </button>
  );
  return (
    <FormField
      look="admin"
      className={cx(!field.half && 'sm:col-span-2')}
      id={id}
      label={field.label}
      required={field.required}
      hint={field.help}
      error={message}
    >
      <FieldInput field={field} common={common} />
      {reset}
      {field.zoneField && (
        <ZoneNote
          id={`${id}-zone`}
          at={String(watch(field.name) ?? '')}
          zone={String(watch(field.zoneField) ?? '')}
        />
      )}
    </FormField>
  );
}
