import { useEffect, useRef, useState, type FormEvent } from 'react';
import { safeParse, type ZodMiniType } from 'zod/mini';
import { ApiError } from '../../lib/api';

/**
 * Text-field form state validated by a shared zod/mini schema (the one the server checks with):
 * lighter than a form library for these small forms. Errors appear after the first submit,
 * then follow every change.
 *
 * The schema comes from `loadSchema` (a dynamic import): it loads when the visitor first focuses
 * a field (spread `prepare` as the form's onFocus) and at the latest on submit, so a visitor who
 * only scrolls past the form downloads no validation code.
 */
export function useSchemaForm<V extends Record<string, string>, Out>(loadSchema: () => Promise<ZodMiniType<Out>>, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  // Until hydrated the form cannot validate or send: its button stays off so it never submits natively.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const schema = useRef<{ loading: Promise<ZodMiniType<Out>>; loaded?: ZodMiniType<Out> } | null>(null);

  const load = (): Promise<ZodMiniType<Out>> => {
    if (!schema.current) {
      const loading = loadSchema();
      schema.current = { loading };
      loading.then(
        (loaded) => schema.current && (schema.current.loaded = loaded),
        // A failed download is tried again by the next focus or submit (which reports it).
        () => (schema.current = null),
      );
    }
    return schema.current.loading;
  };

  const check = (s: ZodMiniType<Out>, v: V): Out | null => {
    const result = safeParse(s, v);
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const next: Partial<Record<keyof V, string>> = {};
    for (const issue of result.error.issues) {
      const key = issue.path[0] as keyof V | undefined;
      if (key !== undefined && !next[key]) next[key] = issue.message;
    }
    setErrors(next);
    return null;
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
    setSubmitted(false);
  };

  return {
    values,
    errors,
    /** True while a submission is on its way (buttons read 'Sending...' / 'Joining...'). */
    sending,
    /** False until the island has hydrated. */
    ready,
    /** Starts loading the schema (the form's onFocus): the visitor is about to write. */
    prepare() {
      void load().catch(() => {});
    },
    /** Sets one field (re-validating once the visitor has tried to submit). */
    setField(name: keyof V, value: string) {
      const next = { ...values, [name]: value };
      setValues(next);
      const loaded = schema.current?.loaded;
      if (submitted && loaded) check(loaded, next);
    },
    /**
     * A submit handler: validates, runs `send` with the parsed data while `sending` is true and
     * resets the form on success; on failure shows the server's field errors and calls `onError`.
     */
    handleSubmit(send: (data: Out) => Promise<void>, onError: (error: unknown) => void) {
      return async (e: FormEvent) => {
        e.preventDefault();
        setSubmitted(true);
        let data: Out | null;
        try {
          data = check(await load(), values);
        } catch (error) {
          // The rules could not be downloaded: nothing was sent, and the visitor is told.
          onError(error);
          return;
        }
        if (!data) return;
        setSending(true);
        try {
          await send(data);
          reset();
        } catch (error) {
          if (error instanceof ApiError && error.body?.fields) setErrors((prev) => ({ ...prev, ...error.body!.fields }));
          onError(error);
        } finally {
          setSending(false);
        }
      };
    },
  };
}
