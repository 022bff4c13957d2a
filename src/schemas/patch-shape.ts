import { z } from 'zod';

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;

/**
 * The same fields with their `.default()` removed. Zod 4 fills defaults even inside
 * `.partial()`, so an update schema built from defaulted fields would reset every field the
 * editor did not send (a PATCH of the title would blank the description).
 */
export function withoutDefaults<T extends z.ZodRawShape>(
  shape: T,
): { [K in keyof T]: WithoutDefault<T[K]> } {
  return Object.fromEntries(
    Object.entries(shape).map(([key, schema]) => [
      key,
      schema instanceof z.ZodDefault ? schema.unwrap() : schema,
    ]),
  ) as { [K in keyof T]: WithoutDefault<T[K]> };
}
