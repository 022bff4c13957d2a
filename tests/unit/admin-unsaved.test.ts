/**
 * Leaving with unsaved changes asks once, in the admin's own dialog: the question is a store
 * the shell shows, and its answer settles every request to leave made while it was asked.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { $leavePrompt, $unsaved, confirmLeave, setUnsaved } from '../../src/stores/admin-unsaved';

beforeEach(() => {
  $unsaved.set(new Set());
  $leavePrompt.get()?.answer(false);
});

describe('confirmLeave', () => {
  it('lets the user go at once when nothing is unsaved, asking nothing', async () => {
    await expect(confirmLeave()).resolves.toBe(true);
    expect($leavePrompt.get()).toBeNull();
  });

  it('asks while an editor holds changes; staying keeps them marked', async () => {
    setUnsaved('form', true);
    const leaving = confirmLeave();
    expect($leavePrompt.get()).not.toBeNull();
    $leavePrompt.get()!.answer(false);
    await expect(leaving).resolves.toBe(false);
    expect($leavePrompt.get()).toBeNull();
    expect([...$unsaved.get()]).toEqual(['form']);
  });

  it('leaving drops the marks, and two requests meanwhile share the one question', async () => {
    setUnsaved('form', true);
    const first = confirmLeave();
    const prompt = $leavePrompt.get();
    const second = confirmLeave();
    expect($leavePrompt.get()).toBe(prompt);
    prompt!.answer(true);
    await expect(Promise.all([first, second])).resolves.toEqual([true, true]);
    expect($unsaved.get().size).toBe(0);
  });
});
