/**
 * The delete-conversation modal (SPEC §2.6, §4 Conversations): asks to confirm. Deleting is
 * then optimistic (the conversation leaves the list at once, src/stores/chats.ts), so the
 * modal closes on confirm. Esc, Cancel and the backdrop close it.
 */
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useModalDialog } from '#src/ui/use-modal-dialog.ts';

interface Props {
  name: string;
  onConfirm: () => void;
  onClose: () => void;
}

export default function DeleteChatModal({ name, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(dialogRef, cancelRef, onClose);
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={dialog.onCancel}
      onClick={dialog.onClick}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-3xl bg-surface p-0 text-ink elevation-3 backdrop:bg-black/50"
    >
      <div className="p-6">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {t('chat.delete.title')}
        </h2>
        <p id={`${id}-text`} className="mt-2 text-sm text-ink-muted">
          {t('chat.delete.text', { name })}
        </p>
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <button ref={cancelRef} type="button" className="btn btn-ghost" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-outline border-danger text-danger hover:border-danger"
            onClick={onConfirm}
          >
            {t('chat.delete.confirm')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
