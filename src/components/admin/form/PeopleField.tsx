import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import X from 'lucide-react/icons/x';
import { useState } from 'react';
import type { PersonRef } from '../../../schemas/people';
import Button from '../../ui/Button';
import { cx, ui } from '../../ui/styles';
import { useLibraryOptions } from './library-options';

interface PeopleFieldProps {
  id: string;
  /** 'Authors' or 'Speakers': names the list and its controls. */
  label: string;
  value: PersonRef[];
  onChange: (value: PersonRef[]) => void;
  invalid?: boolean;
  describedBy?: string;
}

/** Whole names compared loosely, so a typed name that is already on the team is pointed out. */
const loose = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * An ordered list of authors or speakers: team members (and the founder) picked from a list,
 * outside names typed in. Each can move up or down or be removed; the order is the credit order.
 */
export default function PeopleField({
  id,
  label,
  value,
  onChange,
  invalid,
  describedBy,
}: PeopleFieldProps) {
  const { options, error } = useLibraryOptions();
  const [pick, setPick] = useState('');
  const [name, setName] = useState('');
  const people = options?.people ?? [];
  const labelOf = (ref: PersonRef) =>
    'member' in ref
      ? (people.find((p) => p.id === ref.member)?.label ?? ref.name ?? 'Former team member')
      : ref.name;
  const chosen = new Set(value.flatMap((r) => ('member' in r ? [r.member] : [])));
  const one = label.replace(/s$/, '').toLowerCase();

  const move = (from: number, to: number) => {
    const next = value.slice();
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };
  const addMember = () => {
    const person = people.find((p) => p.id === pick);
    if (!person) return;
    onChange([...value, { member: person.id, name: person.label.replace(/ \(founder\)$/, '') }]);
    setPick('');
  };
  const addName = () => {
    const typed = name.trim();
    if (!typed) return;
    onChange([...value, { name: typed }]);
    setName('');
  };

  return (
    <div className="space-y-3">
      {value.length > 0 ? (
        <ol
          className="divide-y divide-slate-200 rounded-md border border-slate-200"
          aria-label={label}
          data-testid={`${id}-list`}
        >
          {value.map((ref, n) => {
            const member = 'member' in ref;
            const twin =
              !member &&
              people.find((p) => loose(p.label.replace(/ \(founder\)$/, '')) === loose(ref.name));
            return (
              <li
                key={`${n}-${member ? ref.member : ref.name}`}
                className="flex items-center gap-2 px-3 py-2 text-sm"
              >
                <span className="w-5 text-ink-soft">{n + 1}.</span>
                <span className="min-w-0 flex-1 truncate text-ink">
                  {labelOf(ref)}
                  <span className="ml-2 text-xs text-ink-soft">
                    {member
                      ? 'team'
                      : twin
                        ? `outside name, links to ${twin.label}'s page`
                        : 'outside'}
                  </span>
                </span>
                <button
                  type="button"
                  className={ui.icon}
                  onClick={() => move(n, n - 1)}
                  disabled={n === 0}
                  aria-label={`Move ${labelOf(ref)} up`}
                >
                  <ArrowUp className="size-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={ui.icon}
                  onClick={() => move(n, n + 1)}
                  disabled={n === value.length - 1}
                  aria-label={`Move ${labelOf(ref)} down`}
                >
                  <ArrowDown className="size-4" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className={ui.icon}
                  onClick={() => onChange(value.filter((_, i) => i !== n))}
                  aria-label={`Remove ${labelOf(ref)}`}
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-sm text-ink-soft">No {label.toLowerCase()} yet.</p>
      )}
      <div className="flex gap-2">
        <select
          id={id}
          value={pick}
          onChange={(e) => setPick(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cx(ui.input, 'flex-1')}
          disabled={!options}
        >
          <option value="">
            {options
              ? `Choose a team member…`
              : error
                ? 'Team list could not load'
                : 'Loading team…'}
          </option>
          {people
            .filter((p) => !chosen.has(p.id))
            .map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
        </select>
        <Button variant="secondary" onClick={addMember} disabled={!pick}>
          Add<span className="sr-only"> team member as {one}</span>
        </Button>
      </div>
      <div className="flex gap-2">
        <input
          type="text"
          value={name}
          onChange={(e) => setName(e.target.value)}
          // Enter adds the name instead of submitting the whole form.
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addName();
            }
          }}
          aria-label={`Outside ${one}'s name`}
          placeholder={`Outside ${one}: full name`}
          maxLength={500}
          className={cx(ui.input, 'flex-1')}
        />
        <Button variant="secondary" onClick={addName} disabled={!name.trim()}>
          Add<span className="sr-only"> outside {one}</span>
        </Button>
      </div>
    </div>
  );
}
