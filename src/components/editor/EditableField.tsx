import { useStore } from '@nanostores/react';
import Pencil from 'lucide-react/icons/pencil';
import { useEffect, useEffectEvent, useRef, useState, type CSSProperties } from 'react';
import { $session } from '../../stores/session';
import type { FieldProposal } from './editor-api';
import { createPortal } from 'react-dom';
import { clearDraft, readDraft, type Draft } from './drafts';
import { DraftOffer } from './DraftOffer';
import { builtInText, displayText, fieldLabel } from './field-key';
import { InlineEditor } from './InlineEditor';
import { ProposalBadge } from './ProposalBadge';
import {
  decorate,
  hostOf,
  openBox,
  setText,
  shownText,
  typographyOf,
  type PageField,
} from './page-fields';
import { useFieldEdit } from './use-field-edit';

/** Where the editor is open: the text it replaces, the box it renders in, and its look. */
interface Surface {
  el: HTMLElement;
  box: HTMLElement;
  close: () => void;
  typography: CSSProperties;
}

interface Offer {
  draft: Draft;
  box: HTMLElement;
  close: () => void;
}

/** Props of one editable field: where it is shown and its stored value when edit mode started. */
export interface EditableFieldProps {
  field: PageField;
  start: string;
  recordLabel?: string;
  /** The open proposal on this text, if any (a contributor sees only their own). */
  proposal?: FieldProposal;
}

/**
 * One editable text on the page: highlight and pencil on each copy, the inline editor while
 * editing, and the offer of a draft a reload interrupted. The edit itself (saves, conflicts,
 * drafts) is use-field-edit.ts.
 */
export function EditableField({
  field,
  start,
  recordLabel,
  proposal: initial,
}: EditableFieldProps) {
  const { ref, elements, multiline } = field;
  const label = fieldLabel(ref, recordLabel);
  const session = useStore($session);
  const me = session.status === 'signed-in' ? session.user.username.toLowerCase() : '';
  const [proposal, setProposal] = useState<FieldProposal | null>(initial ?? null);
  const mine = !!proposal && proposal.author.toLowerCase() === me;
  // The save reads these when it runs, after any render.
  const proposalRef = useRef(proposal);
  const mineRef = useRef(mine);
  useEffect(() => {
    proposalRef.current = proposal;
    mineRef.current = mine;
  }, [proposal, mine]);
  const [hosts, setHosts] = useState<{ host: HTMLElement; el: HTMLElement }[]>([]);
  const [offer, setOfferState] = useState<Offer | null>(null);
  const offerRef = useRef<Offer | null>(null);
  const setOffer = (next: Offer | null) => {
    offerRef.current?.close();
    offerRef.current = next;
    setOfferState(next);
  };

  const edit = useFieldEdit<Surface>(
    ref,
    start,
    // A new stored value shows in every copy of the text.
    (raw) => {
      for (const el of elements) setText(el, displayText(ref, raw));
    },
    // The pencil gets the focus back.
    (surface) => hostOf.get(surface.el)?.querySelector('button')?.focus(),
    // A contributor's save: the text shows their proposal, marked as awaiting review.
    (id, raw) =>
      setProposal({
        id,
        value: raw,
        author: me,
        status: 'pending',
        comment: '',
      }),
    () => (mineRef.current ? proposalRef.current?.id : undefined),
  );
  const { state } = edit;

  // Its author sees their proposed text where it will appear; everyone else the stored one.
  useEffect(() => {
    if (mine && state.phase === 'idle')
      for (const el of elements) setText(el, displayText(ref, proposal.value));
  }, [mine, proposal, elements, ref, state.phase]);

  const open = (el: HTMLElement, draft?: { value: string; expected: string }) => {
    if (state.phase !== 'idle') return;
    setOffer(null);
    const typography = typographyOf(el);
    const { box, undo } = openBox(el, true);
    // Its author edits their proposed text, which is what the page shows them.
    const start =
      draft ??
      (mine && proposal
        ? { value: displayText(ref, proposal.value), expected: state.stored }
        : undefined);
    if (!edit.open({ el, box, close: undo, typography }, start)) undo();
  };
  // The click listeners below open the editor with the latest state, without re-attaching.
  const openFromClick = useEffectEvent(open);
  const dropIfGone = useEffectEvent(() => {
    if (state.phase !== 'idle' && !elements.includes(state.surface.el)) edit.drop();
  });

  // Runs again when an island re-renders its texts: the new elements get the same treatment.
  useEffect(() => {
    // The page may have been built before the latest save: show what is stored now.
    const display = edit.shownStored();
    for (const el of elements) if (shownText(el) !== display.trim()) setText(el, display);
    dropIfGone(); // its text left the page; the draft stays
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- edit.shownStored reads the latest stored value
  }, [elements, ref]);

  // Once per edit-mode session: offer back an edit a reload interrupted.
  const closeAll = useEffectEvent(() => {
    edit.drop();
    offerRef.current?.close();
  });
  useEffect(() => {
    const draft = readDraft(ref.key);
    const first = elements[0];
    if (draft && first && draft.value.trim() !== edit.shownStored().trim()) {
      const { box, undo } = openBox(first, false);
      offerRef.current = { draft, box, close: undo };
      setOfferState(offerRef.current);
    } else if (draft && first) clearDraft(ref.key);
    return () => closeAll();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once: a draft is offered when edit mode starts, not on every island re-render
  }, []);

  return (
    <>
      {hosts.map(({ host, el }, i) =>
        createPortal(
          <>
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
            </button>
            {proposal && (
              <ProposalBadge
                label={label}
                proposal={proposal}
                mine={mine}
                shown={displayText(ref, proposal.value)}
                onDecided={(approved) => {
                  setProposal(null);
                  if (approved === null) return;
                  edit.setStored(approved);
                  for (const copy of elements) setText(copy, displayText(ref, approved));
                }}
              />
            )}
          </>,
          host,
          `${ref.key}:${i}`,
        ),
      )}
      {state.phase !== 'idle' &&
        createPortal(
          <InlineEditor
            label={label}
            multiline={multiline}
            value={state.value}
            saving={state.phase === 'saving'}
            error={state.phase === 'editing' ? state.error : null}
            theirs={state.phase === 'conflict' ? displayText(ref, state.theirs) : null}
            typography={state.surface.typography}
            defaultText={builtInText(ref)}
            onChange={edit.change}
            onSave={edit.save}
            onCancel={edit.cancel}
            onKeepTheirs={edit.keepTheirs}
            onOverwrite={edit.overwrite}
          />,
          state.surface.box,
        )}
      {offer &&
        createPortal(
          <DraftOffer
            label={label}
            value={offer.draft.value}
            onRestore={() => {
              setOffer(null);
              open(elements[0]!, { value: offer.draft.value, expected: offer.draft.expected });
            }}
            onDiscard={() => {
              setOffer(null);
              clearDraft(ref.key);
            }}
          />,
          offer.box,
        )}
    </>
  );
}
