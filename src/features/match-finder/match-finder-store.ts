/**
 * The match finder's result (SPEC §2.7 'Match finder'): GET match-finder.php with the three
 * answers. `show(answers)` loads the result of those answers unless it is already shown or on
 * its way; only the newest request may write the state (answers can change while one is on
 * its way: Back, start again). States: idle (questions still open), loading, ready with the
 * profiles (empty: none found), error (retry with `reload`).
 */
import { atom, type ReadableAtom } from 'nanostores';
import { getMatchFinder, type MatchFinderAnswers } from '#src/contract/likes.ts';
import type { ProfileCard } from '#src/contract/members.ts';
import { environment } from '#src/stores/environment.ts';
import { pathFor } from './match-finder-rules.ts';

export type MatchFinderResult =
  | { status: 'idle' }
  | { status: 'loading'; answers: MatchFinderAnswers }
  | { status: 'ready'; answers: MatchFinderAnswers; profiles: readonly ProfileCard[] }
  | { status: 'error'; answers: MatchFinderAnswers };

export interface MatchFinderStore {
  $result: ReadableAtom<MatchFinderResult>;
  /** Shows the result of these answers (loads it unless shown or on its way). */
  show: (answers: MatchFinderAnswers) => Promise<void>;
  /** Loads the shown answers' result again (after an error). */
  reload: () => Promise<void>;
  /** Back to the questions: forgets the result. */
  clear: () => void;
}

const sameAnswers = (a: MatchFinderAnswers, b: MatchFinderAnswers) => pathFor(a) === pathFor(b);

export function createMatchFinderStore(): MatchFinderStore {
  const $result = atom<MatchFinderResult>({ status: 'idle' });
  let requestNumber = 0;

  async function load(answers: MatchFinderAnswers): Promise<void> {
    const number = ++requestNumber;
    $result.set({ status: 'loading', answers });
    try {
      const { profiles } = await environment().api.call(getMatchFinder, { query: answers });
      if (number === requestNumber) $result.set({ status: 'ready', answers, profiles });
    } catch {
      if (number === requestNumber) $result.set({ status: 'error', answers });
    }
  }

  return {
    $result,
    async show(answers) {
      const current = $result.get();
      if (current.status !== 'idle' && current.status !== 'error' && sameAnswers(current.answers, answers)) return;
      await load(answers);
    },
    async reload() {
      const current = $result.get();
      if (current.status !== 'idle') await load(current.answers);
    },
    clear() {
      requestNumber++;
      $result.set({ status: 'idle' });
    },
  };
}
