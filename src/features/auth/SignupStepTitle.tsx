/** The title every signup step starts with, and the focus that follows the step. */
import { useEffect, type ReactNode } from 'react';

/** The step's heading; `id` names the signup dialog (SignupShell) and takes the focus. */
export function StepTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h1 id={id} tabIndex={-1} className="text-2xl font-extrabold tracking-tight outline-none sm:text-3xl">
      {children}
    </h1>
  );
}

/** Moves focus to the step title when the step changes, so screen readers follow. */
export function useFocusTitle(titleId: string, key: string) {
  useEffect(() => {
    document.getElementById(titleId)?.focus();
  }, [titleId, key]);
}
