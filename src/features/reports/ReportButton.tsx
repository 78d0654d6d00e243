/**
 * A 'Report' button and its dialog (docs/reports.md): the reasons (fake, scam, harassment,
 * minor, explicit photo, other), optional free text, then the confirmation with the report's
 * reference. Used on member profiles, their photos and received chat messages.
 */
import { useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportTarget } from '#src/contract/reports.ts';
import LineIcon from '#src/ui/LineIcon.tsx';
import { useForm } from '#src/ui/use-form.ts';
import { useModalDialog } from '#src/ui/use-modal-dialog.ts';
import { createReportStore } from './report-store.ts';

const LABELS = { profile: 'reports.button', photo: 'reports.report_photo', message: 'reports.report_message' } as const;
const TITLES = {
  profile: 'reports.title_profile',
  photo: 'reports.title_photo',
  message: 'reports.title_message',
} as const;

export default function ReportButton({
  target,
  id,
  className = 'btn btn-ghost',
}: {
  target: ReportTarget;
  id: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} data-report={target}>
        <LineIcon name="alert" className="size-4" />
        {t(LABELS[target])}
      </button>
      {open && <ReportDialog target={target} id={id} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReportDialog({ target, id, onClose }: { target: ReportTarget; id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [store] = useState(() => createReportStore(target, id));
  const reason = useStore(store.$reason);
  const details = useStore(store.$details);
  const reference = useStore(store.$reference);
  const { busy, error } = useForm(store.form);
  const ref = useRef<HTMLDialogElement>(null);
  // No button takes the focus on opening: the dialog's first field (a reason) does.
  const noButton = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const close = () => {
    if (!busy) onClose();
  };
  const dialog = useModalDialog(ref, noButton, close);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${labelId}-title`}
      {...dialog}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-3xl bg-surface p-6 text-ink elevation-3 backdrop:bg-black/50"
    >
      <h2 id={`${labelId}-title`} className="text-lg font-bold">
        {t(TITLES[target])}
      </h2>
      {reference ? (
        <>
          <p role="status" className="mt-3">
            {t('reports.done', { reference })}
          </p>
          <div className="mt-5 flex justify-end">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              {t('reports.close')}
            </button>
          </div>
        </>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void store.form.submit();
          }}
        >
          <fieldset disabled={busy} className="mt-3">
            <legend className="font-semibold">{t('reports.reason_legend')}</legend>
            <div className="mt-2 flex flex-col gap-1">
              {REPORT_REASONS.map((value) => (
                <label
                  key={value}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 hover:bg-ink-soft"
                >
                  <input
                    type="radio"
                    name="reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => store.setReason(value)}
                    className="size-5 accent-[var(--site-primary)]"
                  />
                  {t(`reports.reasons.${value}`)}
                </label>
              ))}
            </div>
            <label htmlFor={`${labelId}-details`} className="mt-3 block text-sm font-semibold">
              {t('reports.details')}
            </label>
            <textarea
              id={`${labelId}-details`}
              rows={3}
              maxLength={REPORT_DETAILS_MAX}
              value={details}
              onChange={(event) => store.setDetails(event.target.value)}
              className="mt-1 block w-full rounded-xl border border-line bg-surface p-3 text-ink"
            />
          </fieldset>
          {error && (
            <p role="alert" className="mt-3 text-sm font-semibold text-danger">
              {error}
            </p>
          )}
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <button type="button" className="btn btn-ghost" onClick={close} disabled={busy}>
              {t('reports.cancel')}
            </button>
            <button type="submit" className="btn btn-primary disabled:opacity-60" disabled={busy || reason === null}>
              {busy ? t('reports.sending') : t('reports.submit')}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
