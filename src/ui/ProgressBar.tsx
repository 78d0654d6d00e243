/** The one progress bar: how far along a step or an upload is, with its accessible name. */
export default function ProgressBar({
  label,
  value,
  min = 0,
  max = 100,
  className = 'h-2 bg-surface-alt',
}: {
  /** What progresses, read by screen readers (e.g. 'Question 2 of 5'). */
  label: string;
  value: number;
  min?: number;
  max?: number;
  /** Height and track colour of the bar (and its margin), e.g. 'h-1.5 bg-surface-alt'. */
  className?: string;
}) {
  const percent = max > 0 ? (value / max) * 100 : 0;
  return (
    <div
      className={`overflow-hidden rounded-full ${className}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={value}
    >
      <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
