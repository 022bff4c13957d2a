import { useEffect, useState } from 'react';
import { $editMode } from '../../stores/edit-mode';
import { EditableField } from './EditableField';
import { EditableImages } from './EditableImages';
import { EditableList } from './EditableList';
import type { StartValues } from './editor-api';
import { LIST_KINDS } from './list-kinds';
import { watchFields, type PageField } from './page-fields';
import { PublishPill } from './PublishPill';

/** Props of the editor root: the page's editable texts and their stored values. */
export interface EditorAppProps {
  fields: PageField[];
  start: StartValues;
}

/**
 * Leaves edit mode: the address loses ?edit=true (as a new history entry, so Back returns to
 * editing) and the editor takes its decoration off the page. Saved texts stay as shown.
 */
function doneEditing(): void {
  const url = new URL(location.href);
  url.searchParams.delete('edit');
  history.pushState(null, '', url);
  $editMode.set(false);
}

/** The inline editor for an admin: one control per editable text, the publish status and the way out. */
export function EditorApp({ fields: initial, start }: EditorAppProps) {
  const [fields, setFields] = useState(initial);
  useEffect(() => watchFields(initial, setFields), [initial]);
  return (
    <>
      {fields.map((field) => {
        const value = start.values.get(field.ref.key);
        // A text whose record is gone (deleted meanwhile) stays as it is, not editable.
        if (value === undefined) return null;
        return (
          <EditableField
            key={field.ref.key}
            field={field}
            start={value}
            recordLabel={start.labels.get(field.ref.key)}
            proposal={start.proposals.get(field.ref.key)}
          />
        );
      })}
      <EditableImages version={fields} proposals={start.proposals} />
      {LIST_KINDS.map((kind) => (
        <EditableList key={kind.collection} kind={kind} />
      ))}
      <div className="fixed bottom-4 left-4 z-[1000] flex max-w-[calc(100vw-2rem)] flex-wrap items-center gap-2 font-sans">
        <button
          type="button"
          onClick={doneEditing}
          className="rounded-full bg-white px-4 py-2 text-sm font-semibold text-brand-800 shadow-lg ring-1 ring-slate-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          Done editing
        </button>
        <PublishPill />
      </div>
    </>
  );
}
