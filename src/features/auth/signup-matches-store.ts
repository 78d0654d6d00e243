/**
 * /signup-matches (SPEC §2.1): whom the visitor is looking for, then a few matching profiles
 * of the site as teasers (GET /api/teasers.php: name, age, city), then the signup flow with
 * the choice filled in. One store per island (`createSignupMatchesStore`); the teasers load
 * through a form (src/stores/form.ts), whose failure the screen shows as 'could not load'.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { getTeasers, type Teaser } from '#src/contract/profile.ts';
import { AGE_RANGES, type Gender } from '#src/lib/constants.ts';
import { environment } from '#src/stores/environment.ts';
import { createForm, type Form } from '#src/stores/form.ts';
import { checkSignupsOpen, startSignup } from './signup-store.ts';

export type AgeRangeKey = (typeof AGE_RANGES)[number]['key'];

/** The visitor's choice: their gender, whom they seek, and the age range of the teasers. */
export interface MatchChoice {
  gender: Gender;
  seeking: Gender;
  age: AgeRangeKey;
}

export type MatchesPhase = { name: 'choose' } | { name: 'teasers'; choice: MatchChoice } | { name: 'form' };

/** The teasers' query: whom the visitor seeks, within the age range. */
export function teaserQuery(choice: MatchChoice): { gender: Gender; min_age?: number; max_age?: number } {
  const range = AGE_RANGES.find((r) => r.key === choice.age);
  return {
    gender: choice.seeking,
    ...(range?.min != null ? { min_age: range.min } : {}),
    ...(range?.max != null ? { max_age: range.max } : {}),
  };
}

export interface SignupMatchesStore {
  $phase: ReadableAtom<MatchesPhase>;
  /** The teasers of the choice, once loaded. */
  $teasers: ReadableAtom<Teaser[]>;
  /** 'Show matches': the teasers of the choice (once; the page offers no way back). */
  teasersForm: Form<[choice: MatchChoice], void>;
  /** The signup flow, with the chosen gender and 'looking for' filled in. */
  startForm: (embeddedSiteEntryWarning: boolean) => void;
}

export function createSignupMatchesStore(): SignupMatchesStore {
  const $phase = atom<MatchesPhase>({ name: 'choose' });
  const $teasers = atom<Teaser[]>([]);
  return {
    $phase,
    $teasers,
    teasersForm: createForm(async (choice: MatchChoice) => {
      $phase.set({ name: 'teasers', choice });
      const { profiles } = await environment().api.call(getTeasers, { query: teaserQuery(choice) });
      $teasers.set(profiles);
    }),
    startForm(embeddedSiteEntryWarning) {
      const phase = $phase.get();
      if (phase.name !== 'teasers') return;
      const { gender, seeking } = phase.choice;
      startSignup({ embeddedSiteEntryWarning, prefill: { gender, seeking } });
      void checkSignupsOpen();
      $phase.set({ name: 'form' });
    },
  };
}
