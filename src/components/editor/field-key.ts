import {
  settingText,
  SETTINGS_DEFAULTS,
  type SettingsTextKey,
} from '../../schemas/site-settings-defaults';

/** Where an editable text is stored, parsed from a `data-edit` attribute. */
export type FieldRef =
  | { kind: 'settings'; key: string; field: SettingsTextKey }
  | { kind: 'research-areas' | 'team-members'; key: string; id: string; field: string };

// Only the texts the home page shows may be edited in place; anything else is ignored so a
// typo in the markup can never PATCH an arbitrary field.
const RECORD_FIELDS = {
  'research-areas': ['title', 'description'],
  'team-members': ['name', 'position', 'bio'],
} as const;

const ENTITY_LABEL = { 'research-areas': 'research area', 'team-members': 'team member' } as const;

/** Parses `settings.<field>`, `research-areas.<id>.<field>` or `team-members.<id>.<field>`; null if unknown. */
export function parseFieldKey(key: string | null | undefined): FieldRef | null {
  if (!key) return null;
  const parts = key.split('.');
  if (parts[0] === 'settings' && parts.length === 2) {
    const field = parts[1]!;
    return Object.hasOwn(SETTINGS_DEFAULTS, field)
      ? { kind: 'settings', key, field: field as SettingsTextKey }
      : null;
  }
  if ((parts[0] === 'research-areas' || parts[0] === 'team-members') && parts.length === 3) {
    const kind = parts[0];
    const [, id, field] = parts as [string, string, string];
    const allowed: readonly string[] = RECORD_FIELDS[kind];
    return id && allowed.includes(field) ? { kind, key, id, field } : null;
  }
  return null;
}

/** The PATCH address that saves this field. */
export const patchUrl = (ref: FieldRef): string =>
  ref.kind === 'settings' ? '/api/site-settings' : `/api/${ref.kind}/${encodeURIComponent(ref.id)}`;

/** What the page shows for a stored value: empty settings texts fall back to the built-in wording. */
export const displayText = (ref: FieldRef, raw: string): string =>
  ref.kind === 'settings' ? settingText({ [ref.field]: raw }, ref.field) : raw;

/** The built-in wording a settings text falls back to (null for record fields and texts without one). */
export const builtInText = (ref: FieldRef): string | null =>
  (ref.kind === 'settings' && SETTINGS_DEFAULTS[ref.field]) || null;

/** The value to store: the built-in wording is stored as '' so the text keeps following it. */
export const storedValue = (ref: FieldRef, value: string): string =>
  value === builtInText(ref) ? '' : value;

/** camelCase -> words: heroAuthority1 -> 'hero authority 1'. */
const words = (name: string) =>
  name
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([0-9])([A-Za-z])/g, '$1 $2')
    .toLowerCase();

/** A human name for the field, e.g. 'hero title' or 'research area title: Safe deployment'. */
export function fieldLabel(ref: FieldRef, recordLabel?: string): string {
  if (ref.kind === 'settings') return words(ref.field);
  const base = `${ENTITY_LABEL[ref.kind]} ${words(ref.field)}`;
  return recordLabel ? `${base}: ${recordLabel}` : base;
}
