/**
 * What the full-screen conversation of phones and tablets covers is inert (WCAG 2.4.11 Focus
 * Not Obscured): the skip link, the nav, the banners, the list and the footer take no focus
 * and are not read while the conversation is open. Marked are the siblings of the conversation
 * and of each of its ancestors up to <body>, except scripts and a part holding an open dialog
 * (a modal opened meanwhile, such as the time bonus's, stays usable). At the desktop width the
 * conversation is a pane beside the list and covers nothing: nothing is marked.
 */
import { useEffect, type RefObject } from 'react';

/** The width from which the conversation is a pane (Tailwind's `lg`, as its classes say). */
const PANE_QUERY = '(min-width: 64rem)';

export function useInertBehind(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const conversation = ref.current;
    if (!conversation) return;
    const pane = typeof window.matchMedia === 'function' ? window.matchMedia(PANE_QUERY) : null;
    let marked: Element[] = [];
    const release = () => {
      for (const element of marked) element.removeAttribute('inert');
      marked = [];
    };
    const apply = () => {
      release();
      if (pane?.matches) return;
      for (let node: Element = conversation; node !== document.body && node.parentElement; node = node.parentElement) {
        for (const sibling of node.parentElement.children) {
          if (sibling === node || sibling.hasAttribute('inert')) continue;
          if (sibling.matches('script, style, dialog') || sibling.querySelector('dialog[open]')) continue;
          sibling.setAttribute('inert', '');
          marked.push(sibling);
        }
      }
    };
    apply();
    pane?.addEventListener('change', apply);
    // New parts of the page (a banner, a modal) and dialogs opening or closing outside the
    // conversation: marked again.
    const observer = new MutationObserver((mutations) => {
      if (mutations.some((mutation) => !conversation.contains(mutation.target))) apply();
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['open'] });
    return () => {
      observer.disconnect();
      pane?.removeEventListener('change', apply);
      release();
    };
  }, [ref]);
}
