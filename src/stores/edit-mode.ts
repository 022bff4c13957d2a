import { atom } from 'nanostores';

/** Whether the URL asks for edit mode (?edit=true). */
export const editRequested = () =>
  typeof location !== 'undefined' && new URLSearchParams(location.search).get('edit') === 'true';

/** Edit mode: one global switch shared by every island, off by default, on with ?edit=true. */
export const $editMode = atom<boolean>(editRequested());

if (typeof window !== 'undefined') {
  // Re-evaluated on browser back/forward.
  window.addEventListener('popstate', () => $editMode.set(editRequested()));
}
