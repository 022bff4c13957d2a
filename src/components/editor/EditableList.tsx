import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { apiRequest, errorMessage } from '../../lib/api';
import type { HistoryEntry } from '../../schemas/history';
import { byOrder } from '../../schemas/order';
import { isProposalAck, SENT_FOR_REVIEW } from '../../schemas/proposal';
import { can } from '../../schemas/roles';
import { saveContent } from '../../stores/publish';
import { $session } from '../../stores/session';
import { notify } from '../ui/toast';
import type { ListKind } from './list-kinds';

const button =
  'inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium text-ink hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';
const input = 'w-full rounded-md border border-slate-300 px-2 py-1';

interface Item {
  id: string;
  order?: number | null;
  createdAt?: string;
  [field: string]: unknown;
}

/** The list as stored now (never from a cache), in its order. */
const freshItems = async (collection: string): Promise<Item[]> => {
  const res = await fetch(`/api/${collection}`, { credentials: 'include', cache: 'no-store' });
  if (!res.ok) throw new Error(`${res.status}`);
  return ((await res.json()) as Item[]).slice().sort(byOrder);
};

/**
 * The History entry a change of ours just made: the newest of its target and kind. Undo restores
 * it, as the History page does (a run of moves by one person is one entry, undone together).
 */
async function entryOf(target: string, action: string): Promise<HistoryEntry | null> {
  const recent = await apiRequest<HistoryEntry[]>('GET', '/api/admin/history?limit=10');
  return recent.find((e) => e.target === target && e.action === action) ?? null;
}

/** What the last step left to say: done (with the entry that undoes it) or sent for review. */
type Last = { what: string; entry: HistoryEntry } | { what: string; proposed: true };

/**
 * One of the page's lists in place (the stats, the research areas, the team): add an item, move
 * one up or down, remove one, and undo the last of these, each saved at once through the same API
 * as its admin page and recorded in History, which the undo restores from; the page rebuilds after
 * each. A save that must wait for review (a contributor's, or any under the two-person rule)
 * answers 202 and changes nothing yet: it says so and offers no undo. Moving needs a reviewer's
 * role, so those who cannot move are not offered it.
 */
export function EditableList({ kind }: { kind: ListKind }) {
  const id = useId();
  const session = useStore($session);
  const canMove = session.status === 'signed-in' && can(session.user.role, 'content');
  const [host, setHost] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Item[] | null>(null);
  const [busy, setBusy] = useState(false);
  const empty = () => Object.fromEntries(kind.fields.map((f) => [f.name, '']));
  const [draft, setDraft] = useState<Record<string, string>>(empty);
  const [last, setLast] = useState<Last | null>(null);

  useEffect(() => {
    const section = kind.hosts
      .map((selector) => document.querySelector<HTMLElement>(selector))
      .find(Boolean);
    if (!section) return;
    const node = document.createElement('div');
    node.setAttribute('data-edit-list-host', kind.collection);
    node.className = 'mt-8 font-sans';
    section.append(node);
    const frame = requestAnimationFrame(() => setHost(node));
    return () => {
      cancelAnimationFrame(frame);
      node.remove();
    };
  }, [kind]);

  const run = async (
    what: string,
    work: () => Promise<unknown>,
    /** The History entry the change makes, to undo it by (known once it is made). */
    undo?: () => { target: string; action: string },
  ) => {
    setBusy(true);
    try {
      const answer = await work();
      if (isProposalAck(answer)) {
        setLast({ what: SENT_FOR_REVIEW, proposed: true });
        notify({ title: 'Sent for review', description: SENT_FOR_REVIEW });
        return true;
      }
      setItems(await freshItems(kind.collection));
      const made = undo?.();
      const entry = made ? await entryOf(made.target, made.action) : null;
      setLast(entry ? { entry, what } : null);
      notify({ title: what, description: 'The page is being rebuilt.' });
      return true;
    } catch (failure) {
      notify({
        title: 'Not saved',
        description: errorMessage(
          failure,
          `The ${kind.plural} could not be changed. Please try again.`,
        ),
        variant: 'destructive',
      });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const toggle = async () => {
    if (!open && !items) {
      try {
        setItems(await freshItems(kind.collection));
      } catch {
        notify({ title: `Could not load the ${kind.plural}`, variant: 'destructive' });
        return;
      }
    }
    setOpen(!open);
  };

  const move = (index: number, by: -1 | 1) => {
    const ids = items!.map((s) => s.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    return run(
      `${kind.Noun} moved`,
      () => saveContent('PUT', `/api/${kind.collection}/order`, { ids }),
      () => ({ target: kind.collection, action: 'reorder' }),
    );
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    let made: unknown;
    const ok = await run(
      `${kind.Noun} added`,
      async () => {
        made = await saveContent(
          'POST',
          `/api/${kind.collection}`,
          Object.fromEntries(kind.fields.map((f) => [f.name, draft[f.name]!.trim()])),
        );
        return made;
      },
      () => ({ target: `${kind.collection}/${(made as Item).id}`, action: 'create' }),
    );
    if (ok) setDraft(empty());
  };

  const remove = (item: Item) =>
    run(
      `${kind.Noun} removed`,
      () => saveContent('DELETE', `/api/${kind.collection}/${encodeURIComponent(item.id)}`),
      () => ({ target: `${kind.collection}/${item.id}`, action: 'delete' }),
    );

  const undo = (entry: HistoryEntry, what: string) =>
    run(`Undone: ${what.toLowerCase()}`, () =>
      saveContent('POST', `/api/admin/history/${encodeURIComponent(entry.id)}/restore`),
    );

  if (!host) return null;
  return createPortal(
    <div
      className="rounded-xl bg-white p-4 text-ink shadow-lg"
      data-testid={`edit-list-${kind.collection}`}
    >
      <button
        type="button"
        className={button}
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => void toggle()}
      >
        {open ? `Close ${kind.plural} editor` : `Edit ${kind.plural}`}
      </button>
      {open && items && (
        <div id={`${id}-panel`} className="mt-3 space-y-3">
          <ol className="space-y-2" aria-label={`${kind.Plural} in order`}>
            {items.map((item, index) => {
              const name = kind.name(item);
              return (
                <li
                  key={item.id}
                  className="flex flex-wrap items-center gap-2 rounded-md border border-slate-200 p-2"
                  data-testid="edit-list-item"
                >
                  <span className="min-w-40 flex-1 text-sm">
                    {kind.lead && <strong>{kind.lead(item)}</strong>} {name}
                  </span>
                  {canMove && (
                    <>
                      <button
                        type="button"
                        className={button}
                        disabled={busy || index === 0}
                        aria-label={`Move up: ${name}`}
                        onClick={() => void move(index, -1)}
                      >
                        Up
                      </button>
                      <button
                        type="button"
                        className={button}
                        disabled={busy || index === items.length - 1}
                        aria-label={`Move down: ${name}`}
                        onClick={() => void move(index, 1)}
                      >
                        Down
                      </button>
                    </>
                  )}
                  <button
                    type="button"
                    className={button}
                    disabled={busy}
                    aria-label={`Remove: ${name}`}
                    onClick={() => void remove(item)}
                  >
                    Remove
                  </button>
                </li>
              );
            })}
          </ol>
          <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void add(e)}>
            {kind.fields.map((field) => (
              <label key={field.name} className={`text-sm ${field.wide ? 'flex-1' : 'w-28'}`}>
                <span className="block font-medium">{field.label}</span>
                <input
                  className={input}
                  value={draft[field.name]}
                  maxLength={field.maxLength}
                  required
                  onChange={(e) => setDraft({ ...draft, [field.name]: e.target.value })}
                />
              </label>
            ))}
            <button type="submit" className={button} disabled={busy}>
              Add {kind.noun}
            </button>
          </form>
          {last && (
            <p className="flex items-center gap-2 text-sm" role="status">
              {last.what}.
              {'entry' in last && (
                <button
                  type="button"
                  className={button}
                  disabled={busy}
                  onClick={() => void undo(last.entry, last.what)}
                >
                  Undo
                </button>
              )}
            </p>
          )}
        </div>
      )}
    </div>,
    host,
  );
}
