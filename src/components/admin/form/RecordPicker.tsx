import type { ReactNode } from 'react';
import { shownStatus, type Releasable } from '../../../schemas/release';
import type { ReleaseCollection, ReleaseItem } from '../../../schemas/release-bundle';
import { useFetch } from '../use-fetch';

/** A publication or event as the admin's full lists give it (drafts and scheduled ones too). */
export interface PickableRecord extends Releasable {
  id: string;
  title: string;
}

/** A pick: which record of which collection (a release's item and an issue's card alike). */
type RecordRef = ReleaseItem;

const KINDS: Record<ReleaseCollection, string> = {
  publications: 'publication',
  events: 'event',
};

const same = (a: RecordRef, b: RecordRef) => a.collection === b.collection && a.id === b.id;

/**
 * Publications and events as checkboxes under one legend, for whatever groups records (a release,
 * a newsletter issue). `offer` says which records are offered; picks stay listed whatever it says.
 */
export default function RecordPicker({
  legend,
  value,
  onChange,
  offer,
  disabled,
  empty,
  children,
}: {
  legend: string;
  value: readonly RecordRef[];
  onChange: (value: RecordRef[]) => void;
  offer: (record: PickableRecord) => boolean;
  disabled?: boolean;
  /** What shows when nothing is offered. */
  empty: string;
  /** Below the choices (a save button, say). */
  children?: ReactNode;
}) {
  const pubs = useFetch<PickableRecord[]>('/api/publications/all');
  const evs = useFetch<PickableRecord[]>('/api/events/all');
  const loaded = !!pubs.data && !!evs.data;

  const choices = (collection: ReleaseCollection, records: PickableRecord[] | null) =>
    (records ?? [])
      .filter((r) => offer(r) || value.some((v) => same(v, { collection, id: r.id })))
      .map((r) => ({
        ref: { collection, id: r.id },
        // A scheduled record whose time has come reads as published, as everywhere in the admin.
        label: `${r.title} (${KINDS[collection]}, ${shownStatus(r)})`,
      }));
  const options = [...choices('publications', pubs.data), ...choices('events', evs.data)];
  const toggle = (ref: RecordRef, on: boolean) =>
    onChange(on ? [...value, ref] : value.filter((v) => !same(v, ref)));

  return (
    <fieldset disabled={disabled} className="space-y-2">
      <legend className="font-semibold">{legend}</legend>
      {(pubs.error || evs.error) && (
        <p role="alert" className="text-red-700">
          {pubs.error || evs.error}
        </p>
      )}
      {loaded && options.length === 0 && <p className="text-ink-muted">{empty}</p>}
      {options.map((o) => (
        <label key={`${o.ref.collection}/${o.ref.id}`} className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={value.some((v) => same(v, o.ref))}
            onChange={(e) => toggle(o.ref, e.target.checked)}
          />
          {o.label}
        </label>
      ))}
      {children}
    </fieldset>
  );
}
