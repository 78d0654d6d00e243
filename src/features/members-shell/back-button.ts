/**
 * The installed app's Back button (SPEC §2.1): an installed app has no browser Back button,
 * so these routes show one, when the app runs installed (display mode standalone, or iOS's
 * home screen mode) and there is history to go back to.
 */
import type { MembersRoute } from '#src/stores/router.ts';

export const BACK_BUTTON_ROUTES: readonly MembersRoute[] = [
  'members-id',
  'likes-type',
  'likes-m-id',
  'credits',
  'credits-id-paymentmethod',
];

export function showsBackButton(options: {
  route: MembersRoute | null;
  installed: boolean;
  canGoBack: boolean;
}): boolean {
  return options.installed && options.canGoBack && options.route !== null && BACK_BUTTON_ROUTES.includes(options.route);
}

/** The page runs as an installed app. */
export function isInstalledApp(win: Window = window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  if (nav.standalone === true) return true;
  // Older engines (and jsdom) have no matchMedia, whatever the DOM types say.
  if (typeof (win.matchMedia as unknown) !== 'function') return false;
  return ['standalone', 'fullscreen', 'minimal-ui'].some((mode) => win.matchMedia(`(display-mode: ${mode})`).matches);
}

/**
 * There is an entry to go back to in this tab: the Navigation API knows; without it, a
 * history longer than this one page.
 */
export function canGoBack(win: Window = window): boolean {
  const navigation = (win as Window & { navigation?: { canGoBack?: boolean } }).navigation;
  return typeof navigation?.canGoBack === 'boolean' ? navigation.canGoBack : win.history.length > 1;
}
