/**
 * The time bonus in the members area (SPEC §2.4 (e), §2.6 'Time-bonus modal'): the top banner
 * with the countdown while the bonus is visible, and the modal that opens 40 s after entering
 * (rules in time-bonus-modal-store.ts). Both link to the credits page. The members island
 * loads this chunk only for members who may have a time bonus (mayHaveTimeBonus).
 */
import { useEffect, useId, useMemo, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from 'react-i18next';
import { TIME_BONUS_WINDOW_SECONDS } from '#src/lib/constants.ts';
import { $timeBonus, type TimeBonus as Bonus } from '#src/stores/time-bonus.ts';
import { useModalDialog } from '#src/ui/use-modal-dialog.ts';
import LineIcon from '#src/ui/LineIcon.tsx';
import { createTimeBonusModalStore, type TimeBonusModalStore } from './time-bonus-modal-store.ts';
import CloseButton from '#src/ui/CloseButton.tsx';

export default function TimeBonus() {
  const bonus = useStore($timeBonus);
  const modal = useMemo(() => createTimeBonusModalStore(), []);
  useEffect(() => {
    modal.enter();
    return modal.leave;
  }, [modal]);
  const open = useStore(modal.$open);
  if (!bonus?.isVisible) return null;
  return (
    <>
      <TimeBonusBanner bonus={bonus} />
      {open && <TimeBonusModal bonus={bonus} modal={modal} />}
    </>
  );
}

const percentOf = (bonus: Bonus) => Number(bonus.value_percentage);

function Countdown({ bonus, className }: { bonus: Bonus; className: string }) {
  const { t } = useTranslation();
  const { hours, minutes, seconds } = bonus.countdownTimer;
  const time = `${hours}:${minutes}:${seconds}`;
  return (
    <span role="timer" aria-label={t('time_bonus.countdown_label', { time })} className={`tabular-nums ${className}`}>
      {time}
    </span>
  );
}

export function TimeBonusBanner({ bonus }: { bonus: Bonus }) {
  const { t } = useTranslation();
  return (
    // One compact line on phones (the text takes two lines at most), so the screen stays in view.
    <div data-banner className="bg-unread text-on-unread">
      <div className="mx-auto flex max-w-6xl items-center gap-x-2 px-4 py-1 text-sm sm:flex-wrap sm:gap-x-3 sm:gap-y-2 sm:px-6 sm:py-2">
        <LineIcon name="sparkle" className="hidden size-5 shrink-0 min-[380px]:block" />
        <p className="line-clamp-2 min-w-0 flex-1 leading-tight font-semibold sm:line-clamp-none sm:min-w-48 sm:leading-normal">
          {t('time_bonus.banner', { percent: percentOf(bonus) })}
        </p>
        <Countdown bonus={bonus} className="shrink-0 rounded-lg bg-black/20 px-2 py-0.5 font-bold" />
        <a href="/credits" className="btn btn-light shrink-0 px-3 text-sm sm:px-4">
          {t('time_bonus.banner_cta')}
        </a>
      </div>
    </div>
  );
}

export function TimeBonusModal({ bonus, modal }: { bonus: Bonus; modal: TimeBonusModalStore }) {
  const { t } = useTranslation();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const dismiss = () => modal.dismiss();
  const dialog = useModalDialog(dialogRef, closeRef, dismiss);
  const percent = percentOf(bonus);
  return (
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      onCancel={dialog.onCancel}
      onClick={dialog.onClick}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-3xl bg-surface p-0 text-center text-ink elevation-3 backdrop:bg-black/50"
    >
      <div className="relative p-6">
        <CloseButton
          buttonRef={closeRef}
          label={t('common.close')}
          onClick={dismiss}
          className="absolute end-3 top-3 text-ink-muted"
        />
        <p className="inline-flex items-center gap-1.5 rounded-xl bg-unread px-3 py-1 text-sm font-bold text-on-unread">
          <LineIcon name="sparkle" className="size-4" />
          {t('time_bonus.special_offer')}
        </p>
        <h2 id={`${id}-title`} className="mt-4 text-2xl font-extrabold text-primary-ink">
          {t('time_bonus.title')}
        </h2>
        <p className="mt-2 text-lg font-bold">{t('time_bonus.welcome_bonus', { percent })}</p>
        <p className="mt-3 text-sm text-ink-muted">
          {t('time_bonus.act_fast', {
            hours: t('time_bonus.hours', { count: TIME_BONUS_WINDOW_SECONDS / 3600 }),
          })}
        </p>
        <p className="mt-4 text-sm font-medium">{t('time_bonus.offer_valid')}</p>
        <Countdown bonus={bonus} className="mt-1 block text-3xl font-extrabold text-unread" />
        <a href="/credits" onClick={dismiss} className="btn btn-primary mt-5 w-full">
          {t('time_bonus.unlock_cta', { percent })}
        </a>
        <p className="mt-3 text-xs text-ink-muted">{t('time_bonus.instant_recieve')}</p>
      </div>
    </dialog>
  );
}
