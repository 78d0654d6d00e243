/**
 * A grid of search results (SPEC §2.7, §9 'Default card columns' 2/3/4): profile cards with
 * the envelope button (design version 2), and the webcam and ad cards mixed in by
 * mixWebcamCards. A list, so screen readers announce how many there are. The webcam card is
 * a chunk of its own: only members who get cams download it (docs/decisions.md "Members app:
 * JavaScript a member downloads"); until it is there its place is an empty card of its size.
 */
import { lazy, Suspense } from 'react';
import type { CamEntry } from '#src/contract/cams.ts';
import type { ProfileCard as ProfileCardDto } from '#src/contract/members.ts';
import { DEFAULT_CARD_COLUMNS } from '#src/lib/constants.ts';
import type { SearchItem } from '#src/lib/webcam.ts';
import ProfileCard from '../profile-card/ProfileCard.tsx';

const WebcamCard = lazy(() => import('./WebcamCard.tsx'));

/** Columns on phones, from `sm` and from `lg`. */
export type CardColumns = readonly [number, number, number];

// Whole class names, so Tailwind finds them in the source.
const BASE = ['grid-cols-1', 'grid-cols-1', 'grid-cols-2', 'grid-cols-3', 'grid-cols-4', 'grid-cols-5', 'grid-cols-6'];
const SM = [
  'sm:grid-cols-1',
  'sm:grid-cols-1',
  'sm:grid-cols-2',
  'sm:grid-cols-3',
  'sm:grid-cols-4',
  'sm:grid-cols-5',
  'sm:grid-cols-6',
];
const LG = [
  'lg:grid-cols-1',
  'lg:grid-cols-1',
  'lg:grid-cols-2',
  'lg:grid-cols-3',
  'lg:grid-cols-4',
  'lg:grid-cols-5',
  'lg:grid-cols-6',
];

/** The grid classes of a column setting (1 to 6 per breakpoint). */
export function gridColumnClasses(columns: CardColumns = DEFAULT_CARD_COLUMNS): string {
  const pick = (list: string[], n: number) => list[Math.min(Math.max(Math.round(n), 1), 6)] ?? '';
  return `${pick(BASE, columns[0])} ${pick(SM, columns[1])} ${pick(LG, columns[2])}`;
}

interface Props {
  items: readonly SearchItem<ProfileCardDto, CamEntry>[];
  locale: string;
  columns?: CardColumns | undefined;
  /** How many leading cards load their image at once (the first screenful). */
  eager?: number;
  label?: string;
}

export default function ResultsGrid({ items, locale, columns, eager = 0, label }: Props) {
  return (
    <ul aria-label={label} className={`grid gap-3 sm:gap-4 ${gridColumnClasses(columns)}`}>
      {items.map((item, index) => (
        <li key={keyOf(item, index)} className="min-w-0">
          {item.kind === 'profile' ? (
            <ProfileCard card={item.profile} locale={locale} eager={index < eager} />
          ) : (
            <Suspense fallback={<div aria-hidden="true" className="card aspect-[3/4]" />}>
              {item.kind === 'cam' ? (
                <WebcamCard kind="cam" cam={item.cam} eager={index < eager} />
              ) : (
                <WebcamCard kind="ad" />
              )}
            </Suspense>
          )}
        </li>
      ))}
    </ul>
  );
}

function keyOf(item: SearchItem<ProfileCardDto, CamEntry>, index: number): string {
  if (item.kind === 'profile') return `p-${item.profile.id}`;
  if (item.kind === 'cam') return `c-${item.cam.account}`;
  return `ad-${index}`;
}
