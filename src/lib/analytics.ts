/**
 * Optional Google Analytics 4. Nothing is loaded and no request is made unless the build had
 * PUBLIC_GA_MEASUREMENT_ID set (the layout only then calls initAnalytics); track() is always
 * safe to call and does nothing without it.
 */

type Gtag = (...args: unknown[]) => void;
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

/** Parameters sent with an event (GA accepts flat string/number/boolean values). */
export type EventParams = Record<string, string | number | boolean | undefined>;

/** Records an event such as contact_form_submit, newsletter_signup or login; a no-op without analytics. */
export function track(event: string, params: EventParams = {}): void {
  if (typeof window === 'undefined' || typeof window.gtag !== 'function') return;
  window.gtag('event', event, params);
}

/** Loads gtag.js for the measurement id and records the page view. Called once per page. */
export function initAnalytics(measurementId: string | undefined): void {
  if (!measurementId || typeof window === 'undefined' || window.gtag) return;
  window.dataLayer = window.dataLayer || [];
  // gtag.js reads the `arguments` objects it finds in dataLayer, not arrays.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  window.gtag('config', measurementId, { anonymize_ip: true });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  document.head.appendChild(script);
}
