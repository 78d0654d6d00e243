/** A loading state: a spinning ring (still with reduced motion) and what is loading. */
export default function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 p-12 text-ink-muted">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-line border-t-primary motion-reduce:animate-none"
      />
      {label}
    </div>
  );
}
