/**
 * The installed app's icons, drawn by the build from the site's symbol (sites/<id>/favicon.svg,
 * scripts/lib/app-icons.ts) into /icons/ of every static root, and listed in the web app
 * manifest. `maskable` icons fill the square with the site's primary colour and keep the
 * symbol inside the safe zone, so launchers can cut any shape out of them.
 */
export interface AppIcon {
  /** Path in the static root. */
  src: string;
  size: number;
  purpose: 'any' | 'maskable';
}

export const APP_ICONS: readonly AppIcon[] = [
  { src: '/icons/icon-192.png', size: 192, purpose: 'any' },
  { src: '/icons/icon-512.png', size: 512, purpose: 'any' },
  { src: '/icons/maskable-192.png', size: 192, purpose: 'maskable' },
  { src: '/icons/maskable-512.png', size: 512, purpose: 'maskable' },
];

/** iOS takes its home screen icon from this link, not from the manifest (full square, it rounds). */
export const APPLE_TOUCH_ICON: AppIcon = { src: '/icons/apple-touch-icon.png', size: 180, purpose: 'maskable' };
