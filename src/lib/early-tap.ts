/**
 * A tap on a control whose script has not run yet is kept and replayed, not lost.
 *
 * A page's scripts start only after its first paint (after-paint.ts), and an island waits for its
 * own code besides, so a visitor can tap a button that has nothing behind it yet. Such a control
 * carries `data-early-tap` (only `type="button"` controls: they have no default action a held tap
 * could skip). Until its script marks it live, the head script below notes the latest tap on it
 * (`data-tapped`); the script then replays that tap once its handler is attached (`goLive`).
 * Without JavaScript nothing is noted, and the control does nothing, as before.
 *
 * The head script is a fixed string, so the Content Security Policy allows it by hash
 * (astro.config.mjs).
 */

/** Goes in <head>, before the first paint: notes a tap on a control that is not live yet. */
export const EARLY_TAP_SCRIPT =
  `document.addEventListener('click',function(e){` +
  `var c=e.target.closest&&e.target.closest('[data-early-tap]:not([data-tap-live])');` +
  `if(c){document.querySelectorAll('[data-tapped]').forEach(function(t){t.removeAttribute('data-tapped')});` +
  `c.setAttribute('data-tapped','')}},true)`;

/**
 * Called once `control`'s click handler is attached: from now on its taps reach that handler,
 * and a tap made before is replayed now.
 */
export function goLive(control: HTMLElement): void {
  control.setAttribute('data-tap-live', '');
  if (!control.hasAttribute('data-tapped')) return;
  control.removeAttribute('data-tapped');
  control.click();
}
