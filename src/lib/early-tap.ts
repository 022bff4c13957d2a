/**
 * A tap on a control whose script has not run yet is kept and replayed, not lost.
 *
 * A page's scripts start only after its first paint (after-paint.ts), and an island waits for its
 * own code besides, so a visitor can tap a button that has nothing behind it yet. Such a control
 * carries `data-early-tap` (only `type="button"` controls: they have no default action a kept tap
 * could skip). Until its script marks it live, the head script below keeps the latest tap on such
 * a control (on `goLive` itself, the one global it adds); the script calls
 * `window.goLive(control)` once its handler is attached, which replays that tap. Without
 * JavaScript nothing is kept, and the control does nothing, as before.
 *
 * `goLive` is defined by the head script rather than imported: a module shared by the header's
 * script and the islands would be one more file on every page, and every page's JavaScript is
 * budgeted. The head script is a fixed string, so the Content Security Policy allows it by hash
 * (astro.config.mjs).
 */

declare global {
  interface Window {
    /**
     * Marks `control` live (its click handler is attached, so later taps reach it) and replays
     * the tap kept for it, if any. Absent where the head script is not (unit tests).
     */
    goLive?: (control: Element) => void;
  }
}

/** Goes in <head>, before the first paint: keeps the latest tap on a control not live yet. */
export const EARLY_TAP_SCRIPT =
  `addEventListener('click',function(e){` +
  `var c=e.target.closest&&e.target.closest('[data-early-tap]:not([data-tap-live])');` +
  `if(c)goLive.tap=c},true);` +
  `function goLive(c){c.setAttribute('data-tap-live','');if(goLive.tap===c){goLive.tap=null;c.click()}}`;
