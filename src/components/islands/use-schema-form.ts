import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { core } from 'zod/mini';
import { ApiError } from '../../lib/api';
import { useAction } from '../ui/use-action';

type Errors<V> = Partial<Record<keyof V, string>>;

/**
 * The public forms' state, validated by the shared zod schema (the one the server checks with):
 * lighter than a form library for these small forms. Errors appear after the first submit,
 * then follow every change.
 *
 * The schema comes from `loadSchema` (a dynamic import): it loads when the visitor first focuses
 * a field (spread `prepare` as the form's onFocus) and at the latest on submit, so a visitor who
 * only scrolls past the form downloads no validation code. It is run through its own Standard
 * Schema `validate`, not zod's safeParse: importing safeParse here would put zod's parser into
 * every page with a form, before anyone types.
 */
export function useSchemaForm<V extends Record<string, unknown>, Out>(
  loadSchema: () => Promise<core.$ZodType<Out>>,
  initial: V,
) {
  const [values, setValues] = useState<V>(initial);
  // What the fields hold now, for handlers that finish after later typing (a lookup, say).
  const latest = useRef<V>(initial);
  const [errors, setErrors] = useState<Errors<V>>({});
  const [submitted, setSubmitted] = useState(false);
  const sending = useAction();
  // Until hydrated the form cannot validate or send: its button stays off so it never submits natively.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const schema = useRef<{
    loading: Promise<core.$ZodType<Out>>;
    loaded?: core.$ZodType<Out>;
  } | null>(null);

  const load = (): Promise<core.$ZodType<Out>> => {
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

  const check = (s: core.$ZodType<Out>, v: V): { data: Out } | { errors: Errors<V> } => {
    const result = s['~standard'].validate(v);
    // The forms' schemas have no async refinements; one would be a programming error.
    if (result instanceof Promise) throw new Error('A form schema must validate synchronously');
    if (!result.issues) {
      setErrors({});
      return { data: result.value };
    }
    const next: Errors<V> = {};
    for (const issue of result.issues) {
      const first = issue.path?.[0];
      const key = (typeof first === 'object' ? first.key : first) as keyof V | undefined;
      if (key !== undefined && !next[key]) next[key] = issue.message;
    }
    setErrors(next);
    return { errors: next };
  };

  const write = (next: V) => {
    latest.current = next;
    setValues(next);
  };

  return {
    values,
    errors,
    /** True while a submission is on its way (buttons read 'Sending...' / 'Joining...'). */
    sending: sending.pending,
    /** False until the island has hydrated. */
    ready,
    /** Starts loading the schema (the form's onFocus): the visitor is about to write. */
    prepare() {
      void load().catch(() => {});
    },
    /** What the fields hold now (read in handlers that resume after an await). */
    current: (): V => latest.current,
    /** Sets one field (re-validating once the visitor has tried to submit). */
    setField<K extends keyof V>(name: K, value: V[K]) {
      const next = { ...latest.current, [name]: value };
      write(next);
      const loaded = schema.current?.loaded;
      if (submitted && loaded) check(loaded, next);
    },
    /**
     * A submit handler: validates, runs `send` with the parsed data while `sending` is true and
     * resets the form on success; on failure shows the server's field errors and calls `onError`.
     * `onInvalid` gets the field errors (found here or by the server), e.g. to focus the first.
     */
    handleSubmit(
      send: (data: Out) => Promise<void>,
      onError: (error: unknown) => void,
      onInvalid?: (errors: Errors<V>) => void,
    ) {
      return async (e: FormEvent) => {
        e.preventDefault();
        setSubmitted(true);
        let checked: ReturnType<typeof check>;
        try {
          checked = check(await load(), latest.current);
        } catch (error) {
          // The rules could not be downloaded: nothing was sent, and the visitor is told.
          onError(error);
          return;
        }
        if ('errors' in checked) {
          onInvalid?.(checked.errors);
          return;
        }
        const { data } = checked;
        await sending.run(
          async () => {
            await send(data);
            write(initial);
            setErrors({});
            setSubmitted(false);
          },
          {
            onFailure: (error) => {
              const fields =
                error instanceof ApiError
                  ? (error.body?.fields as Errors<V> | undefined)
                  : undefined;
              if (fields) {
                setErrors((prev) => ({ ...prev, ...fields }));
                onInvalid?.(fields);
              }
              onError(error);
            },
          },
        );
      };
    },
  };
}
