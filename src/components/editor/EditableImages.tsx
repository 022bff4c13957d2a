import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { ApiError, errorMessage } from '../../lib/api';
import { objectPosition } from '../../schemas/image-focus';
import { isProposalAck, SENT_FOR_REVIEW } from '../../schemas/proposal';
import { saveContent } from '../../stores/publish';
import { $session } from '../../stores/session';
import { notify } from '../ui/toast';
import type { Picked } from '../admin/media/MediaPicker';
import type { FieldProposal, ProposalTarget } from './editor-api';
import { ProposalBadge } from './ProposalBadge';

// The picker is fetched when an editor first changes an image, not with the editor.
const MediaPicker = lazy(() => import('../admin/media/MediaPicker'));

/** Where an editable image is stored, parsed from `data-edit-image`. */
interface ImageRef extends ProposalTarget {
  /** The PATCH address that saves it. */
  url: string;
  /** The record's alt text field, when this image has one (portraits are described by name). */
  altField?: string;
  label: string;
}

// Only these images may be changed in place: a typo in the markup can never PATCH another field.
const IMAGE_FIELDS = {
  'team-members': { field: 'image', label: 'team member photo' },
  'research-areas': { field: 'image', altField: 'imageAlt', label: 'research area image' },
} as const;

/** Parses `team-members.<id>.image`, `research-areas.<id>.image` or `settings.founderImage`; null if unknown. */
export function parseImageKey(key: string | undefined): ImageRef | null {
  if (key === 'settings.founderImage')
    return {
      key,
      kind: 'settings',
      url: '/api/site-settings',
      field: 'founderImage',
      label: 'founder photo',
    };
  const [kind = '', id, field, ...rest] = (key ?? '').split('.');
  if (!Object.hasOwn(IMAGE_FIELDS, kind)) return null;
  const known = IMAGE_FIELDS[kind as keyof typeof IMAGE_FIELDS];
  if (!id || field !== known.field || rest.length) return null;
  return {
    key: key!,
    kind: kind as keyof typeof IMAGE_FIELDS,
    id,
    url: `/api/${kind}/${encodeURIComponent(id)}`,
    ...known,
  };
}

/** The page's editable images, for the editor to ask which of them have an open proposal. */
export const pageImageTargets = (): ImageRef[] =>
  [...document.querySelectorAll<HTMLElement>('[data-edit-image]')]
    .map((img) => parseImageKey(img.dataset.editImage))
    .filter((ref): ref is ImageRef => !!ref);

interface Found {
  ref: ImageRef;
  /** The picture, or what stands in for a missing one (a team member's monogram). */
  img: HTMLElement;
  host: HTMLElement;
}

/** Every `[data-edit-image]` picture of the page, each with a host for its button over it. */
function scan(): Found[] {
  const found: Found[] = [];
  for (const img of document.querySelectorAll<HTMLElement>('[data-edit-image]')) {
    const ref = parseImageKey(img.dataset.editImage);
    // A <picture> holds only its sources and the image: the button goes on the box around it.
    const box = img.closest('picture')?.parentElement ?? img.parentElement;
    if (!ref || !box) continue;
    let host = box.querySelector<HTMLElement>(':scope > [data-edit-image-host]');
    if (!host) {
      host = document.createElement('div');
      host.setAttribute('data-edit-image-host', '');
      host.className = 'absolute right-3 bottom-3 z-10 font-sans';
      if (getComputedStyle(box).position === 'static') box.style.position = 'relative';
      box.append(host);
    }
    found.push({ ref, img, host });
  }
  return found;
}

/** Reads the stored record (never from a cache): the save's `_expected` is what it holds now. */
async function stored(ref: ImageRef): Promise<Record<string, unknown>> {
  const res = await fetch(ref.url, { credentials: 'include', cache: 'no-store' });
  if (!res.ok) throw new ApiError(res.status, `${res.status}: ${res.statusText}`, null);
  return (await res.json()) as Record<string, unknown>;
}

/** The <source> elements of the <picture> around an image (the founder's photo has one). */
const sourcesOf = (img: HTMLElement): HTMLSourceElement[] => [
  ...(img.closest('picture')?.querySelectorAll('source') ?? []),
];

/** Shows `url` in the page's picture at once, cropped at its focal point: the real crop, before the rebuild. */
function showOnPage(img: HTMLElement, url: string, focus: { focalX: number; focalY: number }) {
  // A monogram has no picture to swap: the rebuilt page shows the photo.
  if (!(img instanceof HTMLImageElement)) return;
  // A <source> without a srcset is passed over, so the <img> itself shows.
  for (const source of sourcesOf(img)) source.removeAttribute('srcset');
  img.removeAttribute('srcset');
  img.src = url;
  img.style.objectPosition = objectPosition(focus);
}

/**
 * "Change image" on each editable picture of the page: it opens the one picker, previews the
 * focal point on the page's own crop while it moves, and saves like a text does (the value the
 * editor started from as `_expected`, so someone else's change is a conflict, not overwritten),
 * after which the site rebuilds. A save that must wait for review (202) changes nothing yet: the
 * page's picture goes back and the image is marked "Awaiting review", as it is on every later
 * visit while its author's proposal is open (`proposals`, read with the texts' own).
 */
export function EditableImages({
  version,
  proposals,
}: {
  version: unknown;
  /** The open proposals on the page's fields, by key (images among them). */
  proposals: ReadonlyMap<string, FieldProposal>;
}) {
  const [found, setFound] = useState<Found[]>([]);
  const [open, setOpen] = useState<{
    at: Found;
    start: Record<string, unknown>;
    /** The picture as it was, put back when the picker closes without a save. */
    undo: () => void;
  } | null>(null);
  const session = useStore($session);
  const me = session.status === 'signed-in' ? session.user.username : '';
  /** Each image's open proposal, by key: as loaded, and each change sent for review since. */
  const [awaiting, setAwaiting] = useState<ReadonlyMap<string, FieldProposal>>(proposals);
  /** Only its author is told their change awaits review (a reviewer decides on Admin → Proposals). */
  const mine = (key: string) => awaiting.get(key)?.author.toLowerCase() === me.toLowerCase();
  // A new scan whenever the page's fields change (islands re-render their pictures too).
  useEffect(() => {
    const frame = requestAnimationFrame(() => setFound(scan()));
    return () => cancelAnimationFrame(frame);
  }, [version]);
  useEffect(
    () => () => {
      for (const host of document.querySelectorAll('[data-edit-image-host]')) host.remove();
    },
    [],
  );

  const begin = async (at: Found) => {
    try {
      const { img } = at;
      const was = {
        src: img.getAttribute('src') ?? '',
        srcset: img.getAttribute('srcset'),
        position: img.style.objectPosition,
        sources: sourcesOf(img).map((source) => [source, source.getAttribute('srcset')] as const),
      };
      const undo = () => {
        if (was.src) img.setAttribute('src', was.src);
        if (was.srcset !== null) img.setAttribute('srcset', was.srcset);
        img.style.objectPosition = was.position;
        for (const [source, srcset] of was.sources)
          if (srcset) source.setAttribute('srcset', srcset);
      };
      setOpen({ at, start: await stored(at.ref), undo });
    } catch (failure) {
      notify({
        title: 'Could not load the current image',
        description: errorMessage(failure, 'Reload the page to try again.'),
        variant: 'destructive',
      });
    }
  };

  const save = async ({ url, alt, asset }: Picked) => {
    if (!open) return;
    const { ref, img } = open.at;
    const before = String(open.start[ref.field] ?? '');
    const body: Record<string, unknown> = {
      [ref.field]: url,
      _expected: { [ref.field]: before },
    };
    if (ref.altField && alt !== undefined) body[ref.altField] = alt;
    let answer: unknown;
    try {
      answer = await saveContent('PATCH', ref.url, body);
    } catch (failure) {
      const conflict = failure instanceof ApiError && failure.status === 409;
      notify({
        title: conflict ? 'Someone else changed this image' : 'Could not save the image',
        description: conflict
          ? 'Reload the page to see their change, then choose again.'
          : errorMessage(failure, 'Please try again.'),
        variant: 'destructive',
      });
      throw failure;
    }
    if (isProposalAck(answer)) {
      open.undo();
      setOpen(null);
      const proposal: FieldProposal = {
        id: answer.proposal.id,
        value: url,
        author: me,
        status: 'pending',
        comment: '',
      };
      setAwaiting((open) => new Map(open).set(ref.key, proposal));
      notify({ title: 'Sent for review', description: SENT_FOR_REVIEW });
      return;
    }
    showOnPage(img, url, asset);
    setOpen(null);
    notify({ title: 'Image saved', description: 'The page is being rebuilt with it.' });
  };

  return (
    <>
      {found.map((at) =>
        createPortal(
          <span className="flex items-center gap-2">
            {mine(at.ref.key) && (
              <span data-testid="image-awaiting-review">
                <ProposalBadge
                  label={at.ref.label}
                  proposal={awaiting.get(at.ref.key)!}
                  mine
                  shown={awaiting.get(at.ref.key)!.value}
                  onDecided={() => {}}
                />
              </span>
            )}
            <button
              type="button"
              className="rounded-full bg-white/95 px-3 py-1.5 text-sm font-semibold text-brand-800 shadow-lg ring-1 ring-slate-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              aria-label={`Change image: ${at.ref.label}${at.img instanceof HTMLImageElement && at.img.alt ? ` (${at.img.alt})` : ''}`}
              data-testid="change-image"
              onClick={() => void begin(at)}
            >
              Change image
            </button>
          </span>,
          at.host,
          at.ref.key,
        ),
      )}
      {open && (
        <Suspense fallback={null}>
          <MediaPicker
            open
            current={String(open.start[open.at.ref.field] ?? '')}
            alt={open.at.ref.altField ? String(open.start[open.at.ref.altField] ?? '') : undefined}
            onClose={() => {
              open.undo();
              setOpen(null);
            }}
            onPick={save}
            onFocalChange={(url, focus) => showOnPage(open.at.img, url, focus)}
          />
        </Suspense>
      )}
    </>
  );
}
