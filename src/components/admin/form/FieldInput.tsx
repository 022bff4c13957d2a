import { Controller, useFormContext, type ControllerRenderProps } from 'react-hook-form';
import type { ReactElement } from 'react';
import type { FieldConfig } from './field-config';
import ImageField from './ImageField';
import MarkdownField from './MarkdownField';
import PdfOpen from './PdfOpen';
import PeopleField from './PeopleField';
import { PDF_UPLOAD } from './upload';
import UploadField from '../../ui/UploadField';
import { cx, ui } from '../../ui/styles';

const INPUT_TYPES: Partial<Record<FieldConfig['type'], string>> = {
  url: 'url',
  email: 'email',
  date: 'date',
  time: 'time',
  datetime: 'datetime-local',
  number: 'number',
};

/**
 * The input of one field inside the shared labelled field (FieldControl), bound to
 * react-hook-form: a plain input, textarea or select, or a widget of its own (people, an image,
 * a PDF, Markdown) in a box that keeps the label's spacing. `common` is the id and ARIA wiring
 * the label, hint and error expect.
 */
export default function FieldInput({
  field,
  common,
}: {
  field: FieldConfig;
  common: {
    id: string;
    'aria-invalid': boolean | undefined;
    'aria-describedby': string | undefined;
    'data-autofocus': boolean | undefined;
  };
}) {
  const { register, control } = useFormContext();
  const { id, 'aria-invalid': invalid, 'aria-describedby': describedBy } = common;
  const controlled = (render: (f: ControllerRenderProps) => ReactElement) => (
    <Controller name={field.name} control={control} render={({ field: f }) => render(f)} />
  );
  const text = (value: unknown) => String(value ?? '');
  // The widgets are components, not native inputs: they take the wiring as props and put it on
  // the input inside them.
  const widget = (f: ControllerRenderProps) => ({
    id,
    onChange: f.onChange,
    invalid: !!invalid,
    describedBy,
  });
  const boxed = (render: (f: ControllerRenderProps) => ReactElement) => (
    <div className="mt-1">{controlled(render)}</div>
  );

  if (field.type === 'people')
    return boxed((f) => (
      <PeopleField
        {...widget(f)}
        label={field.label}
        value={Array.isArray(f.value) ? f.value : []}
      />
    ));
  if (field.type === 'image')
    return boxed((f) => (
      <ImageField
        {...widget(f)}
        name={field.name}
        value={text(f.value)}
        placeholder={field.placeholder}
      />
    ));
  if (field.type === 'pdf')
    return boxed((f) => (
      <UploadField
        {...widget(f)}
        kind={PDF_UPLOAD}
        value={text(f.value)}
        actions={<PdfOpen value={text(f.value)} />}
      />
    ));
  if (field.type === 'markdown')
    return boxed((f) => <MarkdownField {...widget(f)} value={text(f.value)} />);
  if (field.type === 'textarea')
    return (
      <textarea
        {...common}
        rows={4}
        placeholder={field.placeholder}
        {...register(field.name)}
        className={cx(ui.input, 'mt-1')}
      />
    );
  if (field.type === 'select')
    return controlled((f) => {
      const value = text(f.value);
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
    });
  const numberOptions =
    field.type === 'number'
      ? { setValueAs: (v: unknown) => (v === '' || v == null ? null : Number(v)) }
      : {};
  return (
    <input
      {...common}
      type={INPUT_TYPES[field.type] ?? 'text'}
      placeholder={field.placeholder}
      {...register(field.name, numberOptions)}
      className={cx(ui.input, 'mt-1')}
    />
  );
}
