/**
 * The product's one set of line icons: each drawing's SVG elements on a 24-unit box, stroked in
 * currentColor with round caps and joins. Static pages draw them with
 * src/components/Icon.astro (at build time, no script), islands with src/ui/LineIcon.tsx.
 * A new icon is added here once and is then there for both.
 */
export const ICON_SHAPES = {
  alert: '<circle cx="12" cy="12" r="8.5"/><path d="M12 7.5v5.5M12 16.2v.3"/>',
  'arrow-left': '<path d="M19 12H5M11 6l-6 6 6 6"/>',
  'arrow-right': '<path d="M5 12h14M13 6l6 6-6 6"/>',
  back: '<path d="M15 5l-7 7 7 7"/>',
  block: '<circle cx="12" cy="12" r="8.5"/><path d="M6 6l12 12"/>',
  building: '<path d="M4 20.5h16M6 20.5V5.5l7-2v17M13 8.5l5 1.5v10.5"/><path d="M9 8v.01M9 11.5v.01M9 15v.01"/>',
  chat: '<path d="M20 11.5c0 4.1-3.6 7.5-8 7.5-1.2 0-2.3-.2-3.3-.6L4 20l1.3-3.7C4.5 15 4 13.3 4 11.5 4 7.4 7.6 4 12 4s8 3.4 8 7.5z"/>',
  check: '<path d="M5 12.5l4.5 4.5L19 7.5"/>',
  'check-circle': '<circle cx="12" cy="12" r="9"/><path d="M8 12.3l2.8 2.8L16.2 9.6"/>',
  /** Delivered and read (a chat message). */
  'check-double': '<path d="M2.5 12.5L7 17l9.5-9.5M11.5 16l1 1L22 7.5"/>',
  clock: '<circle cx="12" cy="12" r="8.5"/><path d="M12 7.5V12l3 2"/>',
  close: '<path d="M6 6l12 12M18 6L6 18"/>',
  coins:
    '<ellipse cx="9" cy="7" rx="5" ry="2.5"/><path d="M4 7v4c0 1.4 2.2 2.5 5 2.5s5-1.1 5-2.5V7"/><path d="M10 15.4c.6 1.2 2.7 2.1 5 2.1 2.8 0 5-1.1 5-2.5v-4c0-1.3-1.9-2.4-4.5-2.5"/><path d="M20 15v2.5c0 1.4-2.2 2.5-5 2.5s-5-1.1-5-2.5"/>',
  /** Discreet, private (the static pages' promise): an eye struck through corner to corner. */
  discreet:
    '<path d="M3 3l18 18"/><path d="M10.6 5.1A9.6 9.6 0 0 1 12 5c5 0 8.5 4.5 9.5 7-.4 1-1.2 2.3-2.3 3.5M6.6 6.6C4.6 7.9 3.2 10 2.5 12c1 2.5 4.5 7 9.5 7 1.9 0 3.6-.6 5-1.6"/><path d="M9.9 9.9a3 3 0 0 0 4.2 4.2"/>',
  /** The password is hidden: press to show it. */
  eye: '<path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z"/><circle cx="12" cy="12" r="3"/>',
  /** The password is shown: press to hide it. */
  'eye-off':
    '<path d="M9.9 5.8c.7-.2 1.4-.3 2.1-.3 6 0 9.5 6.5 9.5 6.5a17 17 0 0 1-2.6 3.4M6.6 7.1C4 8.8 2.5 12 2.5 12S6 18.5 12 18.5c1.8 0 3.3-.6 4.6-1.4"/><path d="M9.9 9.9a3 3 0 0 0 4.2 4.2"/><path d="M4 4l16 16"/>',
  gif: '<rect x="2.5" y="5.5" width="19" height="13" rx="2.5"/><path d="M10 10.2c-.4-.6-1-1-1.8-1-1.2 0-2.2 1.2-2.2 2.8s1 2.8 2.2 2.8c1 0 1.8-.7 1.8-1.8h-1.6M12.5 9.2v5.6M15.5 14.8V9.2h3M15.5 12h2.4"/>',
  gift: '<rect x="4" y="9" width="16" height="4" rx="1"/><path d="M5.5 13v7h13v-7M12 9v11M12 9c-1.5-3.5-5-4.2-5-1.8C7 9 12 9 12 9zM12 9c1.5-3.5 5-4.2 5-1.8C17 9 12 9 12 9z"/>',
  globe:
    '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z"/>',
  heart:
    '<path d="M12 20s-7.5-4.6-7.5-10.2C4.5 7.1 6.5 5 9 5c1.3 0 2.4.6 3 1.6C12.6 5.6 13.7 5 15 5c2.5 0 4.5 2.1 4.5 4.8C19.5 15.4 12 20 12 20z"/>',
  /** A heart with an arrow in: they liked the viewer. */
  'heart-in':
    '<path d="M12 20s-7.5-4.6-7.5-10.2C4.5 7.1 6.5 5 9 5c1.3 0 2.4.6 3 1.6C12.6 5.6 13.7 5 15 5c2.5 0 4.5 2.1 4.5 4.8C19.5 15.4 12 20 12 20z"/><path d="M9.5 11.5h5M12.5 9.5l2 2-2 2"/>',
  image:
    '<rect x="3.5" y="5" width="17" height="14" rx="2.5"/><circle cx="9" cy="10" r="1.7"/><path d="M20.5 15.5l-4.5-4.5-8.5 8"/>',
  lock: '<rect x="5" y="10.5" width="14" height="10" rx="2.5"/><path d="M8 10.5V8a4 4 0 0 1 8 0v2.5"/>',
  mail: '<rect x="3.5" y="5.5" width="17" height="13" rx="2.5"/><path d="M4 7l8 6 8-6"/>',
  /** Fictional profile warning: a theatre mask. */
  mask: '<path d="M4 5.5c5.3 1.6 10.7 1.6 16 0v6c0 4.4-3.6 8-8 8s-8-3.6-8-8v-6z"/><path d="M8 10.5h2M14 10.5h2M9 15c1.8 1.3 4.2 1.3 6 0"/>',
  /** Two hearts: both liked (a match). */
  match:
    '<path d="M9 18.5s-6-3.7-6-8.2C3 8.1 4.6 6.5 6.6 6.5c1 0 1.9.5 2.4 1.3.5-.8 1.4-1.3 2.4-1.3 2 0 3.6 1.6 3.6 3.8"/><path d="M16 20s-4.5-2.8-4.5-6.1c0-1.6 1.2-2.9 2.7-2.9.8 0 1.4.4 1.8 1 .4-.6 1-1 1.8-1 1.5 0 2.7 1.3 2.7 2.9C20.5 17.2 16 20 16 20z"/>',
  more: '<circle cx="12" cy="5.5" r="1.2"/><circle cx="12" cy="12" r="1.2"/><circle cx="12" cy="18.5" r="1.2"/>',
  /** No connection: a struck-through signal. */
  offline:
    '<path d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M3 3l18 18"/><circle cx="12" cy="19" r="1" fill="currentColor"/>',
  phone:
    '<path d="M6.5 4h3l1.5 4-2 1.3a10 10 0 0 0 5.7 5.7L16 13l4 1.5v3a2 2 0 0 1-2.2 2A16 16 0 0 1 4.5 6.2 2 2 0 0 1 6.5 4z"/>',
  pin: '<path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z"/><circle cx="12" cy="10" r="2.3"/>',
  receipt: '<path d="M6 3.5h12v17l-3-2-3 2-3-2-3 2v-17z"/><path d="M9 8h6M9 11.5h6M9 15h3"/>',
  search: '<circle cx="11" cy="11" r="6.5"/><path d="M16 16l4.5 4.5"/>',
  send: '<path d="M4.5 12L20 4.5l-4 15.5-4.2-6.3L4.5 12zM11.8 13.7L20 4.5"/>',
  shield: '<path d="M12 3l7 3v5.5c0 4.4-3 8-7 9.5-4-1.5-7-5.1-7-9.5V6l7-3z"/><path d="M9 12l2 2 4-4"/>',
  sparkle: '<path d="M12 3.5l1.9 5.2 5.1 1.8-5.1 1.9L12 17.5l-1.9-5.1L5 10.5l5.1-1.8L12 3.5z"/>',
  /** A sparkle with a small one beside it (the static pages' 'free' and highlights). */
  sparkles:
    '<path d="M12 3.5l1.9 5.2 5.1 1.8-5.1 1.9L12 17.5l-1.9-5.1L5 10.5l5.1-1.8L12 3.5z"/><path d="M18.5 16.5l.7 1.8 1.8.7-1.8.7-.7 1.8-.7-1.8-1.8-.7 1.8-.7.7-1.8z"/>',
  trash: '<path d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 12.5h9L17.5 7M10.5 10.5v6M13.5 10.5v6"/>',
  user: '<circle cx="12" cy="8" r="3.8"/><path d="M4.5 20c.9-3.7 3.9-6 7.5-6s6.6 2.3 7.5 6"/>',
} as const;

export type IconName = keyof typeof ICON_SHAPES;
