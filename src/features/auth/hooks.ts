/**
 * Browser facts read after hydration: the static HTML is the same for every visitor, and
 * useSyncExternalStore swaps in the browser's value without a hydration mismatch.
 */
import { useSyncExternalStore } from 'react';
import { environment } from '#src/stores/environment.ts';

/** Decides between the signup page and the signup modal (SPEC §2.6). */
export const SMARTPHONE_QUERY = '(max-width: 640px), (pointer: coarse)';

const noSubscription = () => () => undefined;

/** A query parameter of the page; null while rendering the static HTML. */
export function useQueryParam(name: string): string | null {
  return useSyncExternalStore(
    noSubscription,
    () => environment().location().searchParams.get(name),
    () => null,
  );
}

function subscribeSmartphone(onChange: () => void) {
  const query = window.matchMedia(SMARTPHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True on smartphones; the static HTML assumes one (mobile first). */
export function useIsSmartphone(): boolean {
  return useSyncExternalStore(
    subscribeSmartphone,
    () => window.matchMedia(SMARTPHONE_QUERY).matches,
    () => true,
  );
}

/**
 * False in the static HTML, true once React runs: submit buttons stay disabled until then,
 * so a form is never sent natively (with a password in the URL) before hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
