import type { CSSProperties } from 'react';
import { parseFieldKey, type FieldRef } from './field-key';

/** One editable text of the page: its storage address and every element showing it. */
export interface PageField {
  ref: FieldRef;
  elements: HTMLElement[];
  multiline: boolean;
}

/** Every `[data-edit]` text of the page, grouped by field key (a text may be shown twice). */
export function collectFields(root: ParentNode = document): PageField[] {
  const byKey = new Map<string, PageField>();
  for (const el of root.querySelectorAll<HTMLElement>('[data-edit]')) {
    const ref = parseFieldKey(el.dataset.edit);
    if (!ref) {
      console.warn('[editor] ignoring unknown data-edit key', el.dataset.edit);
      continue;
    }
    const field = byKey.get(ref.key) ?? { ref, elements: [], multiline: false };
    field.elements.push(el);
    field.multiline ||= el.hasAttribute('data-edit-multiline');
    byKey.set(ref.key, field);
  }
  return [...byKey.values()];
}

const sameElements = (a: HTMLElement[], b: HTMLElement[]) =>
  a.length === b.length && a.every((el, i) => el === b[i]);

/**
 * Merges a fresh scan into the previous field list, reusing unchanged entries (so React keeps
 * their decoration) and keeping vanished keys with no elements (so their stored value and any
 * open draft survive an island re-render). Returns `prev` itself when nothing changed.
 */
export function mergeFields(prev: PageField[], found: PageField[]): PageField[] {
  const fresh = new Map(found.map((f) => [f.ref.key, f]));
  let changed = false;
  const next = prev.map((old) => {
    const now = fresh.get(old.ref.key);
    fresh.delete(old.ref.key);
    const elements = now?.elements ?? [];
    if (sameElements(old.elements, elements)) return old;
    changed = true;
    return { ...old, elements, multiline: now?.multiline ?? old.multiline };
  });
  if (fresh.size > 0) changed = true;
  return changed ? [...next, ...fresh.values()] : prev;
}

/**
 * Follows the page: islands may hydrate or re-render after the editor started (replacing
 * their [data-edit] elements), so every DOM change batch is re-scanned once per frame.
 */
export function watchFields(
  current: PageField[],
  onChange: (fields: PageField[]) => void,
): () => void {
  let last = current;
  let frame = 0;
  const observer = new MutationObserver(() => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const next = mergeFields(last, collectFields());
      if (next !== last) onChange((last = next));
    });
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
}

const HOST_ATTR = 'data-edit-host';
// Classes are written out in full so Tailwind generates them into the site stylesheet (an
// injected <style> would be blocked by the page's content security policy).
const HIGHLIGHT = [
  'outline-2',
  'outline-dashed',
  'outline-offset-4',
  'outline-brand-400',
  'rounded-sm',
  'cursor-pointer',
];

/** The text an element shows (the pencil host inside it holds no text). */
export const shownText = (el: HTMLElement): string => (el.textContent ?? '').trim();

/** Replaces an element's text, keeping a pencil host inside it in place. */
export function setText(el: HTMLElement, text: string): void {
  const host = el.querySelector(`:scope > [${HOST_ATTR}]`);
  for (const node of [...el.childNodes]) if (node !== host) node.remove();
  el.insertBefore(document.createTextNode(text), host);
}

/** The pencil host of a decorated element. */
export const hostOf = new WeakMap<HTMLElement, HTMLElement>();

// A text inside a link or button: the editor goes after the whole control, never inside it.
const anchorOf = (el: HTMLElement): HTMLElement =>
  el.closest<HTMLElement>('a, button, label, summary') ?? el;

/**
 * Marks an element editable: a dashed outline and an inline host for the pencil button at the
 * end of its text (after the whole control for a text inside a link or button: a button may
 * not sit inside another control). Returns the host and an undo that restores the markup.
 */
export function decorate(el: HTMLElement): { host: HTMLElement; undo: () => void } {
  const host = document.createElement('span');
  host.setAttribute(HOST_ATTR, '');
  host.className = 'ml-2 inline-flex align-middle';
  const anchor = anchorOf(el);
  if (anchor === el) el.append(host);
  else anchor.after(host);
  hostOf.set(el, host);
  const added = HIGHLIGHT.filter((c) => !el.classList.contains(c));
  el.classList.add(...added);
  return {
    host,
    undo: () => {
      host.remove();
      hostOf.delete(el);
      el.classList.remove(...added);
    },
  };
}

/**
 * Inserts a box for the inline editor (or a draft prompt) right after the text. With `hide`,
 * the text itself is hidden meanwhile so the page never shows two versions. The undo removes
 * the box and shows the text again.
 */
export function openBox(el: HTMLElement, hide: boolean): { box: HTMLElement; undo: () => void } {
  const anchor = anchorOf(el);
  // A pencil placed after a link goes with it: hidden while its text is edited.
  const host = hostOf.get(el);
  const hidden = hide ? [anchor, ...(host && host.parentElement !== el ? [host] : [])] : [];
  const box = document.createElement('div');
  box.setAttribute('data-edit-box', el.dataset.edit ?? '');
  box.className = 'my-2 block w-full min-w-64 max-w-full text-left';
  (hidden.at(-1) ?? anchor).after(box);
  const displays = hidden.map((node) => node.style.display);
  for (const node of hidden) node.style.display = 'none';
  return {
    box,
    undo: () => {
      box.remove();
      hidden.forEach((node, i) => (node.style.display = displays[i]!));
    },
  };
}

/** The text's typography, so the input looks like the text it replaces. */
export function typographyOf(el: HTMLElement): CSSProperties {
  const s = getComputedStyle(el);
  return {
    fontFamily: s.fontFamily,
    fontSize: s.fontSize,
    fontWeight: s.fontWeight as CSSProperties['fontWeight'],
    lineHeight: s.lineHeight,
    letterSpacing: s.letterSpacing,
  };
}
