import { useEffect, useReducer, useRef } from 'react';
import { notify } from '../ui/toast';
import { noteChanged } from '../../stores/publish';
import { clearDraft, writeDraft } from './drafts';
import { saveField, type SaveResult } from './editor-api';
import { displayText, type FieldRef } from './field-key';
import { signInNotice } from './notices';

/**
 * One editable text's edit, as data. `stored` is what the server holds (as far as we know);
 * `surface` is where the editor is open on the page (the view's business); `expected` is the
 * stored value the edit started from, sent as `_expected` so a change made meanwhile by
 * someone else comes back as a conflict instead of being overwritten.
 */
export type FieldEditState<S> =
  | { phase: 'idle'; stored: string }
  | {
      phase: 'editing';
      stored: string;
      surface: S;
      value: string;
      expected: string;
      error: string | null;
    }
  | { phase: 'saving'; stored: string; surface: S; value: string; expected: string }
  /** Another admin saved first: their text is now `stored` (and `theirs`) until the user picks a side. */
  | {
      phase: 'conflict';
      stored: string;
      surface: S;
      value: string;
      expected: string;
      theirs: string;
    };

export type FieldEditAction<S> =
  | { type: 'open'; surface: S; value: string; expected: string }
  | { type: 'change'; value: string }
  | { type: 'save'; expected: string }
  | { type: 'result'; result: SaveResult }
  | { type: 'keep-theirs' }
  | { type: 'cancel' }
  /** The stored value changed elsewhere (a reviewer approved a proposal on the page). */
  | { type: 'stored'; raw: string };

/** The edit's state machine: idle → editing → saving → idle, editing (invalid) or conflict. */
export function fieldEditReducer<S>(
  state: FieldEditState<S>,
  action: FieldEditAction<S>,
): FieldEditState<S> {
  switch (action.type) {
    case 'open':
      if (state.phase !== 'idle') return state;
      return {
        phase: 'editing',
        stored: state.stored,
        surface: action.surface,
        value: action.value,
        expected: action.expected,
        error: null,
      };
    case 'change':
      if (state.phase === 'editing') return { ...state, value: action.value, error: null };
      if (state.phase === 'conflict') return { ...state, value: action.value };
      return state;
    case 'save':
      if (state.phase !== 'editing' && state.phase !== 'conflict') return state;
      return {
        phase: 'saving',
        stored: state.stored,
        surface: state.surface,
        value: state.value,
        expected: action.expected,
      };
    case 'result': {
      if (state.phase !== 'saving') return state;
      const { result } = action;
      if (result.kind === 'saved') return { phase: 'idle', stored: result.raw };
      // A proposal changes nothing stored: the view shows it as awaiting review.
      if (result.kind === 'proposed') return { phase: 'idle', stored: state.stored };
      if (result.kind === 'conflict')
        return { ...state, phase: 'conflict', stored: result.theirs, theirs: result.theirs };
      // The text stays in the editor (the page still shows the stored value) so it can be fixed.
      if (result.kind === 'invalid') return { ...state, phase: 'editing', error: result.message };
      // Failed: the page keeps showing what the server holds; the draft survives for later.
      return { phase: 'idle', stored: state.stored };
    }
    case 'keep-theirs':
      // Their text is already `stored`: closing shows it.
      return state.phase === 'conflict' ? { phase: 'idle', stored: state.stored } : state;
    case 'cancel':
      return { phase: 'idle', stored: state.stored };
    case 'stored':
      return state.phase === 'idle' ? { phase: 'idle', stored: action.raw } : state;
  }
}

/**
 * What a save should do: nothing (no open edit, or an empty text, which is never sent),
 * close the editor (the text is unchanged), or send `value` against `expected`. `overwrite` is
 * their text after a conflict: the user keeps their own text and replaces theirs knowingly.
 */
export function planSave<S>(
  state: FieldEditState<S>,
  shownStored: string,
  overwrite?: string,
): { kind: 'none' } | { kind: 'close' } | { kind: 'send'; value: string; expected: string } {
  if (state.phase !== 'editing' && state.phase !== 'conflict') return { kind: 'none' };
  const value = state.value.trim();
  if (!value) return { kind: 'none' };
  if (value === shownStored.trim() && overwrite === undefined) return { kind: 'close' };
  return { kind: 'send', value, expected: overwrite ?? state.expected };
}

/** Where an open editor sits; closing it puts the page's markup back. */
export interface Surface {
  close(): void;
}

/**
 * The inline editor's logic for one field: the reducer above plus its effects (the save
 * request, drafts, notices, the publish pill). `onStored` shows a new stored value in the page;
 * `onClosed` runs after an editor closed (the view moves the focus back).
 */
export function useFieldEdit<S extends Surface>(
  ref: FieldRef,
  start: string,
  onStored: (raw: string) => void,
  onClosed: (surface: S) => void,
  onProposed: (id: string, raw: string) => void = () => {},
  /** The user's own open proposal on this text, which a save revises. */
  ownProposal: () => string | undefined = () => undefined,
) {
  const [state, dispatch] = useReducer(fieldEditReducer<S>, { phase: 'idle', stored: start });
  // Async saves and DOM listeners read the latest state through this.
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  }, [state]);

  const shownStored = () => displayText(ref, latest.current.stored);
  const close = (surface: S) => {
    surface.close();
    onClosed(surface);
  };

  const apply = (action: FieldEditAction<S>) => {
    latest.current = fieldEditReducer(latest.current, action);
    dispatch(action);
    return latest.current;
  };

  const cancel = () => {
    const cur = latest.current;
    if (cur.phase === 'idle') return;
    clearDraft(ref.key);
    apply({ type: 'cancel' });
    close(cur.surface);
  };

  const save = async (overwrite?: string) => {
    const cur = latest.current;
    if (cur.phase !== 'editing' && cur.phase !== 'conflict') return;
    const plan = planSave(cur, shownStored(), overwrite);
    if (plan.kind === 'close') return cancel();
    if (plan.kind === 'none') return;
    apply({ type: 'save', expected: plan.expected });
    const result = await saveField(ref, plan.value, plan.expected, ownProposal());
    const next = apply({ type: 'result', result });
    if (next.stored !== cur.stored) onStored(next.stored);
    if (result.kind === 'saved') {
      clearDraft(ref.key);
      close(cur.surface);
      noteChanged();
    } else if (result.kind === 'proposed') {
      clearDraft(ref.key);
      close(cur.surface);
      onProposed(result.id, result.raw);
      notify({
        title: 'Sent for review',
        description: 'An editor or admin reviews your change before it goes live.',
      });
    } else if (result.kind === 'invalid') {
      notify({
        title: 'Could not save your change',
        description: result.message,
        variant: 'destructive',
      });
    } else if (result.kind === 'failed') {
      close(cur.surface);
      if (result.status === 401) signInNotice(result.title, 'Your text is kept as a draft.');
      else if (result.status === 403) signInNotice(result.title, 'Only admins can save changes.');
      else notify({ title: result.title, description: result.description, variant: 'destructive' });
    }
  };

  return {
    state,
    /** The stored value as the page shows it. */
    shownStored,
    /** Opens the editor at `surface`, with a restored draft or the stored text. */
    open(surface: S, draft?: { value: string; expected: string }): boolean {
      if (latest.current.phase !== 'idle') return false;
      apply({
        type: 'open',
        surface,
        value: draft?.value ?? shownStored(),
        expected: draft?.expected ?? latest.current.stored,
      });
      return true;
    },
    change(value: string) {
      const cur = latest.current;
      if (cur.phase !== 'editing' && cur.phase !== 'conflict') return;
      apply({ type: 'change', value });
      writeDraft(ref.key, value, cur.expected);
    },
    save: () => void save(),
    cancel,
    /** Takes a stored value that changed elsewhere, so the next edit starts from it. */
    setStored(raw: string) {
      apply({ type: 'stored', raw });
    },
    keepTheirs() {
      const cur = latest.current;
      if (cur.phase !== 'conflict') return;
      clearDraft(ref.key);
      apply({ type: 'keep-theirs' });
      close(cur.surface);
    },
    overwrite() {
      const cur = latest.current;
      if (cur.phase === 'conflict') void save(cur.theirs);
    },
    /** The field's text left the page: the editor closes, the draft stays. */
    drop() {
      const cur = latest.current;
      if (cur.phase === 'idle') return;
      apply({ type: 'cancel' });
      cur.surface.close();
    },
  };
}
