/**
 * Keeps the '(N) ' prefix on the page title (SPEC §2.5) whoever sets the title (the shell per
 * route, a profile page with the member's name), and shows N on the installed app's icon
 * (a failure to set it is ignored).
 */
import { useEffect } from 'react';
import { withCount } from '#src/stores/counters.ts';

export function useTitleCount(count: number): void {
  useEffect(() => {
    const apply = () => {
      const next = withCount(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    // Installed apps only; browsers without the Badging API skip it.
    if ('setAppBadge' in navigator) {
      const set = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge();
      set.catch(() => {
        // The platform refused: nothing to show.
      });
    }
    const title = document.querySelector('title');
    if (!title || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(apply);
    observer.observe(title, { childList: true, characterData: true, subtree: true });
    return () => observer.disconnect();
  }, [count]);
}
