/**
 * The round close button of an alert, a panel, a toast or a dialog: the close icon, named by
 * `label` ('Close', 'Dismiss'). `small` for a toast or a one-line alert.
 */
import type { Ref } from 'react';
import LineIcon from './LineIcon.tsx';

export default function CloseButton({
  label,
  onClick,
  small = false,
  className = 'text-ink-muted',
  buttonRef,
}: {
  label: string;
  onClick: () => void;
  small?: boolean;
  /** Colour and placement; the muted ink by default. */
  className?: string;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={onClick}
      aria-label={label}
      className={`flex ${small ? 'size-8' : 'size-10'} shrink-0 items-center justify-center rounded-full hover:bg-ink-soft ${className}`}
    >
      <LineIcon name="close" className={small ? 'size-4' : undefined} />
    </button>
  );
}
