/**
 * The frame of the dismissible banners (b), (c) and (d) of SPEC §2.4: an alert box with a
 * title, a text, an optional action (a link or a button, full width on phones) and the
 * dismiss button (the close icon, 40 px, labelled 'Dismiss').
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
    <section
      aria-label={title}
      className={`flex gap-2 rounded-2xl border bg-surface-alt p-3 sm:gap-3 sm:p-4 ${TONES[tone]}`}
    >
      <div className="flex-1 sm:flex sm:items-center sm:gap-4">
        <div className="flex-1">
          <p className="font-bold">{title}</p>
          <p className="mt-1 text-sm text-ink-muted">{text}</p>
          {children}
        </div>
        {action && <div className="mt-3 sm:mt-0 sm:shrink-0">{action}</div>}
      </div>
      <CloseButton label={t('common.dismiss')} onClick={onDismiss} className="-mt-1 -mr-1 text-ink-muted" />
    </section>
  );
}
