/**
 * The frame of the dismissible banners (b), (c) and (d) of SPEC §2.4: an alert box with a
 * title, a text, an optional action (a link or a button) and the dismiss button (the close
 * icon, 40 px, labelled 'Dismiss'). On phones it is one compact line: the text is read to
 * screen readers and shown from the sm breakpoint.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import CloseButton from '#src/ui/CloseButton.tsx';

const TONES = {
  primary: 'border-primary',
  danger: 'border-danger',
} as const;

interface Props {
  tone: keyof typeof TONES;
  title: string;
  text: string;
  action?: ReactNode;
  onDismiss: () => void;
  /** Messages under the text (an action's outcome). */
  children?: ReactNode;
}

export function DismissibleBanner({ tone, title, text, action, onDismiss, children }: Props) {
  const { t } = useTranslation();
  return (
    // On phones one compact line (title, action, ×), so a newcomer's first screen keeps its
    // swipe card and search results; the text is there for screen readers, shown from sm up.
    <section
      aria-label={title}
      data-banner
      className={`flex items-center gap-2 rounded-2xl border bg-surface-alt py-1 ps-3 pe-1 sm:items-start sm:gap-3 sm:p-4 ${TONES[tone]}`}
    >
      <div className="flex min-w-0 flex-1 items-center gap-2 sm:gap-4">
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 text-sm leading-tight font-bold sm:line-clamp-none sm:text-base sm:leading-normal">
            {title}
          </p>
          <p className="sr-only text-sm text-ink-muted sm:not-sr-only sm:mt-1">{text}</p>
          {children}
        </div>
        {action && (
          <div className="max-w-[55%] shrink-0 max-sm:[&_.btn]:px-3 max-sm:[&_.btn]:py-1 max-sm:[&_.btn]:text-sm">
            {action}
          </div>
        )}
      </div>
      <CloseButton label={t('common.dismiss')} onClick={onDismiss} className="text-ink-muted sm:-mt-1 sm:-mr-1" />
    </section>
  );
}
