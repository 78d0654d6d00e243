/**
 * `/members/{id}/chat` (route members-id-chat): opens the conversation with that member,
 * made when there is none, in this page's place (start-chat-store.ts). While asking it
 * shows a spinner; a failure shows the 'Error' toast for 5 s and offers to try again or go
 * back to the profile.
 */
import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import Spinner from '#src/ui/Spinner.tsx';
import LineIcon from '#src/ui/LineIcon.tsx';
import { createStartChat } from './start-chat-store.ts';
import CloseButton from '#src/ui/CloseButton.tsx';

export default function StartChat({ profile, hash }: { profile: string; hash: string }) {
  const { t } = useTranslation();
  const starter = useMemo(() => createStartChat(), []);
  const state = useStore(starter.$state);
  const toast = useStore(starter.$toast);
  useEffect(() => {
    void starter.start(profile, hash);
    return starter.stop;
    // The hash is read once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [starter, profile]);

  return (
    <div className="mx-auto max-w-md">
      {state === 'starting' ? (
        <Spinner label={t('chat.start.opening')} />
      ) : (
        <div className="flex flex-col items-center gap-4 p-8 text-center">
          <LineIcon name="alert" className="size-10 text-danger" />
          <p>{t('chat.start.error')}</p>
          <div className="flex flex-wrap justify-center gap-3">
            <button type="button" className="btn btn-primary" onClick={() => void starter.start(profile, hash)}>
              {t('chat.retry')}
            </button>
            <a href={`/members/${encodeURIComponent(profile)}`} className="btn btn-outline">
              {t('chat.start.profile')}
            </a>
          </div>
        </div>
      )}
      {toast && (
        <div
          role="alert"
          data-toast
          className="fixed inset-x-3 bottom-[max(1rem,env(safe-area-inset-bottom))] z-50 mx-auto flex max-w-sm items-start gap-3 rounded-2xl border-l-4 border-danger bg-surface p-4 elevation-3"
        >
          <div className="min-w-0 flex-1">
            <p className="font-bold text-danger">{t('errors.error')}</p>
            <p className="text-sm">{t('chat.start.error')}</p>
          </div>
          <CloseButton label={t('common.close')} onClick={starter.hideToast} small />
        </div>
      )}
    </div>
  );
}
