import { saveContent } from '../../../stores/publish';
import { confirmLeave } from '../../../stores/admin-unsaved';
import RecordForm from '../form/RecordForm';
import { useRecordForm } from '../form/use-record-form';
import Dialog from '../../ui/Dialog';
import type { CollectionConfig } from './collection-configs';

type Item = Record<string, unknown>;

interface ItemEditorProps {
  config: CollectionConfig;
  /** The item to edit, or null to add one. */
  item: Item | null;
  onClose: () => void;
  onSaved: (item: Item, created: boolean) => void;
}

/** The side panel that adds or edits one item of a collection. */
export default function ItemEditor({ config, item, onClose, onSaved }: ItemEditorProps) {
  const creating = item === null;
  const base = config.endpoint ?? `/api/${config.api}`;
  const state = useRecordForm({
    fields: config.fields,
    record: item,
    schema: config.schema,
    savedMessage: creating ? `Added the ${config.singular}` : 'Changes saved',
    failedTitle: creating ? `Failed to add ${config.singular}` : `Failed to update ${config.singular}`,
    save: (changes, expected) =>
      creating
        ? saveContent<Item>('POST', base, changes)
        : saveContent<Item>('PATCH', `${base}/${encodeURIComponent(String(item.id))}`, { ...changes, _expected: expected }),
    onSaved: (saved) => onSaved(saved, creating),
  });
  // Closing with unsaved edits asks first (Escape, the close button, Cancel, a backdrop click).
  const close = () => {
    if (!state.dirty || confirmLeave()) onClose();
  };
  return (
    <Dialog open variant="panel" title={creating ? `Add ${config.singular}` : `Edit ${config.singular}`} onClose={close}>
      <RecordForm
        state={state}
        groups={[{ fields: config.fields }]}
        idPrefix={`${config.api}-form`}
        submitLabel={creating ? `Add ${config.singular}` : 'Save changes'}
        onCancel={close}
        autoFocusFirst
      />
    </Dialog>
  );
}
