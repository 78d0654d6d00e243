/**
 * The chat's own line icons, drawn like src/ui/LineIcon.tsx (24-unit box, 1.8 stroke). They
 * live here so that the shell's first load does not carry them. Always decorative: the text
 * next to it, or the label of its control, says what it means.
 */
const PATHS = {
  send: <path d="M4.5 12L20 4.5l-4 15.5-4.2-6.3L4.5 12zM11.8 13.7L20 4.5" />,
  image: (
    <>
      <rect x="3.5" y="5" width="17" height="14" rx="2.5" />
      <circle cx="9" cy="10" r="1.7" />
      <path d="M20.5 15.5l-4.5-4.5-8.5 8" />
    </>
  ),
  gif: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="2.5" />
      <path d="M10 10.2c-.4-.6-1-1-1.8-1-1.2 0-2.2 1.2-2.2 2.8s1 2.8 2.2 2.8c1 0 1.8-.7 1.8-1.8h-1.6M12.5 9.2v5.6M15.5 14.8V9.2h3M15.5 12h2.4" />
    </>
  ),
  back: <path d="M15 5l-7 7 7 7" />,
  more: (
    <>
      <circle cx="12" cy="5.5" r="1.2" />
      <circle cx="12" cy="12" r="1.2" />
      <circle cx="12" cy="18.5" r="1.2" />
    </>
  ),
  check: <path d="M5 12.5l4.5 4.5L19 7.5" />,
  'check-double': <path d="M2.5 12.5L7 17l9.5-9.5M11.5 16l1 1L22 7.5" />,
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
  alert: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5v5.5M12 16.2v.3" />
    </>
  ),
  trash: <path d="M4.5 7h15M9.5 7V4.5h5V7M6.5 7l1 12.5h9L17.5 7M10.5 10.5v6M13.5 10.5v6" />,
  close: <path d="M6 6l12 12M18 6L6 18" />,
  sparkle: <path d="M12 3.5l1.9 5.2 5.1 1.8-5.1 1.9L12 17.5l-1.9-5.1L5 10.5l5.1-1.8L12 3.5z" />,
} as const;

export type ChatIconName = keyof typeof PATHS;

export default function ChatIcon({ name, className = 'size-5' }: { name: ChatIconName; className?: string }) {
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
