import { useState } from 'react';
import type { z } from 'zod';

/**
 * Text-field form state validated by a shared zod schema: lighter than a form library for these
 * small forms. Errors appear after the first submit, then follow every change.
 */
export function useSchemaForm<V extends Record<string, string>, Out>(schema: z.ZodType<Out>, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const [submitted, setSubmitted] = useState(false);

  const check = (v: V): Out | null => {
    const result = schema.safeParse(v);
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

  return {
    values,
    errors,
    /** Sets one field (re-validating once the visitor has tried to submit). */
    setField(name: keyof V, value: string) {
      const next = { ...values, [name]: value };
      setValues(next);
      if (submitted) check(next);
    },
    /** Validates everything; the parsed data, or null with the errors shown. */
    validate(): Out | null {
      setSubmitted(true);
      return check(values);
    },
    /** Shows errors the server sent back ({ fields: { name: message } }). */
    setServerErrors(fields: Record<string, string> | undefined) {
      if (fields) setErrors((e) => ({ ...e, ...fields }));
    },
    reset() {
      setValues(initial);
      setErrors({});
      setSubmitted(false);
    },
  };
}
