// The header's controls (Header.astro): the solid state past 50 px of scroll, the small-screen
// menu, the search box and its results as the visitor types, and cross-page anchor links. The
// markup works before this runs: the search is a plain link to /search, and a tap on the menu
// button is replayed once it is live (src/lib/early-tap.ts).
import {
  handleAnchorClicks,
  initialScroll,
  onScrollFrame,
  runPendingScroll,
} from './scroll-targets';

/** Wires the header's controls; the page calls it once, from the header's own script. */
export function startHeader(): void {
  const header = document.getElementById('site-header')!;
  const toggle = document.getElementById('menu-toggle')!;
  const menu = document.getElementById('mobile-menu')!;
  const label = toggle.querySelector('[data-menu-label]')!;
  const THRESHOLD = 50;
  let open = false;

  // The search box: its button replaces the plain link to /search once this script runs.
  const searchLink = header.querySelector<HTMLElement>('[data-search-link]')!;
  const searchToggle = document.getElementById('search-toggle')!;
  const searchPanel = document.getElementById('header-search')!;
  const searchForm = searchPanel.querySelector<HTMLFormElement>('form')!;
  const searchInput = searchPanel.querySelector<HTMLInputElement>('input[name="q"]')!;
  let searchOpen = false;

  // The header turns solid past 50 px, and whenever the menu or the search box is open (they sit on white).
  const paint = () =>
    header.setAttribute('data-solid', String(open || searchOpen || window.scrollY > THRESHOLD));

  function setOpen(next: boolean, restoreFocus = false) {
    open = next;
    menu.hidden = !next;
    toggle.setAttribute('aria-expanded', String(next));
    label.textContent = next ? 'Close menu' : 'Open menu';
    toggle.querySelector('[data-menu-icon="open"]')!.classList.toggle('hidden', next);
    toggle.querySelector('[data-menu-icon="close"]')!.classList.toggle('hidden', !next);
    paint();
    if (!next && restoreFocus) toggle.focus();
  }

  function setSearch(next: boolean, restoreFocus = false) {
    searchOpen = next;
    searchPanel.hidden = !next;
    searchToggle.setAttribute('aria-expanded', String(next));
    searchToggle.querySelector('[data-search-label]')!.textContent = next
      ? 'Close search'
      : 'Open search';
    if (next) {
      setOpen(false);
      searchInput.focus();
    }
    paint();
    if (!next && restoreFocus) searchToggle.focus();
  }
  searchLink.hidden = true;
  searchToggle.hidden = false;
  searchToggle.addEventListener('click', () => setSearch(!searchOpen));

  // Results as the visitor types: the search code (and Pagefind, its WebAssembly and the index)
  // loads on the first words typed, never with the page.
  let typing: ReturnType<typeof setTimeout> | undefined;
  const showResults = () =>
    void import('./header-search').then((m) => m.showHeaderResults(searchPanel, searchInput.value));
  searchInput.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(showResults, 200);
  });
  // Enter goes to /search?q=…, whose address keeps the words (the form's own GET).
  searchForm.addEventListener('submit', () => clearTimeout(typing));

  toggle.addEventListener('click', () => {
    if (!open) setSearch(false);
    setOpen(!open);
  });
  // A tap before this script ran opens the menu now (src/lib/early-tap.ts).
  window.goLive?.(toggle);
  menu.addEventListener('click', (e) => {
    if ((e.target as Element).closest('a')) setOpen(false);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && open) setOpen(false, true);
    if (e.key === 'Escape' && searchOpen) setSearch(false, true);
  });
  // Growing past the breakpoint hides the toggle: do not leave an invisible open menu behind.
  matchMedia('(min-width: 1024px)').addEventListener('change', (e) => e.matches && setOpen(false));

  onScrollFrame(paint);

  handleAnchorClicks();
  if (!runPendingScroll()) initialScroll();
}
