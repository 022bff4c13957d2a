import ZoneNote from './ZoneNote';
import { Controller, useFormContext } from 'react-hook-form';
import type { FieldConfig } from './field-config';
import LinksField from './LinksField';
import { builtInLinks } from './built-in-links';
import MarkdownField from './MarkdownField';
import FormField from '../../ui/FormField';
import PdfOpen from './PdfOpen';
import PeopleField from './PeopleField';
import TextListField from './TextListField';
import DataFilesField from './DataFilesField';
import TopicsField from './TopicsField';
import UploadField from '../../ui/UploadField';
import ImageField from './ImageField';
import { PDF_UPLOAD } from './upload';
import { cx, ui } from '../../ui/styles';

const INPUT_TYPES: Partial<Record<FieldConfig['type'], string>> = {
  url: 'url',
  email: 'email',
  date: 'date',
  time: 'time',
  datetime: 'datetime-local',
  number: 'number',
};

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
  const { register, control, formState, watch, setValue } = useFormContext();
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

  if (field.type === 'links') {
    return (
      <Controller
        name={field.name}
        control={control}
        render={({ field: f }) => (
          <LinksField
            id={id}
            label={field.label}
            help={field.help}
            value={Array.isArray(f.value) ? f.value : null}
            builtIn={builtInLinks(field.builtInLinks ?? 'nav', watch())}
            onChange={f.onChange}
            errors={formState.errors[field.name]}
          />
        )}
      />
    );
  }

  if (field.type === 'textlist') {
    return (
      <Controller
        name={field.name}
        control={control}
        render={({ field: f }) => (
          <TextListField
            id={id}
            label={field.label}
            help={field.help}
            value={Array.isArray(f.value) ? f.value : []}
            onChange={f.onChange}
            itemName={field.item?.name ?? 'item'}
            maxItems={field.item?.max ?? 12}
            errors={formState.errors[field.name]}
          />
        )}
      />
    );
  }

  if (field.type === 'datafiles') {
    return (
      <Controller
        name={field.name}
        control={control}
        render={({ field: f }) => (
          <DataFilesField
            id={id}
            label={field.label}
            help={field.help}
            value={Array.isArray(f.value) ? f.value : []}
            onChange={f.onChange}
            errors={formState.errors[field.name]}
          />
        )}
      />
    );
  }

  if (field.type === 'topics') {
    return (
      <Controller
        name={field.name}
        control={control}
        render={({ field: f }) => (
          <TopicsField
            id={id}
            label={field.label}
            help={field.help}
            value={Array.isArray(f.value) ? f.value : []}
            onChange={f.onChange}
          />
        )}
      />
    );
  }

  let input;
  if (field.type === 'people') {
    input = (
      <Controller
        name={field.name}
        control={control}
        render={({ field: f }) => (
          <PeopleField
            id={id}
            label={field.label}
            value={Array.isArray(f.value) ? f.value : []}
            onChange={f.onChange}
            invalid={!!message}
            describedBy={describedBy}
          />
        )}
      />
    );
  } else if (field.type === 'image') {
    input = (
      <Controller
        name={field.name}
        control={control}
        render={({ field: f }) => (
          <ImageField
            id={id}
            name={field.name}
            value={String(f.value ?? '')}
            onChange={f.onChange}
            placeholder={field.placeholder}
            invalid={!!message}
            describedBy={describedBy}
          />
        )}
      />
    );
  } else if (field.type === 'pdf') {
    input = (
      <Controller
        name={field.name}
        control={control}
        render={({ field: f }) => (
          <UploadField
            id={id}
            kind={PDF_UPLOAD}
            value={String(f.value ?? '')}
            onChange={f.onChange}
            invalid={!!message}
            describedBy={describedBy}
            actions={<PdfOpen value={String(f.value ?? '')} />}
          />
        )}
      />
    );
  } else if (field.type === 'markdown') {
    input = (
      <Controller
        name={field.name}
        control={control}
        render={({ field: f }) => (
          <MarkdownField
            id={id}
            value={String(f.value ?? '')}
            onChange={f.onChange}
            invalid={!!message}
            describedBy={describedBy}
          />
        )}
      />
    );
  } else if (field.type === 'textarea') {
    input = (
      <textarea
        {...common}
        rows={4}
        placeholder={field.placeholder}
        {...register(field.name)}
        className={cx(ui.input, 'mt-1')}
      />
    );
  } else if (field.type === 'select') {
    input = (
      <Controller
        name={field.name}
        control={control}
        render={({ field: f }) => {
          const value = String(f.value ?? '');
          const options = field.options ?? [];
          return (
            <select
              {...common}
              value={value}
              onChange={f.onChange}
              onBlur={f.onBlur}
              ref={f.ref}
              className={cx(ui.input, 'mt-1')}
            >
              {/* What is shown is what is saved: a value outside the list (an empty one too) is offered as
                  itself, never replaced on screen by the first option the browser falls back to. */}
              {!options.includes(value) && (
                <option value={value}>{value || field.emptyLabel || 'None'}</option>
              )}
              {options.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          );
        }}
      />
    );
  } else {
    const numberOptions =
      field.type === 'number'
        ? { setValueAs: (v: unknown) => (v === '' || v == null ? null : Number(v)) }
        : {};
    input = (
      <input
        {...common}
        type={INPUT_TYPES[field.type] ?? 'text'}
        placeholder={field.placeholder}
        {...register(field.name, numberOptions)}
        className={cx(ui.input, 'mt-1')}
      />
    );
  }

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
      {field.type === 'image' ||
      field.type === 'pdf' ||
      field.type === 'markdown' ||
      field.type === 'people' ? (
        <div className="mt-1">{input}</div>
      ) : (
        input
      )}
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
