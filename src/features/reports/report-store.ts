/**
 * A report to the moderators (contract src/contract/reports.ts, docs/reports.md): the reason
 * the member picked, optional free text, and the one submit flow; done answers the report's
 * reference for the confirmation. One store per report dialog.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { postReport, type ReportReason, type ReportTarget } from '#src/contract/reports.ts';
import { environment } from '#src/stores/environment.ts';
import { CheckError } from '#src/stores/errors.ts';
import { createForm, type Form } from '#src/stores/form.ts';

export interface ReportStore {
  $reason: ReadableAtom<ReportReason | null>;
  $details: ReadableAtom<string>;
  /** The reference of the sent report (the confirmation), else null. */
  $reference: ReadableAtom<string | null>;
  setReason: (reason: ReportReason) => void;
  setDetails: (details: string) => void;
  form: Form<[], string>;
}

export function createReportStore(target: ReportTarget, id: string): ReportStore {
  const $reason = atom<ReportReason | null>(null);
  const $details = atom('');
  const $reference = atom<string | null>(null);
  const form = createForm(async () => {
    const reason = $reason.get();
    if (!reason) throw new CheckError('reports.reason_legend', 'reason');
    const details = $details.get().trim();
    const { reference } = await environment().api.call(postReport, {
      body: { target, id, reason, ...(details ? { details } : {}) },
    });
    $reference.set(reference);
    return reference;
  });
  return {
    $reason,
    $details,
    $reference,
    setReason: (reason) => $reason.set(reason),
    setDetails: (details) => $details.set(details),
    form,
  };
}
