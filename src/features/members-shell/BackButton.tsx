/** The installed app's Back button above the screen (rules in back-button.ts). */
import { useTranslation } from 'react-i18next';
import type { MembersRoute } from '#src/stores/router.ts';
import { mayLeave } from '#src/stores/router.ts';
import LineIcon from '#src/ui/LineIcon.tsx';
import { canGoBack, isInstalledApp, showsBackButton } from './back-button.ts';

export default function BackButton({ route }: { route: MembersRoute | null }) {
  const { t } = useTranslation();
  // Read on each route change (the route is what re-renders this).
  if (!showsBackButton({ route, installed: isInstalledApp(), canGoBack: canGoBack() })) return null;
  return (
    <button
      type="button"
      className="mb-3 -ml-2 flex min-h-10 items-center gap-1 rounded-full px-2 text-sm font-semibold text-ink-muted hover:bg-ink-soft hover:text-ink"
      onClick={() => {
        if (mayLeave()) window.history.back();
      }}
    >
      <LineIcon name="back" strokeWidth={2} />
      {t('common.back')}
    </button>
  );
}
