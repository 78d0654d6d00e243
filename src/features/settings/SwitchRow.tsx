/** One labelled on/off switch of the settings screen, with an optional line that explains it. */
import { useId } from 'react';

export default function SwitchRow({
  label,
  text,
  on,
  disabled,
  onChange,
}: {
  label: string;
  text?: string;
  on: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="py-3">
      <label className="flex min-h-11 cursor-pointer items-center justify-between gap-4">
        <span className="font-semibold">{label}</span>
        <input
          type="checkbox"
          role="switch"
          checked={on}
          disabled={disabled}
          {...(text ? { 'aria-describedby': `${id}-text` } : {})}
          onChange={(event) => onChange(event.target.checked)}
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className="relative h-7 w-12 shrink-0 rounded-full bg-line transition-colors peer-checked:bg-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary-ink peer-disabled:opacity-60 after:absolute after:top-0.5 after:left-0.5 after:size-6 after:rounded-full after:bg-white after:elevation-1 after:transition-transform peer-checked:after:translate-x-5"
        />
      </label>
      {text && (
        <p id={`${id}-text`} className="mt-1 text-sm text-ink-muted">
          {text}
        </p>
      )}
    </div>
  );
}
