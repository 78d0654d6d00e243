/**
 * The block-user modal (SPEC §2.6, §4 'Blocking'): asks to confirm, saying that the chats
 * and likes between the two are deleted and that neither will see the other any more.
 * Rendered while open; Esc, Cancel and the backdrop close it unless the block is under way.
 */
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '#src/ui/use-modal-dialog.ts';

interface Props {
  name: string;
  /** The block call is under way. */
  busy: boolean;
  /** The failure text of the last attempt. */
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

export default function BlockUserModal({ name, busy, error, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const close = () => {
    if (!busy) onClose();
  };
  const dialog = useModalDialog(ref, cancelRef, close);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      {...dialog}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-3xl bg-surface p-6 text-ink elevation-3 backdrop:bg-black/50"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {t('member_profile.block.title', { name })}
      </h2>
      <p id={`${id}-text`} className="mt-2 text-sm text-ink-muted">
        {t('member_profile.block.text', { name })}
      </p>
      <p className="mt-2 text-sm text-ink-muted">{t('member_profile.block.undo')}</p>
      {error && (
        <p role="alert" className="mt-3 text-sm font-semibold text-danger">
          {error}
        </p>
      )}
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button ref={cancelRef} type="button" className="btn btn-ghost" onClick={close} disabled={busy}>
          {t('common.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-outline border-danger text-danger hover:border-danger disabled:opacity-60"
          onClick={onConfirm}
          disabled={busy}
        >
          {busy ? t('member_profile.block.blocking') : t('member_profile.block.confirm')}
        </button>
      </div>
    </dialog>
  );
}
