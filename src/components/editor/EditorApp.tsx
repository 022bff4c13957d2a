import { useEffect, useState } from 'react';
import { EditableField } from './EditableField';
import type { StartValues } from './editor-api';
import { watchFields, type PageField } from './page-fields';
import { PublishPill } from './PublishPill';

/** Props of the editor root: the page's editable texts and their stored values. */
export interface EditorAppProps {
  fields: PageField[];
  start: StartValues;
}

/** The inline editor for an admin: one control per editable text, plus the publish status. */
export function EditorApp({ fields: initial, start }: EditorAppProps) {
  const [fields, setFields] = useState(initial);
  useEffect(() => watchFields(initial, setFields), [initial]);
  return (
    <>
      {fields.map((field) => {
        const value = start.values.get(field.ref.key);
        // A text whose record is gone (deleted meanwhile) stays as it is, not editable.
        if (value === undefined) return null;
        return <EditableField key={field.ref.key} field={field} start={value} recordLabel={start.labels.get(field.ref.key)} />;
      })}
      <PublishPill />
    </>
  );
}
