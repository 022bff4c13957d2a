import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api';
import { notify } from '../../ui/toast';
import { useAction } from '../../ui/use-action';
import { announce } from '../../../stores/admin-announce';
import {
  changedFields,
  formValuesFor,
  isListField,
  toFormValue,
  toStoredValue,
  type FieldConfig,
  type FormValues,
} from './field-config';
import { useUnsaved } from './use-unsaved';
import { isProposalAck, SENT_FOR_REVIEW } from '../../../schemas/proposal';

type Stored = Record<string, unknown>;

interface RecordFormOptions {
  fields: readonly FieldConfig[];
  /** The stored record being edited; null to create a new one. */
  record: Stored | null;
  /** The same zod schema the server applies, for checks before anything is sent. */
  schema: z.ZodType;
  /** Sends the changes (with the loaded values as `_expected` when editing); resolves to the stored record. */
  save: (changes: Stored, expected: Stored | null) => Promise<Stored>;
  onSaved?: (record: Stored) => void;
  /** The save became a proposal for review instead (nothing stored changed). */
  onProposed?: () => void;
  /** Extra checks the schema cannot express (e.g. a recognisable video address). */
  check?: (values: FormValues) => Record<string, string>;
  savedMessage?: string;
  /** Title of the toast when saving fails (e.g. 'Failed to update team member'). */
  failedTitle?: string;
}

/** A 409's current value (sent as text) turned back into the field's stored type. */
function typedValue(field: FieldConfig | undefined, text: string): unknown {
  if (field?.type === 'checkbox') return text === 'true';
  if (field?.type === 'number') return text === '' ? null : Number(text);
  if (field && isListField(field)) {
    try {
      const list: unknown = JSON.parse(text);
      // A links list's null (the built-in links) stays null.
      return Array.isArray(list) ? list : field.type === 'links' ? null : [];
    } catch {
      return field.type === 'links' ? null : [];
    }
  }
  return text;
}

/**
 * State of one admin edit form: validation with the shared schema, saving only changed fields
 * with the values they were loaded with (so a concurrent change is a 409, not lost), server field
 * errors, and keep-theirs / overwrite after a conflict. Unsaved edits guard navigation.
 */
export function useRecordForm({
  fields,
  record,
  schema,
  save,
  onSaved,
  onProposed,
  check,
  savedMessage = 'Changes saved',
  failedTitle = 'Not saved',
}: RecordFormOptions) {
  const [loaded, setLoaded] = useState(() => ({
    raw: record ?? {},
    form: formValuesFor(fields, record),
  }));
  const [conflicts, setConflicts] = useState<Record<string, string>>({});
  const saving = useAction({ toast: failedTitle, fallback: 'The changes could not be saved.' });
  const form = useForm<FormValues>({
    defaultValues: loaded.form,
    // raw: the server gets what was typed (its schema transforms it the same way).
    resolver: zodResolver(schema as z.ZodType<FormValues, FormValues>, undefined, {
      raw: true,
    }) as Resolver<FormValues>,
  });
  const values = form.watch();
  const creating = record === null;
  const changed = creating ? fields.map((f) => f.name) : changedFields(fields, loaded.form, values);
  const dirty = creating ? form.formState.isDirty : changed.length > 0;
  useUnsaved(dirty);
  const byName = (name: string) => fields.find((f) => f.name === name);

  async function send(current: FormValues, base = loaded) {
    const names = creating ? fields.map((f) => f.name) : changedFields(fields, base.form, current);
    if (names.length === 0) {
      notify({ title: 'No changes to save' });
      return;
    }
    const extra = check?.(current) ?? {};
    for (const [name, message] of Object.entries(extra)) form.setError(name, { message });
    if (Object.keys(extra).length) return;
    const changes = Object.fromEntries(names.map((n) => [n, toStoredValue(byName(n), current[n])]));
    const expected = creating
      ? null
      : Object.fromEntries(names.map((n) => [n, base.raw[n] ?? null]));
    await saving.run(
      async () => {
        let stored: Stored;
        try {
          stored = await save(changes, expected);
        } catch (error) {
          // Someone else saved these fields meanwhile: not a failure to toast, a choice to offer.
          if (error instanceof ApiError && error.status === 409 && error.body?.fields) {
            setConflicts(error.body.fields);
            announce('Not saved: someone else changed this meanwhile');
            return;
          }
          throw error;
        }
        // Kept for review (a contributor, or an editor under the two-person rule): nothing stored
        // changed, so the form goes back to what is stored and says where the change went.
        if (isProposalAck(stored)) {
          form.reset(loaded.form);
          announce(SENT_FOR_REVIEW);
          notify({ title: 'Sent for review', description: SENT_FOR_REVIEW });
          onProposed?.();
          return;
        }
        const next = { raw: stored, form: formValuesFor(fields, stored) };
        setLoaded(next);
        setConflicts({});
        form.reset(next.form);
        announce(savedMessage);
        notify({ title: savedMessage });
        onSaved?.(stored);
      },
      {
        onFailure: (error) => {
          const fields = error instanceof ApiError ? error.body?.fields : undefined;
          for (const [name, message] of Object.entries(fields ?? {}))
            if (byName(name)) form.setError(name, { message });
        },
      },
    );
  }

  /** Takes the other person's value for a field (and drops the conflict). */
  function keepTheirs(name: string) {
    const theirs = typedValue(byName(name), conflicts[name] ?? '');
    const field = byName(name);
    const formValue = field ? toFormValue(field, theirs) : theirs;
    setLoaded((l) => ({
      raw: { ...l.raw, [name]: theirs },
      form: { ...l.form, [name]: formValue },
    }));
    form.setValue(name, formValue);
    setConflicts(({ [name]: _dropped, ...rest }) => rest);
  }

  /** Saves this form's value over the other person's. */
  function overwrite(name: string) {
    const theirs = typedValue(byName(name), conflicts[name] ?? '');
    const field = byName(name);
    const base = {
      raw: { ...loaded.raw, [name]: theirs },
      form: { ...loaded.form, [name]: field ? toFormValue(field, theirs) : theirs },
    };
    setLoaded(base);
    const rest = { ...conflicts };
    delete rest[name];
    setConflicts(rest);
    if (Object.keys(rest).length === 0) void send(form.getValues(), base);
  }

  return {
    form,
    dirty,
    saving: saving.pending,
    conflicts,
    keepTheirs,
    overwrite,
    onSubmit: form.handleSubmit((v) => send(v)),
    labelFor: (name: string) => byName(name)?.label ?? name,
  };
}
