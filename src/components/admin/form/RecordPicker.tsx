import { useEffect, useState, type ReactNode } from 'react';
import { shownStatus, type Releasable } from '../../../schemas/release';
import type { ReleaseCollection, ReleaseItem } from '../../../schemas/release-bundle';
import { ui } from '../../ui/styles';
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

/** Records of each collection offered at once: the first matches, in the collection's order. */
const SHOWN = 50;

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
  // The admin lists page on the server: the first matches of a search, by title.
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const query = `?pageSize=${SHOWN}&q=${encodeURIComponent(q)}`;
  const pubs = useFetch<{ items: PickableRecord[] }>(`/api/publications/all${query}`);
  const evs = useFetch<{ items: PickableRecord[] }>(`/api/events/all${query}`);
  const loaded = !!pubs.data && !!evs.data;
  // Picks stay listed while another search shows other records: each record once seen is kept
  // (brought up to date as pages arrive, during render, as React allows for derived state).
  const [seen, setSeen] = useState({
    from: [] as unknown[],
    records: new Map<string, PickableRecord>(),
  });
  if (seen.from[0] !== pubs.data || seen.from[1] !== evs.data) {
    const records = new Map(seen.records);
    for (const [collection, page] of [
      ['publications', pubs.data],
      ['events', evs.data],
    ] as const)
      for (const r of page?.items ?? []) records.set(`${collection}/${r.id}`, r);
    setSeen({ from: [pubs.data, evs.data], records });
  }
  const found = (collection: ReleaseCollection, page: { items: PickableRecord[] } | null) => {
    const picked = value.flatMap((v) =>
      v.collection === collection && !page?.items.some((r) => r.id === v.id)
        ? (seen.records.get(`${collection}/${v.id}`) ?? [])
        : [],
    );
    return [...picked, ...(page?.items ?? [])];
  };

  const choices = (collection: ReleaseCollection, records: PickableRecord[]) =>
    records
      .filter((r) => offer(r) || value.some((v) => same(v, { collection, id: r.id })))
      .map((r) => ({
        ref: { collection, id: r.id },
        // A scheduled record whose time has come reads as published, as everywhere in the admin.
        label: `${r.title} (${KINDS[collection]}, ${shownStatus(r)})`,
      }));
  const options = [
    ...choices('publications', found('publications', pubs.data)),
    ...choices('events', found('events', evs.data)),
  ];
  const toggle = (ref: RecordRef, on: boolean) =>
    onChange(on ? [...value, ref] : value.filter((v) => !same(v, ref)));

  return (
    <fieldset disabled={disabled} className="space-y-2">
      <legend className="font-semibold">{legend}</legend>
      <label className="block max-w-sm text-sm">
        <span className="mb-1 block">Find publications and events</span>
        <input
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder="Words of the title"
          className={ui.input}
        />
      </label>
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
