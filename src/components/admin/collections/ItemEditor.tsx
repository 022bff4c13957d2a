import { lazy, Suspense, useState } from 'react';
import type { SiteSettings } from '../../../schemas/site-settings';
import { saveContent } from '../../../stores/publish';
import { confirmLeave } from '../../../stores/admin-unsaved';
import { withSettingDefaults, type FieldConfig } from '../form/field-config';
import RecordForm from '../form/RecordForm';
import { useRecordForm } from '../form/use-record-form';
import Dialog from '../../ui/Dialog';
import LoadStatus from '../../ui/LoadStatus';
import { useFetch } from '../use-fetch';
import type { CollectionConfig } from './collection-configs';

// Loaded (with its chart) only when an editor opens a publication's impact.
const ImpactPanel = lazy(() => import('../analytics/ImpactPanel'));

type Item = Record<string, unknown>;

interface ItemEditorProps {
  config: CollectionConfig;
  /** The item to edit, or null to add one. */
  item: Item | null;
  onClose: () => void;
  onSaved: (item: Item, created: boolean) => void;
}

/** The side panel that adds or edits one item of a collection. */
export default function ItemEditor(props: ItemEditorProps) {
  // Fields that start from a site setting (an event's time zone) wait for the settings, so the
  // form shows from its first render the value it will save.
  return props.config.fields.some((f) => f.initialSetting) ? (
    <WithSettings {...props} />
  ) : (
    <ItemForm {...props} fields={props.config.fields} />
  );
}

function WithSettings(props: ItemEditorProps) {
  const { data, error } = useFetch<SiteSettings>('/api/site-settings');
  if (!data) {
    return (
      <Dialog
        open
        variant="panel"
        title={props.item ? `Edit ${props.config.singular}` : `Add ${props.config.singular}`}
        onClose={props.onClose}
      >
        <LoadStatus loaded={false} error={error} />
      </Dialog>
    );
  }
  return <ItemForm {...props} fields={withSettingDefaults(props.config.fields, data)} />;
}

function ItemForm({
  config,
  item,
  onClose,
  onSaved,
  fields,
}: ItemEditorProps & { fields: readonly FieldConfig[] }) {
  const creating = item === null;
  const base = config.endpoint ?? `/api/${config.api}`;
  const state = useRecordForm({
    fields,
    record: item,
    schema: config.schema,
    savedMessage: creating ? `Added the ${config.singular}` : 'Changes saved',
    failedTitle: creating
      ? `Failed to add ${config.singular}`
      : `Failed to update ${config.singular}`,
    save: (changes, expected) =>
      creating
        ? saveContent<Item>('POST', base, changes)
        : saveContent<Item>('PATCH', `${base}/${encodeURIComponent(String(item.id))}`, {
            ...changes,
            _expected: expected,
          }),
    onSaved: (saved) => onSaved(saved, creating),
    onProposed: onClose,
  });
  // Closing with unsaved edits asks first (Escape, the close button, Cancel, a backdrop click).
  const close = () => {
    if (!state.dirty) return onClose();
    void confirmLeave().then((leave) => leave && onClose());
  };
  return (
    <Dialog
      open
      variant="panel"
      title={creating ? `Add ${config.singular}` : `Edit ${config.singular}`}
      onClose={close}
    >
      <RecordForm
        state={state}
        groups={[{ fields }]}
        idPrefix={`${config.api}-form`}
        submitLabel={creating ? `Add ${config.singular}` : 'Save changes'}
        onCancel={close}
        autoFocusFirst
      />
      {!creating && config.api === 'publications' && <ImpactDetails id={String(item.id)} />}
    </Dialog>
  );
}

/** A publication's impact, fetched when the editor opens it. */
function ImpactDetails({ id }: { id: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="mt-6 border-t border-slate-200 pt-4"
      onToggle={(e) => setOpen(e.currentTarget.open)}
    >
      <summary className="cursor-pointer font-semibold text-ink">Impact</summary>
      {open && (
        <Suspense fallback={null}>
          <div className="mt-3">
            <ImpactPanel id={id} />
          </div>
        </Suspense>
      )}
    </details>
  );
}
