/** A form's outcome: an alert box, or one line under the fields. */
import type { ReactNode } from 'react';

export function Alert({ tone, children }: { tone: 'danger' | 'success' | 'info'; children: ReactNode }) {
  const colours = {
    danger: 'border-danger text-danger-ink',
    success: 'border-success text-ink',
    info: 'border-line text-ink',
  } as const;
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={`rounded-2xl border-2 bg-surface px-4 py-3 font-medium ${colours[tone]}`}
    >
      {children}
    </div>
  );
}

/** A form's outcome in one line under its fields: its error (an alert) or what it did (a status). */
export function FormMessage({
  tone,
  className,
  children,
}: {
  tone: 'danger' | 'success';
  className?: string;
  children: ReactNode;
}) {
  const colour = tone === 'danger' ? 'text-danger-ink' : 'text-success';
  return (
    <p role={tone === 'danger' ? 'alert' : 'status'} className={`text-sm font-semibold ${colour} ${className ?? ''}`}>
      {children}
    </p>
  );
}
