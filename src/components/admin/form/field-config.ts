/** Kinds of input the generic admin forms can render. */
export type FieldType =
  | 'text'
  | 'textarea'
  | 'url'
  | 'email'
  | 'image'
  | 'pdf'
  | 'date'
  | 'time'
  | 'datetime'
  | 'number'
  | 'checkbox'
  | 'select'
  | 'markdown'
  | 'people'
  | 'topics'
  | 'links'
  | 'textlist'
  | 'datafiles';

/** Fields whose value is a list (authors or speakers, topic ids): compared and sent whole. */
export const isListField = (field: FieldConfig): boolean =>
  field.type === 'people' ||
  field.type === 'topics' ||
  field.type === 'links' ||
  field.type === 'textlist' ||
  field.type === 'datafiles';

/** How one field of a record is edited in the admin. */
export interface FieldConfig {
  name: string;
  label: string;
  type: FieldType;
  placeholder?: string;
  help?: string;
  /** Choices for 'select'; a stored value outside the list is offered too. */
  options?: readonly string[];
  required?: boolean;
  /** Half-width on wide screens (pairs such as start/end date). */
  half?: boolean;
  /** The value a new record's form starts with: for a select, the value the server would store when none is sent. */
  initial?: string;
  /** What a select shows for an empty value that is not one of its options (default 'None'). */
  emptyLabel?: string;
  /**
   * A site setting a new record's form starts with (instead of `initial`); an empty stored value
   * reads as that setting too, and the select says so.
   */
  initialSetting?: 'siteTimeZone';
  /** For a schedule ('datetime'): the field holding its time zone, named under it with the admin's own time. */
  zoneField?: string;
  /**
   * Built-in wording: the field shows it (as its text, ready to change) while the stored value is
   * empty, and offers "Reset to default" once changed. Saving the built-in wording stores ''.
   */
  defaultText?: string;
  /** For 'textlist': what one item is called ('finding') and how many the list holds. */
  item?: { name: string; max: number };
  /** For 'links': which built-in list the site shows while the value is null. */
  builtInLinks?: 'nav' | 'footer';
}

/** The settings a field can start from (see `initialSetting`). */
export type SettingDefaults = Record<NonNullable<FieldConfig['initialSetting']>, string>;

/** The fields with each `initialSetting` resolved: the form starts on the setting, and an empty value says it follows it. */
export function withSettingDefaults(
  fields: readonly FieldConfig[],
  settings: SettingDefaults,
): FieldConfig[] {
  return fields.map((f) =>
    f.initialSetting
      ? {
          ...f,
          initial: settings[f.initialSetting],
          emptyLabel: `Site default (${settings[f.initialSetting]})`,
        }
      : f,
  );
}

/** Form values: strings, booleans and (for numbers) a number or null. */
export type FormValues = Record<string, unknown>;

/** The value an input shows for a stored value (dates as YYYY-MM-DD, missing text as ''). */
export function toFormValue(field: FieldConfig, stored: unknown): unknown {
  if (field.type === 'checkbox') return stored === true;
  // A links list keeps null: it means "the built-in links", not an empty list.
  if (field.type === 'links') return Array.isArray(stored) ? stored : null;
  if (isListField(field)) return Array.isArray(stored) ? stored : [];
  if (field.type === 'number') return typeof stored === 'number' ? stored : null;
  if (field.type === 'date') return typeof stored === 'string' ? stored.slice(0, 10) : '';
  if (field.defaultText && (stored == null || (typeof stored === 'string' && stored.trim() === '')))
    return field.defaultText;
  return typeof stored === 'string' ? stored : stored == null ? '' : String(stored);
}

/** Form values for a record (or blank ones for a new record). */
export function formValuesFor(
  fields: readonly FieldConfig[],
  record: Record<string, unknown> | null,
): FormValues {
  return Object.fromEntries(
    fields.map((f) => [f.name, toFormValue(f, record ? record[f.name] : f.initial)]),
  );
}

/** Names of the fields whose form value differs from the one loaded. */
export function changedFields(
  fields: readonly FieldConfig[],
  loaded: FormValues,
  current: FormValues,
): string[] {
  const same = (a: unknown, b: unknown) =>
    Object.is(a, b) ||
    (Array.isArray(a) && Array.isArray(b) && JSON.stringify(a) === JSON.stringify(b));
  return fields
    .map((f) => f.name)
    .filter(
      (name) =>
        !same(loaded[name], current[name]) && !(loaded[name] === '' && current[name] == null),
    );
}

/** The value to store: built-in wording is stored as '' so the field keeps following it. */
export function toStoredValue(field: FieldConfig | undefined, value: unknown): unknown {
  return field?.defaultText && value === field.defaultText ? '' : value;
}
