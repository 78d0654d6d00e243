/**
 * The swipe game's big card (SPEC §2.7 'Swipe game', 'Profile card'): the square match image,
 * name and age, the location fields the DTO carries, the language badge and the fictional
 * warning as profile cards show them. A tap opens the profile; dragging the card sideways past
 * the threshold (swipe-rules.ts) decides: right is Yes, left is No. The buttons below the card
 * stay the main way; the drag is a shortcut for touch and mouse.
 */
import { useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileCard } from '#src/contract/members.ts';
import type { Locale } from '#src/lib/locales.ts';
import FictionalNote from '../profile-card/FictionalNote.tsx';
import LanguageBadge from '../profile-card/LanguageBadge.tsx';
import NoPhoto from '../profile-card/NoPhoto.tsx';
import LineIcon from '#src/ui/LineIcon.tsx';
import { locationParts } from '../profile-card/profile-location.ts';
import { useRegions } from '../profile-card/use-regions.ts';
import { dragDecision, TAP_SLOP_PX, type Decision } from './swipe-rules.ts';

interface Props {
  card: ProfileCard;
  locale: Locale;
  onDecide: (decision: Decision) => void;
}

export default function SwipeCard({ card, locale, onDecide }: Props) {
  const { t } = useTranslation();
  const regions = useRegions(card.countryregion !== undefined);
  const location = locationParts(card, locale, regions).join(', ');
  const drag = useSwipeDrag(onDecide);
  const headingId = `swipe-card-${card.id}`;
  const tilt = drag.dx / 24;
  return (
    <article
      aria-labelledby={headingId}
      data-profile={card.id}
      className="card relative touch-pan-y overflow-hidden bg-surface select-none elevation-2 motion-safe:transition-transform"
      style={
        drag.dx === 0 ? undefined : { transform: `translateX(${drag.dx}px) rotate(${tilt}deg)`, transition: 'none' }
      }
      {...drag.handlers}
    >
      <a href={`/members/${encodeURIComponent(card.id)}`} draggable={false} className="block text-ink no-underline">
        {/* On a phone the photo leaves room for the name and the No / Yes bar in the first screen. */}
        <div className="relative aspect-square bg-ink-soft max-sm:max-h-[max(10rem,calc(100dvh-29rem))] max-sm:w-full">
          {card.main_image ? (
            <img
              src={card.main_image.match}
              alt={t('member_profile.card.photo_alt', { name: card.name })}
              draggable={false}
              decoding="async"
              className="size-full object-cover"
            />
          ) : (
            <NoPhoto iconClassName="size-24" />
          )}
          <div className="absolute top-3 left-3 flex flex-col items-start gap-1">
            <LanguageBadge
              profile={card}
              locale={locale}
              className="gap-1 bg-surface px-2.5 py-1 text-sm text-ink elevation-1"
            />
          </div>
          {card.type === 'fictional' && (
            <span
              title={t('fictional.warning')}
              className="absolute top-3 right-3 flex size-10 items-center justify-center rounded-full bg-warning text-ink elevation-1"
            >
              <LineIcon name="mask" className="size-6" />
            </span>
          )}
          <Stamp decision={drag.preview} />
        </div>
        <div className="p-4">
          <h2 id={headingId} className="truncate text-2xl font-bold">
            {card.name}, {card.age}
          </h2>
          {location && (
            <p className="mt-0.5 flex items-center gap-1 truncate text-ink-muted">
              <LineIcon name="pin" className="size-4 shrink-0" />
              {location}
            </p>
          )}
        </div>
      </a>
      {card.type === 'fictional' && <FictionalNote className="mx-4 mb-4" />}
    </article>
  );
}

/** The Yes / No stamp that shows while the card is dragged past the threshold. */
function Stamp({ decision }: { decision: Decision | null }) {
  const { t } = useTranslation();
  if (!decision) return null;
  return (
    <span
      aria-hidden="true"
      className={`absolute top-1/3 rounded-xl border-4 bg-surface/80 px-4 py-1 text-3xl font-extrabold uppercase ${
        decision === 'yes'
          ? 'left-6 -rotate-12 border-success text-success'
          : 'right-6 rotate-12 border-danger text-danger'
      }`}
    >
      {decision === 'yes' ? t('swipe.yes') : t('swipe.no')}
    </span>
  );
}

/**
 * Pointer drag of the card: horizontal movement past TAP_SLOP_PX is a drag (vertical scrolling
 * stays the browser's, `touch-pan-y`); released past the threshold it decides, otherwise the
 * card springs back. A drag never opens the profile link.
 */
function useSwipeDrag(onDecide: (decision: Decision) => void) {
  /** The drag under way: how far the card moved and how wide it is. */
  const [drag, setDrag] = useState<{ dx: number; width: number } | null>(null);
  /** Where the pointer went down; a drag starts once it moves sideways. */
  const start = useRef<{ x: number; y: number; width: number } | null>(null);
  /** The click that ends a drag must not follow the link. */
  const swallowClick = useRef(false);

  const reset = () => {
    start.current = null;
    setDrag(null);
  };

  const handlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      start.current = { x: event.clientX, y: event.clientY, width: event.currentTarget.offsetWidth };
      swallowClick.current = false;
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const from = start.current;
      if (!from) return;
      const dx = event.clientX - from.x;
      if (!swallowClick.current) {
        if (Math.abs(dx) < TAP_SLOP_PX || Math.abs(dx) < Math.abs(event.clientY - from.y)) return;
        swallowClick.current = true;
        try {
          event.currentTarget.setPointerCapture(event.pointerId);
        } catch {
          // Without pointer capture the drag still works while the pointer stays on the card.
        }
      }
      setDrag({ dx, width: from.width });
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const from = start.current;
      reset();
      if (!from || !swallowClick.current) return;
      const decision = dragDecision(event.clientX - from.x, from.width);
      if (decision) onDecide(decision);
    },
    onPointerCancel: reset,
    onClickCapture(event: MouseEvent<HTMLElement>) {
      if (!swallowClick.current) return;
      swallowClick.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };

  return {
    dx: drag?.dx ?? 0,
    preview: drag ? dragDecision(drag.dx, drag.width) : null,
    handlers,
  };
}
