/**
 * A short message at the bottom of the screen that goes away by itself after `durationMs`
 * (or with its close button). The text is a status: screen readers announce it politely.
 */
import { useEffect } from 'react';

export default function Toast({
  message,
  closeLabel,
  onDismiss,
  durationMs = 6000,
}: {
  message: string;
  /** The close button's accessible name, in the member's language. */
  closeLabel: string;
  onDismiss: () => void;
  durationMs?: number;
}) {
  useEffect(() => {
    const timer = setTimeout(onDismiss, durationMs);
    return () => clearTimeout(timer);
  }, [message, onDismiss, durationMs]);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4 pb-[env(safe-area-inset-bottom)]">
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-auto flex max-w-md items-center gap-3 rounded-2xl bg-ink px-4 py-3 font-semibold text-surface elevation-3"
      >
        <span className="min-w-0 flex-1">{message}</span>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={closeLabel}
          className="flex size-8 shrink-0 items-center justify-center rounded-full text-lg hover:bg-white/15"
        >
          ×
        </button>
      </div>
    </div>
  );
}
