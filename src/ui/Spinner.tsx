/**
 * The one loading indicator: a spinning ring (still with reduced motion).
 * - `page` (default): a screen still loading, ring and what is loading.
 * - `large`: a step the member waits for (sending, checking a link), the label in bold.
 * - `inline`: only the ring, inside a button whose own text or label says what is busy.
 */
type SpinnerProps =
  | { variant?: 'page' | 'large'; label: string }
  | { variant: 'inline'; /** Ring size and width, e.g. 'size-5'; default 'size-4'. */ size?: 'size-4' | 'size-5' };

const ring = 'animate-spin rounded-full border-line border-t-primary motion-reduce:animate-none';

export default function Spinner(props: SpinnerProps) {
  if (props.variant === 'inline') {
    return <span aria-hidden="true" className={`${props.size ?? 'size-4'} border-2 ${ring}`} />;
  }
  if (props.variant === 'large') {
    return (
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-4 py-10 text-center">
        <span aria-hidden="true" className={`size-10 border-4 ${ring}`} />
        <p className="font-semibold">{props.label}</p>
      </div>
    );
  }
  return (
    <div role="status" className="flex flex-col items-center gap-3 p-12 text-ink-muted">
      <span aria-hidden="true" className={`size-8 border-4 ${ring}`} />
      {props.label}
    </div>
  );
}
