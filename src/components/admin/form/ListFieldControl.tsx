import { Controller, useFormContext, type ControllerRenderProps } from 'react-hook-form';
import type { ReactElement } from 'react';
import { builtInLinks } from './built-in-links';
import DataFilesField from './DataFilesField';
import type { FieldConfig } from './field-config';
import LinksField from './LinksField';
import TextListField from './TextListField';
import TopicsField from './TopicsField';

/** The list fields that are a group of inputs under their own legend, not one labelled input. */
const GROUPS = new Set<FieldConfig['type']>(['links', 'textlist', 'datafiles', 'topics']);

/** Whether `field` is edited as a group of its own (ListFieldControl) rather than one input. */
export const isGroupField = (field: FieldConfig): boolean => GROUPS.has(field.type);

/**
 * A list field of a generic admin form, bound to react-hook-form: links, texts, data files or
 * topics. Each is a fieldset that says its own label, help and errors, so it stands outside the
 * shared labelled field the other inputs sit in (FieldControl).
 */
export default function ListFieldControl({ field, id }: { field: FieldConfig; id: string }) {
  const { control, formState, watch } = useFormContext();
  const controlled = (render: (f: ControllerRenderProps) => ReactElement) => (
    <Controller name={field.name} control={control} render={({ field: f }) => render(f)} />
  );
  const list = (value: unknown) => (Array.isArray(value) ? value : []);
  // What every group takes; all but the topics also show the field's errors.
  const group = (f: ControllerRenderProps) => ({
    id,
    label: field.label,
    help: field.help,
    onChange: f.onChange,
  });
  const errors = () => formState.errors[field.name];

  if (field.type === 'links')
    return controlled((f) => (
      <LinksField
        {...group(f)}
        value={Array.isArray(f.value) ? f.value : null}
        builtIn={builtInLinks(field.builtInLinks ?? 'nav', watch())}
        errors={errors()}
      />
    ));
  if (field.type === 'textlist')
    return controlled((f) => (
      <TextListField
        {...group(f)}
        value={list(f.value)}
        itemName={field.item?.name ?? 'item'}
        maxItems={field.item?.max ?? 12}
        errors={errors()}
      />
    ));
  if (field.type === 'datafiles')
    return controlled((f) => (
      <DataFilesField {...group(f)} value={list(f.value)} errors={errors()} />
    ));
  return controlled((f) => <TopicsField {...group(f)} value={list(f.value)} />);
}
