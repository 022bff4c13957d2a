import { Pencil } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState, type CSSProperties } from 'react';
import { createPortal } from 'react-dom';
import { notify } from '../ui/toast';
import { noteChanged } from '../../stores/publish';
import { clearDraft, readDraft, writeDraft, type Draft } from './drafts';
import { DraftOffer } from './DraftOffer';
import { saveField } from './editor-api';
import { displayText, fieldLabel } from './field-key';
import { InlineEditor } from './InlineEditor';
import { signInNotice } from './notices';
import { decorate, hostOf, openBox, setText, shownText, typographyOf, type PageField } from './page-fields';

interface Editing {
  el: HTMLElement;
  box: HTMLElement;
  close: () => void;
  value: string;
  /** The stored value this edit started from (sent as `_expected`). */
  expected: string;
  saving: boolean;
  error: string | null;
  /** Another admin's stored value after a 409, until the user picks a side. */
  theirs: string | null;
  typography: CSSProperties;
}

interface Offer {
  draft: Draft;
  box: HTMLElement;
  close: () => void;
}

/** Props of one editable field: where it is shown and its stored value when edit mode started. */
export interface FieldControlProps {
  field: PageField;
  start: string;
  recordLabel?: string;
}

/** One editable text: highlight and pencil on each copy, the inline editor, saves, conflicts and drafts. */
export function FieldControl({ field, start, recordLabel }: FieldControlProps) {
  const { ref, elements, multiline } = field;
  const label = fieldLabel(ref, recordLabel);
  const [hosts, setHosts] = useState<{ host: HTMLElement; el: HTMLElement }[]>([]);
  const [editing, setEditingState] = useState<Editing | null>(null);
  const [offer, setOfferState] = useState<Offer | null>(null);
  // Refs mirror the state so async saves and DOM listeners always see the latest values.
  const stored = useRef(start);
  const editingRef = useRef<Editing | null>(null);
  const offerRef = useRef<Offer | null>(null);
  const mounted = useRef(true);

  const setEditing = (next: Editing | null) => {
    editingRef.current = next;
    if (mounted.current) setEditingState(next);
  };
  const setOffer = (next: Offer | null) => {
    offerRef.current?.close();
    offerRef.current = next;
    if (mounted.current) setOfferState(next);
  };
  const patchEditing = (change: Partial<Editing>) => {
    if (editingRef.current) setEditing({ ...editingRef.current, ...change });
  };

  /** Records a new stored value and shows it in every copy of the text. */
  const showStored = (raw: string) => {
    stored.current = raw;
    for (const el of elements) setText(el, displayText(ref, raw));
  };

  const open = (el: HTMLElement, initial?: { value: string; expected: string }) => {
    if (editingRef.current) return;
    setOffer(null);
    const typography = typographyOf(el);
    const { box, undo } = openBox(el, true);
    setEditing({
      el,
      box,
      close: undo,
      value: initial?.value ?? displayText(ref, stored.current),
      expected: initial?.expected ?? stored.current,
      saving: false,
      error: null,
      theirs: null,
      typography,
    });
  };
  // The click listeners below open the editor with the latest state, without re-attaching.
  const openFromClick = useEffectEvent(open);

  /** Closes the editor; the text shows the stored value again and the pencil gets the focus back. */
  const finish = () => {
    const cur = editingRef.current;
    if (!cur) return;
    cur.close();
    setEditing(null);
    hostOf.get(cur.el)?.querySelector('button')?.focus();
  };

  // Runs again when an island re-renders its texts: the new elements get the same treatment.
  useEffect(() => {
    mounted.current = true;
    // The page may have been built before the latest save: show what is stored now.
    const display = displayText(ref, stored.current);
    for (const el of elements) if (shownText(el) !== display.trim()) setText(el, display);
    const cur = editingRef.current;
    if (cur && !elements.includes(cur.el)) {
      cur.close(); // its text left the page; the draft stays
      setEditing(null);
    }
    const decorated = elements.map(decorate);
    // The pencil hosts are DOM nodes this effect just made (outside React): portals need them in state.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setHosts(decorated.map((d, i) => ({ host: d.host, el: elements[i]! })));
    const onClick = (e: MouseEvent) => {
      if (decorated.some((d) => d.host.contains(e.target as Node))) return;
      // Editable texts inside links: edit, do not navigate.
      e.preventDefault();
      e.stopPropagation();
      openFromClick(e.currentTarget as HTMLElement);
    };
    for (const el of elements) el.addEventListener('click', onClick);
    return () => {
      for (const el of elements) el.removeEventListener('click', onClick);
      for (const d of decorated) d.undo();
    };
  }, [elements, ref]);

  // Once per edit-mode session: offer back an edit a reload interrupted.
  useEffect(() => {
    const draft = readDraft(ref.key);
    const first = elements[0];
    if (draft && first && draft.value.trim() !== displayText(ref, stored.current).trim()) {
      const { box, undo } = openBox(first, false);
      setOffer({ draft, box, close: undo });
    } else if (draft && first) clearDraft(ref.key);
    return () => {
      mounted.current = false;
      editingRef.current?.close();
      offerRef.current?.close();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once: a draft is offered when edit mode starts, not on every island re-render
  }, []);

  const change = (value: string) => {
    const cur = editingRef.current;
    if (!cur) return;
    patchEditing({ value, error: null });
    writeDraft(ref.key, value, cur.expected);
  };

  const cancel = () => {
    clearDraft(ref.key);
    finish();
  };

  const save = async (expectedOverride?: string) => {
    const cur = editingRef.current;
    if (!cur || cur.saving) return;
    const value = cur.value.trim();
    if (!value) return; // spec §5: an empty text is never sent
    if (value === displayText(ref, stored.current).trim() && expectedOverride === undefined) {
      cancel(); // unchanged: nothing to send
      return;
    }
    const expected = expectedOverride ?? cur.expected;
    patchEditing({ saving: true, error: null, theirs: null, expected });
    const result = await saveField(ref, value, expected);
    if (result.kind === 'saved') {
      showStored(result.raw);
      clearDraft(ref.key);
      finish();
      noteChanged();
    } else if (result.kind === 'conflict') {
      // Their text is what the server holds now: a cancel from here shows it, not the old one.
      showStored(result.theirs);
      patchEditing({ saving: false, theirs: result.theirs });
    } else if (result.kind === 'invalid') {
      // The text stays in the editor (the page still shows the stored value) so it can be fixed.
      patchEditing({ saving: false, error: result.message });
      notify({ title: 'Could not save your change', description: result.message, variant: 'destructive' });
    } else {
      // Revert: the page keeps showing what the server holds; the draft survives for later.
      finish();
      if (result.status === 401) signInNotice(result.title, 'Your text is kept as a draft.');
      else if (result.status === 403) signInNotice(result.title, 'Only admins can save changes.');
      else notify({ title: result.title, description: result.description, variant: 'destructive' });
    }
  };

  const keepTheirs = () => {
    const theirs = editingRef.current?.theirs;
    if (theirs == null) return;
    showStored(theirs);
    cancel();
  };

  const overwrite = () => {
    const theirs = editingRef.current?.theirs;
    if (theirs != null) void save(theirs);
  };

  const restoreDraft = () => {
    const o = offerRef.current;
    if (!o) return;
    setOffer(null);
    open(elements[0]!, { value: o.draft.value, expected: o.draft.expected });
  };

  const discardDraft = () => {
    setOffer(null);
    clearDraft(ref.key);
  };

  return (
    <>
      {hosts.map(({ host, el }, i) =>
        createPortal(
          <button
            type="button"
            aria-label={`Edit ${label}`}
            title={`Edit ${label}`}
            onClick={(e) => {
              e.preventDefault();
              e.stopPropagation();
              open(el);
            }}
            className="inline-flex size-7 items-center justify-center rounded-full bg-brand-600 text-white shadow-md ring-2 ring-white hover:bg-brand-700"
          >
            <Pencil aria-hidden="true" className="size-3.5" />
          </button>,
          host,
          `${ref.key}:${i}`,
        ),
      )}
      {editing &&
        createPortal(
          <InlineEditor
            label={label}
            multiline={multiline}
            value={editing.value}
            saving={editing.saving}
            error={editing.error}
            theirs={editing.theirs === null ? null : displayText(ref, editing.theirs)}
            typography={editing.typography}
            onChange={change}
            onSave={() => void save()}
            onCancel={cancel}
            onKeepTheirs={keepTheirs}
            onOverwrite={overwrite}
          />,
          editing.box,
        )}
      {offer &&
        createPortal(
          <DraftOffer label={label} value={offer.draft.value} onRestore={restoreDraft} onDiscard={discardDraft} />,
          offer.box,
        )}
    </>
  );
}
