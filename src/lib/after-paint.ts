/**
 * What a page fetches before its first paint: the document and nothing else.
 *
 * A phone on a slow link shares its bandwidth between everything the page asks for before it
 * paints. Left alone, a page asks for its module scripts as soon as the parser (or its preload
 * scanner) sees them, and for 84 KB of web fonts at its first style pass, so the hero's text
 * waited behind a few dozen kilobytes it does not need: it paints in the metric-matched stand-in
 * fonts anyway (global.css), and the scripts only add behaviour.
 *
 * So every page is shaped at render time (src/middleware.ts):
 * - `<script type="module" src>` tags become inert placeholders, and one inline script at the end
 *   of the body turns them back into module scripts after the frame that paints the parsed page.
 *   They then run as each arrives rather than in document order; none needs another to have run
 *   first (each is its own entry, and what they share lives in shared module chunks).
 * - A head script keeps a tap on a control whose script has not run yet, for that script to
 *   replay (early-tap.ts).
 * - On a first visit a head script sets `fonts-later` on <html>, which points both font stacks at
 *   the stand-ins (global.css), so no font is asked for; the same end-of-body script removes it
 *   after that first paint and notes that the fonts are now in the browser's cache. Later visits
 *   skip the class and draw with the web fonts at once, as before: no flash of the stand-ins on
 *   every page. Without JavaScript nothing is deferred at all.
 *
 * The inline scripts are fixed strings, so the Content Security Policy allows them by hash
 * (astro.config.mjs) rather than with 'unsafe-inline'.
 */

import { EARLY_TAP_SCRIPT } from './early-tap';

/** Set in localStorage once a page has asked for the web fonts. */
export const FONTS_CACHED_KEY = 'webfonts-cached';

/** Goes first in <head>: decides, before any style is computed, whether fonts wait. */
export const FONTS_LATER_SCRIPT = `try{localStorage.getItem('${FONTS_CACHED_KEY}')||document.documentElement.classList.add('fonts-later')}catch(e){}`;

/**
 * Goes last in <body>. It starts the page's scripts and fonts once the browser reports the page's
 * first paint (its paint entry, stamped when the frame reached the screen). Two animation frames
 * after the parsed page, as it did before, is normally later than that, but not always: on a busy
 * device the frame reaches the screen after the second one, and what was asked for in between then
 * counted as needed for that paint, so Lighthouse's model of a slow phone delayed its first paint
 * and its largest one by the fonts. A browser without paint entries, or a page that never
 * paints anything (loaded in a background tab, say), starts them a second after those two frames.
 * The fonts are fetched first and only then put to use (document.fonts.load fetches the faces a
 * family needs for Latin text without any element using it yet): dropping the class re-lays the
 * page out, and doing it once, with the fonts at hand, keeps that to one pass rather than one for
 * the class and another when the fonts arrive. One font after the other: the browser unpacks a
 * font as it arrives, for tens of milliseconds of a phone's main thread each, and two at once
 * made one task long enough to hold up a tap.
 * <html data-scripts> goes from `loading` to `ready` once every script has run: browser tests wait
 * for it after loading a page, before they click on what the scripts handle.
 */
export const AFTER_PAINT_SCRIPT =
  `(function(){var go=function(){if(go.done)return;go.done=1;` +
  `var d=document.documentElement,f=document.fonts,ps=document.querySelectorAll('script[data-after-paint]'),n=ps.length;` +
  `d.setAttribute('data-scripts',n?'loading':'ready');` +
  `ps.forEach(function(p){var s=document.createElement('script');s.type='module';s.src=p.getAttribute('data-after-paint');` +
  `s.onload=s.onerror=function(){--n||d.setAttribute('data-scripts','ready')};p.replaceWith(s)});` +
  `var use=function(){d.classList.remove('fonts-later');try{localStorage.setItem('${FONTS_CACHED_KEY}','1')}catch(e){}};` +
  `if(d.classList.contains('fonts-later'))f?f.load('1em "Inter Variable"').then(function(){return f.load('1em "Fraunces Variable"')}).then(use,use):use()};` +
  `try{new PerformanceObserver(function(){go()}).observe({type:'paint',buffered:true})}catch(e){}` +
  `requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,1000)})})})()`;

const MODULE_SCRIPT = /<script type="module" src="([^"]+)"><\/script>/g;
const CSP_META = /<meta http-equiv="content-security-policy"[^>]*>/;

/**
 * Shapes a rendered HTML page as described above. The head scripts go right after the policy's
 * <meta> (a policy in a <meta> governs only what follows it) and before any linked stylesheet, so
 * they never wait for one; without that <meta> (`astro dev`) it closes the head. A page without a
 * head and a body (an HTML fragment) is left as it is.
 */
export function deferUntilPainted(html: string): string {
  const headEnd = html.indexOf('</head>');
  const bodyEnd = html.lastIndexOf('</body>');
  if (headEnd < 0 || bodyEnd < headEnd) return html;
  const csp = CSP_META.exec(html.slice(0, headEnd));
  const at = csp ? csp.index + csp[0].length : headEnd;
  const body = html
    .slice(at, bodyEnd)
    .replace(MODULE_SCRIPT, '<script type="text/plain" data-after-paint="$1"></script>');
  return `${html.slice(0, at)}<script>${FONTS_LATER_SCRIPT}</script><script>${EARLY_TAP_SCRIPT}</script>${body}<script>${AFTER_PAINT_SCRIPT}</script>${html.slice(bodyEnd)}`;
}
