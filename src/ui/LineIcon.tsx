/**
 * The line icons of the members area (nav, profile cards, profile page, settings), the same
 * drawings as src/components/Icon.astro. Always decorative: the text next to it, or the
 * label of its control, says what it means.
 */
const PATHS = {
  search: (
    <>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </>
  ),
  chat: (
    <path d="M20 11.5c0 4.1-3.6 7.5-8 7.5-1.2 0-2.3-.2-3.3-.6L4 20l1.3-3.7C4.5 15 4 13.3 4 11.5 4 7.4 7.6 4 12 4s8 3.4 8 7.5z" />
  ),
  heart: (
    <path d="M12 20s-7.5-4.6-7.5-10.2C4.5 7.1 6.5 5 9 5c1.3 0 2.4.6 3 1.6C12.6 5.6 13.7 5 15 5c2.5 0 4.5 2.1 4.5 4.8C19.5 15.4 12 20 12 20z" />
  ),
  coins: (
    <>
      <ellipse cx="9" cy="7" rx="5" ry="2.5" />
      <path d="M4 7v4c0 1.4 2.2 2.5 5 2.5s5-1.1 5-2.5V7" />
      <path d="M10 15.4c.6 1.2 2.7 2.1 5 2.1 2.8 0 5-1.1 5-2.5v-4c0-1.3-1.9-2.4-4.5-2.5" />
      <path d="M20 15v2.5c0 1.4-2.2 2.5-5 2.5s-5-1.1-5-2.5" />
    </>
  ),
  sparkle: <path d="M12 3.5l1.9 5.2 5.1 1.8-5.1 1.9L12 17.5l-1.9-5.1L5 10.5l5.1-1.8L12 3.5z" />,
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="3.8" />
      <path d="M4.5 20c.9-3.7 3.9-6 7.5-6s6.6 2.3 7.5 6" />
    </>
  ),
  mail: (
    <>
      <rect x="3.5" y="5.5" width="17" height="13" rx="2.5" />
      <path d="M4 7l8 6 8-6" />
    </>
  ),
  lock: (
    <>
      <rect x="5" y="10.5" width="14" height="10" rx="2.5" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
    </>
  ),
  /** Two hearts: both liked (a match). */
  match: (
    <>
      <path d="M9 18.5s-6-3.7-6-8.2C3 8.1 4.6 6.5 6.6 6.5c1 0 1.9.5 2.4 1.3.5-.8 1.4-1.3 2.4-1.3 2 0 3.6 1.6 3.6 3.8" />
      <path d="M16 20s-4.5-2.8-4.5-6.1c0-1.6 1.2-2.9 2.7-2.9.8 0 1.4.4 1.8 1 .4-.6 1-1 1.8-1 1.5 0 2.7 1.3 2.7 2.9C20.5 17.2 16 20 16 20z" />
    </>
  ),
  /** A heart with an arrow in: they liked the viewer. */
  'heart-in': (
    <>
      <path d="M12 20s-7.5-4.6-7.5-10.2C4.5 7.1 6.5 5 9 5c1.3 0 2.4.6 3 1.6C12.6 5.6 13.7 5 15 5c2.5 0 4.5 2.1 4.5 4.8C19.5 15.4 12 20 12 20z" />
      <path d="M9.5 11.5h5M12.5 9.5l2 2-2 2" />
    </>
  ),
  /** Fictional profile warning: a theatre mask. */
  mask: (
    <>
      <path d="M4 5.5c5.3 1.6 10.7 1.6 16 0v6c0 4.4-3.6 8-8 8s-8-3.6-8-8v-6z" />
      <path d="M8 10.5h2M14 10.5h2M9 15c1.8 1.3 4.2 1.3 6 0" />
    </>
  ),
  gift: (
    <>
      <rect x="4" y="9" width="16" height="4" rx="1" />
      <path d="M5.5 13v7h13v-7M12 9v11M12 9c-1.5-3.5-5-4.2-5-1.8C7 9 12 9 12 9zM12 9c1.5-3.5 5-4.2 5-1.8C17 9 12 9 12 9z" />
    </>
  ),
  block: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M6 6l12 12" />
    </>
  ),
  pin: (
    <>
      <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11z" />
      <circle cx="12" cy="10" r="2.3" />
    </>
  ),
  /** The password is hidden: press to show it. */
  eye: (
    <>
      <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  /** The password is shown: press to hide it. */
  'eye-off': (
    <>
      <path d="M9.9 5.8c.7-.2 1.4-.3 2.1-.3 6 0 9.5 6.5 9.5 6.5a17 17 0 0 1-2.6 3.4M6.6 7.1C4 8.8 2.5 12 2.5 12S6 18.5 12 18.5c1.8 0 3.3-.6 4.6-1.4" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
      <path d="M4 4l16 16" />
    </>
  ),
} as const;

export type LineIconName = keyof typeof PATHS;

export default function LineIcon({ name, className = 'size-5' }: { name: LineIconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {PATHS[name]}
    </svg>
  );
}
