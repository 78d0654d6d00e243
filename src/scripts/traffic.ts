/**
 * The landing script, served as /traffic.js (built by scripts/lib/traffic-script.ts) and
 * loaded by the inline TRAFFIC_LOADER only when the address has traffic parameters.
 *
 * - Stores the traffic source of the address in localStorage 'trafficsource' (the newest
 *   address with a source replaces the stored one; signup sends it) and takes the removed
 *   parameters out of the address with history.replaceState: no reload, no history entry.
 * - With `lb` in the address (SPEC §4 "Page bounce logging"), sends the bounce beacon once
 *   when the page becomes hidden, unless the visitor has gone on into the site: a click on a
 *   same-origin link or a form submit means the visit is no bounce.
 *
 * Vanilla and tiny: no framework, no imports beyond the shared rules of src/lib/traffic.ts.
 */
import { BOUNCE_PARAM, PAGE_HIDDEN_PATH, TRAFFIC_STORAGE_KEY, captureTrafficSource } from '#src/lib/traffic.ts';

/** Sends the bounce beacon; fetch with keepalive where sendBeacon is missing or refuses. */
function sendBounce(): void {
  try {
    if (navigator.sendBeacon(PAGE_HIDDEN_PATH, new Blob(['{}'], { type: 'application/json' }))) return;
  } catch {
    // Some Chrome versions refuse a JSON Blob in sendBeacon (crbug.com/490015).
  }
  fetch(PAGE_HIDDEN_PATH, {
    method: 'POST',
    body: '{}',
    headers: { 'Content-Type': 'application/json' },
    keepalive: true,
  }).catch(() => {
    // A lost beacon is a lost count, nothing to tell the visitor.
  });
}

/**
 * Runs the capture and arms the bounce beacon for the current page. `signal` removes the
 * listeners again (for tests; the page itself keeps them until it unloads).
 */
export function startTraffic(signal?: AbortSignal): void {
  const url = new URL(location.href);
  const { source, cleanUrl } = captureTrafficSource(url);
  if (source) {
    try {
      localStorage.setItem(TRAFFIC_STORAGE_KEY, JSON.stringify(source));
    } catch {
      // Storage blocked (private mode, full): the visit simply signs up without a source.
    }
  }
  if (cleanUrl) history.replaceState(history.state, '', cleanUrl);
  if (!url.searchParams.has(BOUNCE_PARAM)) return;

  // Once sent, or once the visitor went on into the site, nothing more is sent.
  let settled = false;
  const options = { capture: true, signal };
  const stay = () => (settled = true);
  const hide = () => {
    if (settled) return;
    settled = true;
    sendBounce();
  };
  document.addEventListener(
    'click',
    (event) => {
      // The target may be no element (a click dispatched on the document); an <a> without
      // href has origin '', an SVG <a> none: neither counts.
      if ((event.target as Partial<Element>).closest?.('a')?.origin === location.origin) stay();
    },
    options,
  );
  document.addEventListener('submit', stay, options);
  document.addEventListener('visibilitychange', () => document.hidden && hide(), options);
  // Safari does not always fire visibilitychange when the visitor navigates away.
  addEventListener('pagehide', hide, options);
}

startTraffic();
