import { describe, expect, it } from 'vitest';
import {
  fieldEditReducer as reduce,
  planSave,
  type FieldEditState,
} from '../../src/components/editor/use-field-edit';

type S = FieldEditState<string>;
const idle: S = { phase: 'idle', stored: 'Ours before' };
const opened = reduce(idle, {
  type: 'open',
  surface: 'box',
  value: 'Ours before',
  expected: 'Ours before',
});
const typed = reduce(opened, { type: 'change', value: 'Ours after' });

describe('inline edit reducer', () => {
  it('opens, edits and saves: idle → editing → saving → idle with the stored value', () => {
    expect(typed).toMatchObject({
      phase: 'editing',
      value: 'Ours after',
      expected: 'Ours before',
      error: null,
    });
    const plan = planSave(typed, 'Ours before');
    expect(plan).toEqual({ kind: 'send', value: 'Ours after', expected: 'Ours before' });
    const saving = reduce(typed, { type: 'save', expected: 'Ours before' });
    expect(saving.phase).toBe('saving');
    expect(
      reduce(saving, { type: 'result', result: { kind: 'saved', raw: 'Ours after' } }),
    ).toEqual({ phase: 'idle', stored: 'Ours after' });
  });

  it('a save kept for review closes the editor with nothing stored changed', () => {
    const saving = reduce(typed, { type: 'save', expected: 'Ours before' });
    expect(
      reduce(saving, {
        type: 'result',
        result: { kind: 'proposed', id: 'p1', raw: 'Ours after' },
      }),
    ).toEqual({ phase: 'idle', stored: 'Ours before' });
  });

  it('a stored value approved elsewhere is taken while idle, never under an open edit', () => {
    expect(reduce(idle, { type: 'stored', raw: 'Approved' })).toEqual({
      phase: 'idle',
      stored: 'Approved',
    });
    expect(reduce(typed, { type: 'stored', raw: 'Approved' })).toBe(typed);
  });

  it('a conflict shows their text as stored and keeps ours in the editor', () => {
    const saving = reduce(typed, { type: 'save', expected: 'Ours before' });
    const conflict = reduce(saving, {
      type: 'result',
      result: { kind: 'conflict', theirs: 'Theirs' },
    });
    expect(conflict).toEqual({
      phase: 'conflict',
      stored: 'Theirs',
      theirs: 'Theirs',
      surface: 'box',
      value: 'Ours after',
      expected: 'Ours before',
    });
  });

  it('keep theirs closes the editor on their text', () => {
    const conflict = reduce(reduce(typed, { type: 'save', expected: 'Ours before' }), {
      type: 'result',
      result: { kind: 'conflict', theirs: 'Theirs' },
    });
    expect(reduce(conflict, { type: 'keep-theirs' })).toEqual({ phase: 'idle', stored: 'Theirs' });
  });

  it('overwrite sends ours against their text, even when ours equals what is stored', () => {
    const conflict = reduce(reduce(typed, { type: 'save', expected: 'Ours before' }), {
      type: 'result',
      result: { kind: 'conflict', theirs: 'Theirs' },
    });
    expect(planSave(conflict, 'Theirs', 'Theirs')).toEqual({
      kind: 'send',
      value: 'Ours after',
      expected: 'Theirs',
    });
    const sameAsTheirs = reduce(conflict, { type: 'change', value: 'Theirs' });
    expect(planSave(sameAsTheirs, 'Theirs', 'Theirs')).toMatchObject({
      kind: 'send',
      expected: 'Theirs',
    });
    const saving = reduce(conflict, { type: 'save', expected: 'Theirs' });
    expect(saving).toMatchObject({ phase: 'saving', expected: 'Theirs', value: 'Ours after' });
    expect(
      reduce(saving, { type: 'result', result: { kind: 'saved', raw: 'Ours after' } }),
    ).toEqual({ phase: 'idle', stored: 'Ours after' });
  });

  it('a save refused as invalid stays in the editor with the message, and the retried save lands', () => {
    const saving = reduce(typed, { type: 'save', expected: 'Ours before' });
    const invalid = reduce(saving, {
      type: 'result',
      result: { kind: 'invalid', message: 'Must be at most 300 characters' },
    });
    expect(invalid).toMatchObject({
      phase: 'editing',
      error: 'Must be at most 300 characters',
      value: 'Ours after',
    });
    const fixed = reduce(invalid, { type: 'change', value: 'Shorter' });
    expect(fixed).toMatchObject({ phase: 'editing', error: null });
    const retry = planSave(fixed, 'Ours before');
    expect(retry).toEqual({ kind: 'send', value: 'Shorter', expected: 'Ours before' });
    const again = reduce(fixed, { type: 'save', expected: 'Ours before' });
    expect(reduce(again, { type: 'result', result: { kind: 'saved', raw: 'Shorter' } })).toEqual({
      phase: 'idle',
      stored: 'Shorter',
    });
  });

  it('a failed save closes on the stored value; reopening with the draft and retrying saves', () => {
    const saving = reduce(typed, { type: 'save', expected: 'Ours before' });
    const failed = reduce(saving, {
      type: 'result',
      result: { kind: 'failed', status: 0, title: 'Could not save your change' },
    });
    expect(failed).toEqual({ phase: 'idle', stored: 'Ours before' });
    const restored = reduce(failed, {
      type: 'open',
      surface: 'box',
      value: 'Ours after',
      expected: 'Ours before',
    });
    const retried = reduce(restored, { type: 'save', expected: 'Ours before' });
    expect(
      reduce(retried, { type: 'result', result: { kind: 'saved', raw: 'Ours after' } }),
    ).toEqual({ phase: 'idle', stored: 'Ours after' });
  });

  it('sends nothing for an empty text and only closes for an unchanged one', () => {
    expect(planSave(reduce(opened, { type: 'change', value: '   ' }), 'Ours before')).toEqual({
      kind: 'none',
    });
    expect(
      planSave(reduce(opened, { type: 'change', value: ' Ours before ' }), 'Ours before'),
    ).toEqual({ kind: 'close' });
    expect(planSave(idle, 'Ours before')).toEqual({ kind: 'none' });
  });

  it('ignores actions that do not fit the phase (a second open, a result while not saving)', () => {
    expect(reduce(typed, { type: 'open', surface: 'other', value: 'x', expected: 'x' })).toBe(
      typed,
    );
    expect(reduce(typed, { type: 'result', result: { kind: 'saved', raw: 'x' } })).toBe(typed);
    expect(reduce(idle, { type: 'change', value: 'x' })).toBe(idle);
    expect(reduce(typed, { type: 'keep-theirs' })).toBe(typed);
    expect(reduce(typed, { type: 'cancel' })).toEqual({ phase: 'idle', stored: 'Ours before' });
  });
});
