/**
 * The back office's address: which section is open (docs/staff.md "Sections"). The staff
 * origin answers its one page at every path, so a section has an address of its own that can
 * be bookmarked, shared and reopened with Back and Forward.
 */
import { atom } from 'nanostores';
import { environment } from '#src/stores/environment.ts';

export const $consolePath = atom<string>('/');

/** Reads the address when the console starts and follows Back and Forward. */
export function startConsoleRouter(): () => void {
  $consolePath.set(environment().location().pathname);
  const follow = () => $consolePath.set(window.location.pathname);
  window.addEventListener('popstate', follow);
  return () => window.removeEventListener('popstate', follow);
}

/** Opens another section (or a path inside one) without loading the page again. */
export function openPath(path: string): void {
  if (path === $consolePath.get()) return;
  window.history.pushState(null, '', path);
  $consolePath.set(path);
}
