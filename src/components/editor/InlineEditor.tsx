import { useEffect, useRef, type CSSProperties, type KeyboardEvent } from 'react';

/** Props of the inline editor: the text being edited and what to do with it. */
export interface InlineEditorProps {
  /** Human name of the field, e.g. 'hero title' (the input's accessible name). */
  label: string;
  multiline: boolean;
  value: string;
  saving: boolean;
  /** A validation message from the server, shown under the input. */
  error: string | null;
  /** Another admin's current text when the save hit a conflict (display form). */
  theirs: string | null;
  typography: CSSProperties;
  /** The built-in wording of a settings text: offered back by "Reset to default" once changed. */
  defaultText?: string | null;
  onChange(value: string): void;
  onSave(): void;
  onCancel(): void;
  onKeepTheirs(): void;
  onOverwrite(): void;
}

const button =
  'inline-flex items-center justify-center rounded-md px-3 py-1.5 text-sm font-medium font-sans disabled:cursor-not-allowed disabled:opacity-50';
const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;
const secondary = `${button} border border-slate-300 bg-white text-ink hover:bg-slate-50`;

/** An input (or textarea) with Save and Cancel that replaces a text while it is edited. */
export function InlineEditor(p: InlineEditorProps) {
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const empty = p.value.trim() === '';
  const canSave = !empty && !p.saving && p.theirs === null;

  useEffect(() => {
    const el = input.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  // Keys: Enter saves a single line, Ctrl/Cmd+Enter a multiline text; Escape reverts.
  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (e.nativeEvent.isComposing) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      if (!p.saving) p.onCancel();
      return;
    }
    if (e.key !== 'Enter' || e.target !== input.current) return;
    const wantsSave = p.multiline ? e.ctrlKey || e.metaKey : true;
    if (!wantsSave) return;
    e.preventDefault();
    if (canSave) p.onSave();
  }

  const inputClass =
    'block w-full rounded-md border border-brand-300 bg-white px-2 py-1 text-ink shadow-inner focus:outline-2 focus:outline-brand-500 disabled:bg-slate-100';
  const shared = {
    ref: input,
    value: p.value,
    disabled: p.saving,
    'aria-label': p.label,
    'aria-invalid': empty || p.error !== null,
    className: inputClass,
    style: p.typography,
    onChange: (e: { target: { value: string } }) => p.onChange(e.target.value),
  };

  return (
    // Keys from the field and its buttons bubble up here (Escape cancels, Ctrl+Enter saves).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      role="group"
      aria-label={`Editing ${p.label}`}
      aria-busy={p.saving}
      onKeyDown={onKeyDown}
      className="rounded-lg border border-brand-200 bg-white p-2 font-sans text-ink shadow-lg"
    >
      {p.multiline ? (
        <textarea
          {...shared}
          rows={4}
          style={{ ...p.typography, fieldSizing: 'content', minHeight: '6rem' } as CSSProperties}
        />
      ) : (
        <input {...shared} type="text" />
      )}
      {empty && <p className="mt-1 text-sm text-red-700">The text cannot be empty.</p>}
      {p.error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {p.error}
        </p>
      )}
      {p.theirs !== null && (
        <div
          role="alert"
          className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm"
        >
          <p className="font-medium">
            Someone else changed this text while you were editing. Their version:
          </p>
          <p data-edit-theirs className="mt-1 rounded bg-white p-2 whitespace-pre-line text-ink">
            {p.theirs}
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className={secondary}
              disabled={p.saving}
              onClick={p.onKeepTheirs}
            >
              Keep theirs
            </button>
            <button type="button" className={primary} disabled={p.saving} onClick={p.onOverwrite}>
              Overwrite
            </button>
          </div>
        </div>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-end gap-2">
        <span className="mr-auto text-xs text-ink-soft">
          {p.multiline ? 'Ctrl+Enter to save · Esc to cancel' : 'Enter to save · Esc to cancel'}
        </span>
        {p.defaultText && p.value !== p.defaultText && (
          <button
            type="button"
            className={secondary}
            disabled={p.saving}
            onClick={() => {
              p.onChange(p.defaultText!);
              input.current?.focus();
            }}
          >
            Reset to default
          </button>
        )}
        <button type="button" className={secondary} disabled={p.saving} onClick={p.onCancel}>
          Cancel
        </button>
        <button type="button" className={primary} disabled={!canSave} onClick={p.onSave}>
          {p.saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </div>
  );
}
