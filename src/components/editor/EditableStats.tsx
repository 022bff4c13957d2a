import { useEffect, useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { apiRequest, errorMessage } from '../../lib/api';
import type { HistoryEntry } from '../../schemas/history';
import type { Stat } from '../../schemas/stat';
import { saveContent } from '../../stores/publish';
import { notify } from '../ui/toast';

const button =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium text-ink hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

/** The stats as stored now (never from a cache), in their order. */
const freshStats = async (): Promise<Stat[]> => {
  const res = await fetch('/api/stats', { credentials: 'include', cache: 'no-store' });
  if (!res.ok) throw new Error(`${res.status}`);
  return ((await res.json()) as Stat[]).slice().sort((a, b) => a.order - b.order);
};

/**
 * The History entry a change of ours just made: the newest of its target and kind. Undo restores
 * it, as the History page does (a run of moves by one person is one entry, undone together).
 */
async function entryOf(target: string, action: string): Promise<HistoryEntry | null> {
  const recent = await apiRequest<HistoryEntry[]>('GET', '/api/admin/history?limit=10');
  return recent.find((e) => e.target === target && e.action === action) ?? null;
}

/**
 * The impact stats in place: add one, move one up or down, remove one, and undo the last of
 * these, each saved at once (and recorded in History, which the undo restores from) like the
 * Stats admin page; the page rebuilds after each.
 */
export function EditableStats() {
  const id = useId();
  const [host, setHost] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const [stats, setStats] = useState<Stat[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState({ value: '', label: '' });
  const [last, setLast] = useState<{ entry: HistoryEntry; what: string } | null>(null);

  useEffect(() => {
    const section = document.querySelector<HTMLElement>('#impact .container-page');
    if (!section) return;
    const node = document.createElement('div');
    node.setAttribute('data-edit-stats-host', '');
    node.className = 'mt-8 font-sans';
    section.append(node);
    const frame = requestAnimationFrame(() => setHost(node));
    return () => {
      cancelAnimationFrame(frame);
      node.remove();
    };
  }, []);

  const run = async (
    what: string,
    work: () => Promise<unknown>,
    /** The History entry the change makes, to undo it by (known once it is made). */
    undo?: () => { target: string; action: string },
  ) => {
    setBusy(true);
    try {
      await work();
      setStats(await freshStats());
      const made = undo?.();
      const entry = made ? await entryOf(made.target, made.action) : null;
      setLast(entry ? { entry, what } : null);
      notify({ title: what, description: 'The page is being rebuilt.' });
      return true;
    } catch (failure) {
      notify({
        title: 'Not saved',
        description: errorMessage(failure, 'The stats could not be changed. Please try again.'),
        variant: 'destructive',
      });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const toggle = async () => {
    if (!open && !stats) {
      try {
        setStats(await freshStats());
      } catch {
        notify({ title: 'Could not load the stats', variant: 'destructive' });
        return;
      }
    }
    setOpen(!open);
  };

  const move = (index: number, by: -1 | 1) => {
    const ids = stats!.map((s) => s.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    return run(
      'Stat moved',
      () => saveContent('PUT', '/api/stats/order', { ids }),
      () => ({ target: 'stats', action: 'reorder' }),
    );
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    let made: Stat | undefined;
    const ok = await run(
      'Stat added',
      async () => {
        made = await saveContent<Stat>('POST', '/api/stats', {
          value: draft.value.trim(),
          label: draft.label.trim(),
        });
      },
      () => ({ target: `stats/${made!.id}`, action: 'create' }),
    );
    if (ok) setDraft({ value: '', label: '' });
  };

  const undo = () =>
    last &&
    run(`Undone: ${last.what.toLowerCase()}`, () =>
      saveContent('POST', `/api/admin/history/${encodeURIComponent(last.entry.id)}/restore`),
    );

  if (!host) return null;
  return createPortal(
    <div className="rounded-xl bg-white p-4 text-ink shadow-lg" data-testid="edit-stats">
      <button
        type="button"
        className={button}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => void toggle()}
      >
        {open ? 'Close stats editor' : 'Edit stats'}
      </button>
      {open && stats && (
        <div id={`${id}-panel`} className="mt-3 space-y-3">
          <ol className="space-y-2" aria-label="Stats in order">
            {stats.map((stat, index) => (
              <li
                key={stat.id}
                className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 p-2"
                data-testid="edit-stat"
              >
                <span className="min-w-40 flex-1 text-sm">
                  <strong>{stat.value}</strong> {stat.label}
                </span>
                <button
                  type="button"
                  className={button}
                  disabled={busy || index === 0}
                  aria-label={`Move up: ${stat.label}`}
                  onClick={() => void move(index, -1)}
                >
                  Up
                </button>
                <button
                  type="button"
                  className={button}
                  disabled={busy || index === stats.length - 1}
                  aria-label={`Move down: ${stat.label}`}
                  onClick={() => void move(index, 1)}
                >
                  Down
                </button>
                <button
                  type="button"
                  className={button}
                  disabled={busy}
                  aria-label={`Remove: ${stat.label}`}
                  onClick={() =>
                    void run(
                      'Stat removed',
                      () => saveContent('DELETE', `/api/stats/${encodeURIComponent(stat.id)}`),
                      () => ({ target: `stats/${stat.id}`, action: 'delete' }),
                    )
                  }
                >
                  Remove
                </button>
              </li>
            ))}
          </ol>
          <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void add(e)}>
            <label className="text-sm">
              <span className="block font-medium">Value</span>
              <input
                className="w-28 rounded-md border border-slate-300 px-2 py-1"
                value={draft.value}
                maxLength={40}
                required
                onChange={(e) => setDraft({ ...draft, value: e.target.value })}
              />
            </label>
            <label className="flex-1 text-sm">
              <span className="block font-medium">Label</span>
              <input
                className="w-full rounded-md border border-slate-300 px-2 py-1"
                value={draft.label}
                maxLength={120}
                required
                onChange={(e) => setDraft({ ...draft, label: e.target.value })}
              />
            </label>
            <button type="submit" className={button} disabled={busy}>
              Add stat
            </button>
          </form>
          {last && (
            <p className="flex items-center gap-2 text-sm" role="status">
              {last.what}.
              <button type="button" className={button} disabled={busy} onClick={() => void undo()}>
                Undo
              </button>
            </p>
          )}
        </div>
      )}
    </div>,
    host,
  );
}
