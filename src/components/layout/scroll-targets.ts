/**
 * Cross-page scrolling: anchor links clicked away from the home page remember their
 * section in sessionStorage and go to /, and the home page scrolls there once it has loaded.
 */

import { session } from '../../lib/safe-storage';

/** sessionStorage key holding the home section to scroll to (e.g. 'about'). */
export const SECTION_KEY = 'scrollToSection';
/** sessionStorage key asking the home page to scroll to the newsletter section. */
export const NEWSLETTER_KEY = 'scrollToNewsletter';
/** Offsets below the fixed header. */
export const SECTION_OFFSET = 120;
export const NEWSLETTER_OFFSET = 100;
/** The home page may still be laying out: try again at these times (ms after load). */
export const RETRY_DELAYS = [200, 500, 1000, 2000];

const isHome = () => location.pathname === '/' || location.pathname === '/index.html';

// Without storage (private modes) the visitor lands at the top of the home page instead.
const storage = session;

/** Scrolls so the element with `id` sits `offset` px below the top; false when it is not on the page. */
export function scrollToId(
  id: string,
  offset: number,
  behavior: ScrollBehavior = 'smooth',
): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  // Sections not yet drawn have a guessed height (global.css): lay them out so `top` is real.
  document.querySelector('.sections-on-demand')?.classList.add('sections-laid-out');
  const top = el.getBoundingClientRect().top + window.scrollY - offset;
  window.scrollTo({ top: Math.max(0, top), behavior });
  return true;
}

/**
 * Scrolls to a section at each retry time, so late layout (images, islands) cannot leave the
 * view short of it, and stops correcting once the visitor scrolls by hand. Then forgets the key.
 */
function scrollWithRetries(id: string, offset: number, keys: string[]) {
  let userMoved = false;
  const stop = () => (userMoved = true);
  const events = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
  events.forEach((e) => addEventListener(e, stop, { once: true, passive: true }));
  RETRY_DELAYS.forEach((delay, i) => {
    setTimeout(() => {
      if (!userMoved) scrollToId(id, offset, 'auto');
      if (i === RETRY_DELAYS.length - 1) {
        keys.forEach(storage.remove);
        events.forEach((e) => removeEventListener(e, stop));
      }
    }, delay);
  });
}

/** On the home page, honours a pending scroll request; true when there was one. */
export function runPendingScroll(): boolean {
  if (!isHome()) return false;
  const newsletter = storage.get(NEWSLETTER_KEY);
  const section = storage.get(SECTION_KEY);
  if (newsletter) scrollWithRetries('newsletter', NEWSLETTER_OFFSET, [NEWSLETTER_KEY, SECTION_KEY]);
  else if (section && /^[\w-]+$/.test(section))
    scrollWithRetries(section, SECTION_OFFSET, [SECTION_KEY]);
  else return false;
  return true;
}

/**
 * First-load scroll: after 100 ms, to the URL's #target or, on a fresh visit, the top.
 * <html data-first-scroll="done"> says it has run (tests scroll by hand only after it).
 */
export function initialScroll(): void {
  // The target is the address the page was opened at: an in-page link clicked within the wait
  // (the team page's side navigation) sets the hash itself and has already scrolled to its own
  // offset, which reading the hash later would undo.
  const id = decodeURIComponent(location.hash.slice(1));
  // A visitor who acts within the wait (a tap on the team page's side navigation, a key, a wheel)
  // has chosen where to be: the page is left where that took it, not sent back to the top.
  let acted = false;
  const act = () => (acted = true);
  const events = ['click', 'keydown', 'wheel', 'touchstart'] as const;
  events.forEach((e) => addEventListener(e, act, { capture: true, passive: true }));
  setTimeout(() => {
    events.forEach((e) => removeEventListener(e, act, { capture: true }));
    const nav = performance.getEntriesByType('navigation')[0] as
      PerformanceNavigationTiming | undefined;
    // Reload and back/forward keep the browser's own scroll restoration.
    if (
      !acted &&
      !(id && scrollToId(id, SECTION_OFFSET, 'auto')) &&
      !id &&
      (!nav || nav.type === 'navigate')
    )
      window.scrollTo({ top: 0, behavior: 'auto' });
    document.documentElement.setAttribute('data-first-scroll', 'done');
  }, 100);
}

/**
 * One delegated click handler for `/#section` links anywhere on the page (header, footer,
 * search results) and for links marked data-newsletter-link.
 */
export function handleAnchorClicks(): void {
  document.addEventListener('click', (event) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
    const newsletter = link.hasAttribute('data-newsletter-link');
    const href = link.getAttribute('href') ?? '';
    const match = /^\/#([\w-]+)$/.exec(href);
    if (!newsletter && !match) return;
    const id = newsletter ? 'newsletter' : match![1]!;
    event.preventDefault();
    if (isHome()) {
      const offset = newsletter ? NEWSLETTER_OFFSET : SECTION_OFFSET;
      if (scrollToId(id, offset)) history.pushState(null, '', `#${id}`);
      return;
    }
    storage.set(newsletter ? NEWSLETTER_KEY : SECTION_KEY, newsletter ? 'true' : id);
    location.href = '/';
  });
}

/** Calls `fn` now and then at most once per animation frame while the page scrolls. */
export function onScrollFrame(fn: () => void): void {
  let ticking = false;
  addEventListener(
    'scroll',
    () => {
      if (ticking) return;
      ticking = true;
      requestAnimationFrame(() => {
        ticking = false;
        fn();
      });
    },
    { passive: true },
  );
  fn();
}
