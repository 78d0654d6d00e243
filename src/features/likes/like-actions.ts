/**
 * The like and unlike buttons of the likes page as one form (src/stores/form.ts): one
 * action at a time, its error in the member's language (over the daily limit the server's
 * text with the hours to wait). `$actingOn` is the profile whose button is busy.
 */
import { atom, type ReadableAtom } from 'nanostores';
import type { ProfileCard } from '#src/contract/members.ts';
import { createForm, type Form } from '#src/stores/form.ts';
import { likeProfile, unlikeProfile } from '#src/stores/likes.ts';

export type LikeAction = 'like' | 'unlike';

export interface LikeActions {
  /** Resolves to the profile when a like made a match, else null. */
  form: Form<[card: ProfileCard, action: LikeAction], ProfileCard | null>;
  $actingOn: ReadableAtom<string | null>;
}

export function createLikeActions(): LikeActions {
  const $actingOn = atom<string | null>(null);
  const form = createForm(
    async (card: ProfileCard, action: LikeAction) => {
      $actingOn.set(card.id);
      try {
        if (action === 'unlike') {
          await unlikeProfile(card.id);
          return null;
        }
        const answer = await likeProfile(card.id);
        return answer.match ? answer.profile : null;
      } finally {
        $actingOn.set(null);
      }
    },
    { repeatable: true },
  );
  return { form, $actingOn };
}
