/**
 * The modal behaviour of the islands' dialogs (the pattern of the block-user modal): a native
 * <dialog> opened with showModal (a plain open dialog where the API is missing, as in tests),
 * the first action button focused, Escape (the dialog's cancel event) and a click on the
 * backdrop closing it. The component owns the refs; the hook returns the dialog's handlers.
 */
import { useEffect, type MouseEvent, type RefObject, type SyntheticEvent } from 'react';

interface DialogHandlers {
  onCancel: (event: SyntheticEvent<HTMLDialogElement>) => void;
  onClick: (event: MouseEvent<HTMLDialogElement>) => void;
}

export function useModalDialog(
  dialogRef: RefObject<HTMLDialogElement | null>,
  /** The button focused on opening. */
  firstButtonRef: RefObject<HTMLButtonElement | null>,
  onClose: () => void,
): DialogHandlers {
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    firstButtonRef.current?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, [dialogRef, firstButtonRef]);
  return {
    onCancel: (event) => {
      // The dialog closes by its parent unmounting it, not by itself.
      event.preventDefault();
      onClose();
    },
    onClick: (event) => {
      if (event.target === event.currentTarget) onClose();
    },
  };
}
