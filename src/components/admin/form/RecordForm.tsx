import { FormProvider } from 'react-hook-form';
import type { ReactNode } from 'react';
import ConflictNotice from './ConflictNotice';
import FieldControl from './FieldControl';
import type { FieldConfig } from './field-config';
import type { useRecordForm } from './use-record-form';
import Button from '../../ui/Button';
import { cx, ui } from '../../ui/styles';

/** A titled block of fields within a form. */
export interface FieldGroup {
  title?: string;
  description?: string;
  fields: readonly FieldConfig[];
}

interface RecordFormProps {
  state: ReturnType<typeof useRecordForm>;
  groups: readonly FieldGroup[];
  idPrefix: string;
  submitLabel?: string;
  onCancel?: () => void;
  /** Shown under the fields (e.g. a live preview). */
  children?: ReactNode;
  /** Keep the action bar in view while scrolling long forms. */
  stickyActions?: boolean;
  autoFocusFirst?: boolean;
}

/** Renders a useRecordForm: grouped fields, the conflict notice and the save/cancel actions. */
export default function RecordForm({
  state,
  groups,
  idPrefix,
  submitLabel = 'Save changes',
  onCancel,
  children,
  stickyActions,
  autoFocusFirst,
}: RecordFormProps) {
  const { form, saving, conflicts, dirty } = state;
  const firstField = groups[0]?.fields[0]?.name;
  return (
    <FormProvider {...form}>
      <form onSubmit={state.onSubmit} noValidate className="space-y-6">
        <ConflictNotice
          conflicts={conflicts}
          labelFor={state.labelFor}
          onKeepTheirs={state.keepTheirs}
          onOverwrite={state.overwrite}
        />
        <fieldset disabled={saving} className="space-y-6">
          {groups.map((group, i) => (
            <section
              key={group.title ?? i}
              aria-labelledby={group.title ? `${idPrefix}-group-${i}` : undefined}
              className={cx(group.title && cx(ui.card, 'p-5'))}
            >
              {group.title && (
                <div className="mb-4">
                  <h2 id={`${idPrefix}-group-${i}`} className="text-base font-semibold text-ink">
                    {group.title}
                  </h2>
                  {group.description && (
                    <p className="mt-0.5 text-sm text-ink-muted">{group.description}</p>
                  )}
                </div>
              )}
              <div className="grid gap-4 sm:grid-cols-2">
                {group.fields.map((field) => (
                  <FieldControl
                    key={field.name}
                    field={field}
                    idPrefix={idPrefix}
                    autoFocus={autoFocusFirst && field.name === firstField}
                  />
                ))}
              </div>
            </section>
          ))}
        </fieldset>
        {children}
        <div
          className={cx(
            'flex items-center justify-end gap-2',
            stickyActions &&
              'sticky bottom-0 -mx-1 border-t border-slate-200 bg-slate-50/95 px-1 py-3 backdrop-blur',
          )}
        >
          {dirty && <span className="mr-auto text-sm text-amber-700">Unsaved changes</span>}
          {onCancel && (
            <Button variant="secondary" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : submitLabel}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
