/**
 * The dialog the like modal and the match modal share: a modal <dialog> titled 'It's a
 * Match' (useModalDialog: 'Send a message' focused, Escape and the backdrop close it),
 * described by the element its content marks with `textId`; below the content the chat
 * pal's fictional warning, 'Send a message' (opens the chat) and 'Keep browsing'.
 */
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileCard } from '#src/contract/members.ts';
import { navigate } from '#src/stores/router.ts';
import LineIcon from '#src/ui/LineIcon.tsx';
import FictionalNote from '../profile-card/FictionalNote.tsx';
import { useModalDialog } from '#src/ui/use-modal-dialog.ts';

interface Props {
  /** The other member: the chat it opens, the fictional warning of a chat pal. */
  profile: ProfileCard;
  onClose: () => void;
  /** Tailwind width of the dialog. */
  width: string;
  children: (textId: string) => ReactNode;
}

export default function MatchDialog({ profile, onClose, width, children }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const firstButtonRef = useRef<HTMLButtonElement>(null);
  const dialog = useModalDialog(dialogRef, firstButtonRef, onClose);
  const sendMessage = () => {
    navigate(`/members/${encodeURIComponent(profile.id)}/chat`);
    onClose();
  };
  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={dialog.onCancel}
      onClick={dialog.onClick}
      className={`m-auto ${width} rounded-3xl bg-surface p-0 text-center text-ink elevation-3 backdrop:bg-black/50`}
    >
      {/* The padding sits inside: a click on the dialog element itself is on the backdrop. */}
      <div className="p-6">
        <h2 id={`${id}-title`} className="text-2xl font-extrabold text-primary-ink">
          {t('likes.match.title')}
        </h2>
        {children(`${id}-text`)}
        {profile.type === 'fictional' && <FictionalNote className="mt-4" />}
        <div className="mt-5 flex flex-col gap-3">
          <button ref={firstButtonRef} type="button" className="btn btn-primary w-full" onClick={sendMessage}>
            <LineIcon name="mail" className="size-5" />
            {t('likes.match.send_message')}
          </button>
          <button type="button" className="btn btn-ghost w-full" onClick={onClose}>
            {t('likes.match.keep_browsing')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
