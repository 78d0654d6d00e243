/**
 * Banner (c) "Enable push notifications" (SPEC §2.4): dismissible, with a button that
 * subscribes this browser. Its own chunk (with the push store), loaded only where (c) may
 * show. Shown while pushBanner() allows it; after a refusal or a failure it stays to say
 * so until the member dismisses it.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { $push } from '#src/stores/push.ts';
import { FormMessage } from '#src/ui/alerts.tsx';
import { DismissibleBanner } from './DismissibleBanner.tsx';
import { $pushBannerAction, enablePush, readPushState } from './push-banner.ts';
import { pushBanner } from './rules.ts';

interface Props {
  route: string | null;
  dismissedAt: number | null;
  onDismiss: () => void;
}

export default function PushBanner({ route, dismissedAt, onDismiss }: Props) {
  const { t } = useTranslation();
  const push = useStore($push);
  const action = useStore($pushBannerAction);
  useEffect(() => {
    void readPushState();
  }, []);
  // Once the button was pressed the banner stays (no flicker while the browser asks) until
  // it ends subscribed.
  const pressed = action !== 'idle';
  if (dismissedAt !== null || (!pushBanner(push, route, dismissedAt) && !pressed)) return null;
  return (
    <DismissibleBanner
      tone="primary"
      title={t('banners.push.title')}
      text={t('banners.push.text')}
      onDismiss={onDismiss}
      action={
        action === 'refused' ? null : (
          <button
            type="button"
            className="btn btn-primary disabled:opacity-60"
            disabled={action === 'subscribing'}
            onClick={() => void enablePush()}
          >
            {t('banners.push.enable')}
          </button>
        )
      }
    >
      {action === 'refused' && (
        <FormMessage tone="danger" className="mt-2">
          {t('banners.push.refused')}
        </FormMessage>
      )}
      {action === 'failed' && (
        <FormMessage tone="danger" className="mt-2">
          {t('banners.push.failed')}
        </FormMessage>
      )}
    </DismissibleBanner>
  );
}
